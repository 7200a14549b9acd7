// Unit tests of the renderer's pure helpers (Sources/SlamDaemon/Resources/web/render.js):
// DatePicker values to and from the browser's date inputs (always UTC, never the
// browser's time zone), and the sections of tables and collections as storyboards write them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  dateInputType, parseISO, toInputValue, fromInputValue, sectionsOf, FOCUSABLE_TYPES,
} from '../../../../Sources/SlamDaemon/Resources/web/render.js';

test('each DatePicker mode is edited by its input type', () => {
  assert.equal(dateInputType('date'), 'date');
  assert.equal(dateInputType('time'), 'time');
  assert.equal(dateInputType('dateAndTime'), 'datetime-local');
  assert.equal(dateInputType(undefined), 'date');
});

test('server values become input values: the UTC wall clock', () => {
  assert.equal(toInputValue('date', '2026-11-23'), '2026-11-23');
  assert.equal(toInputValue('time', '14:30:00'), '14:30:00');
  assert.equal(toInputValue('dateAndTime', '2026-11-23T14:30:00Z'), '2026-11-23T14:30:00');
  // Offsets are converted to UTC; no offset is UTC; fractions are dropped.
  assert.equal(toInputValue('dateAndTime', '2026-11-23T16:30:00+02:00'), '2026-11-23T14:30:00');
  assert.equal(toInputValue('dateAndTime', '2026-11-23T23:30-01:00'), '2026-11-24T00:30:00');
  assert.equal(toInputValue('dateAndTime', '2026-11-23T14:30:00.750'), '2026-11-23T14:30:00');
  assert.equal(toInputValue('time', '00:15:00+01:00'), '23:15:00');
  // In date mode a time part is dropped; in time mode a date part is.
  assert.equal(toInputValue('date', '2026-11-23T14:30:00Z'), '2026-11-23');
  assert.equal(toInputValue('time', '2026-11-23T14:30:05Z'), '14:30:05');
  // Nothing to show.
  assert.equal(toInputValue('date', null), '');
  assert.equal(toInputValue('date', 'soon'), '');
  assert.equal(toInputValue('date', '14:30:00'), '');
});

test('input values become the ISO strings a press takes', () => {
  assert.equal(fromInputValue('date', '2026-11-23'), '2026-11-23');
  assert.equal(fromInputValue('time', '14:30'), '14:30:00');
  assert.equal(fromInputValue('time', '14:30:05'), '14:30:05');
  assert.equal(fromInputValue('time', '14:30:05.250'), '14:30:05');
  assert.equal(fromInputValue('dateAndTime', '2026-11-23T14:30'), '2026-11-23T14:30:00Z');
  assert.equal(fromInputValue('dateAndTime', '2026-11-23T14:30:59'), '2026-11-23T14:30:59Z');
  // Half-typed or cleared inputs send nothing.
  assert.equal(fromInputValue('date', ''), '');
  assert.equal(fromInputValue('dateAndTime', '2026-11-23'), '');
  assert.equal(fromInputValue('time', '7:3'), '');
});

test('a round trip never moves a value, whatever the process time zone', () => {
  const before = process.env.TZ;
  for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham']) {
    process.env.TZ = zone;
    for (const value of ['2026-11-23T14:30:00Z', '2026-03-29T01:30:00Z', '2026-10-25T00:59:59Z', '0900-01-01T00:00:00Z']) {
      assert.equal(fromInputValue('dateAndTime', toInputValue('dateAndTime', value)), value, `${value} in ${zone}`);
    }
    assert.equal(fromInputValue('date', toInputValue('date', '2026-12-31')), '2026-12-31');
    assert.equal(fromInputValue('time', toInputValue('time', '23:59:00')), '23:59:00');
  }
  if (before === undefined) delete process.env.TZ; else process.env.TZ = before;
});

test('ISO parts', () => {
  assert.deepEqual(parseISO('2026-11-23T14:30:00Z'), { year: 2026, month: 11, day: 23, hour: 14, minute: 30, second: 0 });
  assert.deepEqual(parseISO('2026-11-23'), { year: 2026, month: 11, day: 23, hour: 0, minute: 0, second: 0 });
  assert.deepEqual(parseISO('08:05'), { hour: 8, minute: 5, second: 0 });
  assert.equal(parseISO(42), null);
});

test('sections are made regular: plain strings, missing headers and details', () => {
  assert.deepEqual(sectionsOf({ sections: [{ rows: ['Milk', { text: 'Eggs', detail: '6' }] }, { header: 'More', rows: [] }] }, 'rows'), [
    { header: null, rows: [{ text: 'Milk', detail: null }, { text: 'Eggs', detail: '6' }] },
    { header: 'More', rows: [] },
  ]);
  assert.deepEqual(sectionsOf({ sections: [{ header: 'Summer', items: ['Beach', { key: 'h', text: 'Hills' }, { text: 'Lake' }] }] }, 'items'), [
    { header: 'Summer', items: [{ key: 'Beach', text: 'Beach' }, { key: 'h', text: 'Hills' }, { key: 'Lake', text: 'Lake' }] },
  ]);
  assert.deepEqual(sectionsOf({}, 'rows'), []);
});

test('the focusable types are the element declarations\' (Protocol/elements.json)', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../../../Protocol/elements.json', import.meta.url), 'utf8'));
  const focusable = manifest.types.filter((type) => type.focusable).map((type) => type.type);
  assert.deepEqual([...FOCUSABLE_TYPES].sort(), focusable.sort());
  assert.ok(!FOCUSABLE_TYPES.has('Label'));
  assert.ok(!FOCUSABLE_TYPES.has('Alert'));
});
