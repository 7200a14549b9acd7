// Unit tests of the page's accessibility helpers (Sources/SlamDaemon/Resources/web/a11y.js):
// roles and names from a snapshot, and the keys of the ARIA Authoring Practices as presses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessibleOf, controlName, dateSpinPresses, gridRows, headingLevel, movedChoice, spinPresses, viewRole,
} from '../../../../Sources/SlamDaemon/Resources/web/a11y.js';

test('a snapshot that carries its role and name is taken at its word', () => {
  assert.deepEqual(accessibleOf({ type: 'Switch', ref: 'wifi', role: 'switch', name: 'Wi-Fi', isOn: true }),
    { role: 'switch', name: 'Wi-Fi', description: '' });
  assert.deepEqual(accessibleOf({ type: 'Label', role: 'heading', name: 'Counter', level: 1, description: 'Big' }),
    { role: 'heading', name: 'Counter', description: 'Big' });
  // An empty name is the daemon's answer too (the app gave the element none).
  assert.equal(accessibleOf({ type: 'Stepper', role: 'spinbutton', name: '', label: 'ignored' }).name, '');
});

test('a snapshot without them is a generic element with no name', () => {
  assert.deepEqual(accessibleOf({ type: 'TodoRowView', ref: 't1' }), { role: 'generic', name: '', description: '' });
});

test('a control is never left without a name: its reference, else its type', () => {
  assert.equal(controlName({ type: 'Switch', ref: 'wifi', role: 'switch', name: 'Wi-Fi' }), 'Wi-Fi');
  assert.equal(controlName({ type: 'Switch', ref: 'wifi', role: 'switch', name: '' }), 'wifi');
  assert.equal(controlName({ type: 'Switch' }), 'Switch');
});

test('headings and named views', () => {
  assert.equal(headingLevel({ type: 'Label', role: 'heading', name: 'Counter', level: 1 }), 1);
  assert.equal(headingLevel({ type: 'Label', role: 'heading', name: 'Counter', level: 9 }), 2);
  assert.equal(headingLevel({ type: 'Label', role: 'paragraph', name: 'Count: 0' }), 0);
  assert.deepEqual(viewRole({ type: 'View', role: 'region', name: 'Counter' }), { role: 'region', name: 'Counter' });
  assert.deepEqual(viewRole({ type: 'View', role: 'group', name: '' }), { role: 'generic', name: '' });
  assert.deepEqual(viewRole({ type: 'View', ref: 'root' }), { role: 'generic', name: '' });
});

test('a spinbutton key is presses of its Stepper, never past its limits', () => {
  const volume = { type: 'Stepper', value: 5, minimumValue: 0, maximumValue: 10, stepValue: 1 };
  assert.deepEqual(spinPresses('ArrowUp', volume), { press: 'increment', count: 1 });
  assert.deepEqual(spinPresses('ArrowDown', volume), { press: 'decrement', count: 1 });
  assert.deepEqual(spinPresses('Home', volume), { press: 'decrement', count: 5 });
  assert.deepEqual(spinPresses('End', volume), { press: 'increment', count: 5 });
  assert.deepEqual(spinPresses('PageUp', volume), { press: 'increment', count: 5 });
  assert.deepEqual(spinPresses('PageDown', { ...volume, value: 0, maximumValue: 100 }), { press: 'decrement', count: 0 });
  assert.deepEqual(spinPresses('PageUp', { ...volume, maximumValue: 100 }), { press: 'increment', count: 10 });
  assert.deepEqual(spinPresses('End', { ...volume, value: 0.5, stepValue: 0.25, maximumValue: 1 }), { press: 'increment', count: 2 });
  assert.deepEqual(spinPresses('ArrowUp', { ...volume, value: 10 }), { press: 'increment', count: 0 });
  assert.equal(spinPresses('a', volume), null);
  // Without limits Home and End have nowhere to go.
  assert.deepEqual(spinPresses('Home', { type: 'Stepper', value: 3 }), { press: 'decrement', count: 0 });
});

test('a radio group goes round, a slider stops at its ends', () => {
  assert.equal(movedChoice('ArrowRight', 2, 3, true), 0);
  assert.equal(movedChoice('ArrowLeft', 0, 3, true), 2);
  assert.equal(movedChoice('ArrowDown', 0, 3, true), 1);
  assert.equal(movedChoice('ArrowRight', 2, 3, false), 2);
  assert.equal(movedChoice('ArrowLeft', 0, 3, false), 0);
  assert.equal(movedChoice('End', 0, 3, false), 2);
  assert.equal(movedChoice('Home', 2, 3, false), 0);
  assert.equal(movedChoice('ArrowRight', -1, 3, true), 0, 'nothing selected: the first');
  assert.equal(movedChoice('ArrowLeft', undefined, 3, true), 2, 'nothing selected, backwards: the last');
  assert.equal(movedChoice('Enter', 1, 3, true), null);
  assert.equal(movedChoice('ArrowRight', 0, 0, true), null);
});

test('a grid section is split into rows of its columns', () => {
  assert.deepEqual(gridRows([1, 2, 3, 4, 5], 3), [[1, 2, 3], [4, 5]]);
  assert.deepEqual(gridRows([], 3), []);
  assert.deepEqual(gridRows([1, 2], 0), [[1], [2]]);
});

test("a date picker spin button's keys: a step, a page of steps, never past its bounds", () => {
  const day = 86400;
  const at = (value, min = null, max = null) => ({ value, min, max, step: day, page: 7 });
  assert.deepEqual(dateSpinPresses('ArrowUp', at(10 * day)), { press: 'increment', count: 1 });
  assert.deepEqual(dateSpinPresses('ArrowDown', at(10 * day)), { press: 'decrement', count: 1 });
  assert.deepEqual(dateSpinPresses('PageUp', at(10 * day)), { press: 'increment', count: 7 });
  assert.deepEqual(dateSpinPresses('PageDown', at(10 * day, 7 * day)), { press: 'decrement', count: 3 });
  assert.deepEqual(dateSpinPresses('ArrowUp', at(10 * day, null, 10 * day)), { press: 'increment', count: 0 });
  // A value with seconds steps to a bound it does not lie on (the daemon stops there).
  assert.deepEqual(dateSpinPresses('PageUp', at(10 * day, null, 12 * day + 30)), { press: 'increment', count: 3 });
  // Left, Right, Home and End edit the field's text.
  for (const key of ['ArrowLeft', 'ArrowRight', 'Home', 'End', '5']) assert.equal(dateSpinPresses(key, at(0)), null);
});
