// Unit tests of the inspector's recorder (Sources/SlamDaemon/Resources/web/recorder.js): action events
// become the very steps `slamctl record` writes (Protocol/examples/recorded-flow.json holds both sides).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FlowSteps, stepSummary } from '../../../../Sources/SlamDaemon/Resources/web/recorder.js';

const cases = JSON.parse(readFileSync(new URL('../../../../Protocol/examples/recorded-flow.json', import.meta.url), 'utf8'));

test('action events become the steps slamctl record writes', () => {
  const flow = new FlowSteps();
  for (const action of cases.actions) flow.record(action);
  assert.deepEqual(flow.steps, cases.steps);
});

test('the flow file parses back to the same steps, one per line', () => {
  const flow = new FlowSteps();
  for (const action of cases.actions) flow.record(action);
  const text = flow.fileText('recorded');
  assert.deepEqual(JSON.parse(text), { name: 'recorded', steps: cases.steps });
  assert.equal(text.split('\n').filter((line) => line.startsWith('    {')).length, cases.steps.length);
});

test('assert this checks the property asked for, else the first the element has', () => {
  const flow = new FlowSteps();
  assert.deepEqual(flow.expect({ type: 'Label', ref: 'count', visible: true, text: 'Count: 1' }, 'text'),
    { expect: 'count', property: 'text', equals: 'Count: 1' });
  assert.deepEqual(flow.expect({ type: 'Switch', ref: 'wifi', visible: true, isOn: false }, null),
    { expect: 'wifi', property: 'isOn', equals: false });
  assert.deepEqual(flow.expect({ type: 'Button', ref: '', visible: true, text: 'Go' }, 'enabled'),
    { expect: { type: 'Button', text: 'Go' }, property: 'text', equals: 'Go' });
  assert.equal(flow.expect({ type: 'View', ref: '', visible: true }, null), null, 'nothing finds it again');
});

test('assert this names an element without a reference by its role and name when no other on its screen has both', () => {
  const flow = new FlowSteps();
  const ok = { type: 'Button', ref: '', role: 'button', name: 'OK', visible: true, text: 'OK' };
  const cancel = { type: 'Button', ref: '', role: 'button', name: 'Cancel', visible: true, text: 'Cancel' };
  const heading = { type: 'Label', ref: '', role: 'heading', name: 'OK', visible: true, text: 'OK' };
  const screen = { type: 'View', ref: 'root', role: 'generic', name: '', children: [heading, { ...ok, children: [] }, cancel] };
  assert.deepEqual(flow.expect(ok, 'text', screen), { expect: { role: 'button', name: 'OK' }, property: 'text', equals: 'OK' });
  const twice = { ...screen, children: [...screen.children, { ...ok }] };
  assert.deepEqual(flow.expect(ok, 'text', twice).expect, { type: 'Button', text: 'OK' }, 'two OK buttons: type and text, as before');
  assert.deepEqual(flow.expect(ok, 'text').expect, { type: 'Button', text: 'OK' }, 'no screen to tell: as before');
  const field = { type: 'TextField', ref: '', role: 'textbox', name: '/tmp/', visible: true, text: '' };
  assert.equal(flow.expect(field, 'text', { ...screen, children: [field] }), null, 'a name like a pattern would not find it');
  assert.deepEqual(flow.expect({ ...ok, ref: 'ok' }, 'text', screen).expect, 'ok', 'a reference first');
});

test('steps read as a person says them', () => {
  assert.equal(stepSummary({ press: 'wifi', value: false }), 'press wifi false');
  assert.equal(stepSummary({ press: { type: 'Button', text: 'Settings' } }), 'press type="Button" text="Settings"');
  assert.equal(stepSummary({ press: { role: 'button', name: 'Settings' } }), 'press button "Settings"');
  assert.equal(stepSummary({ focus: { role: 'textbox' } }), 'focus textbox');
  assert.equal(stepSummary({ press: { role: 'button', within: 'menu' } }), 'press role="button" within="menu"');
  assert.equal(stepSummary({ reset: true }), 'reset the app');
});
