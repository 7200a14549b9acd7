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

test('assert this names an element by its role and name when no other on its screen has both and it is no text', () => {
  const flow = new FlowSteps();
  const wifi = { type: 'Switch', ref: 'wifi', role: 'switch', name: 'Wi-Fi', visible: true, isOn: true };
  const plus = { type: 'Button', ref: 'increment', role: 'button', name: '+1', visible: true, text: '+1' };
  const ok = { type: 'Button', ref: '', role: 'button', name: 'OK', visible: true, text: 'OK' };
  const field = { type: 'TextField', ref: '', role: 'textbox', name: 'Email', visible: true, text: 'ada@example.org' };
  const screen = { type: 'View', ref: 'root', role: 'generic', name: '', children: [{ ...wifi, children: [] }, plus, ok, field] };
  assert.deepEqual(flow.expect(wifi, 'isOn', screen), { expect: { role: 'switch', name: 'Wi-Fi' }, property: 'isOn', equals: true });
  assert.deepEqual(flow.expect(field, 'text', screen).expect, { role: 'textbox', name: 'Email' }, 'a placeholder, not the text');
  assert.equal(flow.expect(plus, 'text', screen).expect, 'increment', 'its name is the text the step checks: its reference');
  assert.deepEqual(flow.expect(ok, 'text', screen).expect, { type: 'Button', text: 'OK' });
  const twice = { ...screen, children: [...screen.children, { ...wifi, ref: 'wifi2' }] };
  assert.equal(flow.expect(wifi, 'isOn', twice).expect, 'wifi', 'two switches named Wi-Fi: its reference');
  assert.equal(flow.expect(wifi, 'isOn').expect, 'wifi', 'no screen to tell: its reference');
  const pattern = { ...wifi, ref: '', name: '/tmp/' };
  assert.equal(flow.expect(pattern, 'isOn', { ...screen, children: [pattern] }), null, 'a name like a pattern would not find it');
});

test('steps read as a person says them', () => {
  assert.equal(stepSummary({ press: 'wifi', value: false }), 'press wifi false');
  assert.equal(stepSummary({ press: { type: 'Button', text: 'Settings' } }), 'press type="Button" text="Settings"');
  assert.equal(stepSummary({ press: { role: 'button', name: 'Settings' } }), 'press button "Settings"');
  assert.equal(stepSummary({ focus: { role: 'textbox' } }), 'focus textbox');
  assert.equal(stepSummary({ press: { role: 'button', within: 'menu' } }), 'press role="button" within="menu"');
  assert.equal(stepSummary({ reset: true }), 'reset the app');
});
