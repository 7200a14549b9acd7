// Unit tests of the inspector's pure helpers (Sources/SlamDaemon/Resources/web/inspector.js):
// the slamctl / flow / Python snippets it offers for an element, and the one-line descriptions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { snippets, shellWord, pythonLiteral, describe, marks, sliderTarget } from '../../../../Sources/SlamDaemon/Resources/web/inspector.js';

test('a button is pressed without a value', () => {
  assert.deepEqual(snippets({ type: 'Button', ref: 'increment', enabled: true, text: '+1' }, null), {
    slamctl: 'slamctl press increment',
    flow: '{"press":"increment"}',
    python: 'client.press("increment")',
  });
});

test('controls get the value a press takes: the other switch state, a step, the next index', () => {
  assert.equal(snippets({ type: 'Switch', ref: 'wifi', isOn: true }, null).slamctl, 'slamctl press wifi off');
  assert.equal(snippets({ type: 'Switch', ref: 'wifi', isOn: false }, null).python, 'client.press("wifi", value=True)');
  assert.equal(snippets({ type: 'Stepper', ref: 'volume', value: 5, minimumValue: 0, maximumValue: 10 }, null).flow, '{"press":"volume","value":"increment"}');
  assert.equal(snippets({ type: 'Stepper', ref: 'volume', value: 10, minimumValue: 0, maximumValue: 10 }, null).slamctl, 'slamctl press volume decrement');
  assert.equal(snippets({ type: 'SegmentedControl', ref: 'theme', segments: ['Light', 'Dark', 'Auto'], selectedSegment: 2 }, null).slamctl, 'slamctl press theme 0');
  assert.equal(snippets({ type: 'PageControl', ref: 'pages', numberOfPages: 3, currentPage: 0 }, null).flow, '{"press":"pages","value":1}');
  assert.equal(snippets({ type: 'SingleItemTableView', ref: 'items', items: ['Milk', 'Eggs'], selectedRow: null }, null).python, 'client.press("items", value=0)');
});

test('a slider is pressed with a number: the middle of its range on a step, or its maximum from there', () => {
  assert.deepEqual(snippets({ type: 'Slider', ref: 'brightness', value: 0.8, minimumValue: 0, maximumValue: 1, stepValue: 0 }, null), {
    slamctl: 'slamctl press brightness 0.5',
    flow: '{"press":"brightness","value":0.5}',
    python: 'client.press("brightness", value=0.5)',
  });
  assert.equal(snippets({ type: 'Slider', ref: 'size', value: 16, minimumValue: 12, maximumValue: 32, stepValue: 3 }, null).flow,
    '{"press":"size","value":21}', 'steps 12, 15, 18, 21: 22 is nearest 21');
  assert.equal(sliderTarget({ value: 0.5, minimumValue: 0, maximumValue: 1, stepValue: 0 }), 1, 'in the middle already: the maximum');
  assert.equal(sliderTarget({ value: 0, minimumValue: 0, maximumValue: 0.6, stepValue: 0.1 }), 0.3, 'not 0.30000000000000004');
  assert.equal(sliderTarget({ value: 0, minimumValue: 0, maximumValue: 10, stepValue: 7 }), 7, 'the nearest step, 7, is within the range');
  assert.equal(sliderTarget({ value: 5, minimumValue: 0, maximumValue: 10, stepValue: 12 }), 0, 'no step fits but the minimum');
  assert.equal(sliderTarget({ value: 7, minimumValue: 0, maximumValue: 10, stepValue: 7 }), 0,
    'in the middle step already, and 10 is no step: the snippet moves it to the minimum');
  assert.equal(sliderTarget({ value: 4, minimumValue: 0, maximumValue: 9, stepValue: 4 }), 8, 'the highest step, not 9');
});

test('a text field is typed into; anything else is found and expected', () => {
  assert.deepEqual(snippets({ type: 'TextField', ref: 'name', text: 'Ada', placeholder: '' }, null), {
    slamctl: 'slamctl text name Ada',
    flow: '{"text":"name","value":"Ada"}',
    python: 'client.set_text("name", "Ada")',
  });
  assert.deepEqual(snippets({ type: 'Label', ref: 'count', text: 'Count: 0' }, null), {
    slamctl: 'slamctl find count',
    flow: '{"expect":"count","property":"text","equals":"Count: 0"}',
    python: 'client.find("count")["text"]',
  });
  assert.equal(snippets({ type: 'ProgressView', ref: 'progress', progress: 0.5 }, null).flow, '{"expect":"progress","property":"progress","equals":0.5}');
  assert.equal(snippets({ type: 'View', ref: 'root' }, null).flow, '{"expect":"root","property":"visible","equals":null}');
});

test('an element below the top screen names its controller; an anonymous one has no snippets', () => {
  const code = snippets({ type: 'Label', ref: 'count', text: 'Count: 1' }, 'Home');
  assert.equal(code.slamctl, 'slamctl find count --controller Home');
  assert.equal(code.python, 'client.find("count", controller="Home")["text"]');
  assert.deepEqual(JSON.parse(code.flow).controller, 'Home');
  assert.equal(snippets({ type: 'View', ref: '' }, null), null);
});

test('shell words are quoted only when needed', () => {
  assert.equal(shellWord('t1/note'), 't1/note');
  assert.equal(shellWord('Hello, Ada'), "'Hello, Ada'");
  assert.equal(shellWord("it's"), "'it'\\''s'");
  assert.equal(shellWord(''), "''");
});

test('Python literals', () => {
  assert.equal(pythonLiteral(null), 'None');
  assert.equal(pythonLiteral(true), 'True');
  assert.equal(pythonLiteral([1, 'a', { b: false }]), '[1, "a", {"b": False}]');
});

test('descriptions say what an element shows', () => {
  assert.equal(describe({ type: 'Label', text: 'Count: 0' }), 'Count: 0');
  assert.equal(describe({ type: 'Switch', isOn: true }), 'on');
  assert.equal(describe({ type: 'ProgressView', progress: 0.42 }), '42 %');
  assert.equal(describe({ type: 'SingleItemTableView', items: ['Milk', 'Eggs'], selectedRow: 1 }), '2 rows · Eggs');
  assert.equal(describe({ type: 'Label', text: 'x'.repeat(80) }).length, 40);
});

test('pickers, sectioned tables and collections are pressed at a position; a date picker with its ISO value', () => {
  const picker = { type: 'PickerView', ref: 'coffee', components: [['Espresso', 'Latte'], ['S', 'M']], selectedRows: [0, 1] };
  assert.deepEqual(snippets(picker, null), {
    slamctl: "slamctl press coffee '[0,1]'",
    flow: '{"press":"coffee","value":[0,1]}',
    python: 'client.press("coffee", value=[0, 1])',
  });
  const table = { type: 'SectionedTableView', ref: 'groceries', multipleSelection: true,
    sections: [{ header: 'Fruit', rows: [{ text: 'Apples', detail: null }] }, { header: null, rows: ['Milk', 'Eggs'] }],
    selectedRows: [[1, 0]] };
  assert.equal(snippets(table, null).slamctl, "slamctl press groceries '[1,1]'");
  assert.equal(snippets({ ...table, selectedRows: [] }, 'Shop').python, 'client.press("groceries", value=[0, 0], controller="Shop")');
  const collection = { type: 'CollectionView', ref: 'photos', columns: 3,
    sections: [{ header: null, items: [{ key: 'a', text: 'A' }, { key: 'b', text: 'B' }] }, { header: 'More', items: ['C'] }],
    selectedKeys: ['b'] };
  assert.equal(snippets(collection, null).flow, '{"press":"photos","value":[1,0]}');
  const date = { type: 'DatePicker', ref: 'meeting', mode: 'dateAndTime', value: '2026-11-23T14:30:00Z' };
  assert.equal(snippets(date, null).slamctl, 'slamctl press meeting 2026-11-23T14:30:00Z');
  assert.equal(snippets(date, null).python, 'client.press("meeting", value="2026-11-23T14:30:00Z")');
});

test('a secure field never shows its text in a snippet; new elements are described', () => {
  const code = snippets({ type: 'TextField', ref: 'password', text: '•••', secure: true }, null);
  assert.ok(!code.slamctl.includes('•'));
  assert.equal(describe({ type: 'PickerView', components: [['Espresso', 'Latte'], ['S', 'M']], selectedRows: [1, 0] }), 'Latte · S');
  assert.equal(describe({ type: 'DatePicker', mode: 'date', value: '2026-11-23' }), '2026-11-23');
  assert.equal(describe({ type: 'SectionedTableView', sections: [{ header: 'A', rows: ['x', 'y'] }], selectedRows: [[0, 1]] }), '1 sections, 2 rows · y');
  assert.equal(describe({ type: 'CollectionView', sections: [{ header: null, items: ['a', 'b'] }], selectedKeys: ['a'] }), '2 items · a');
  assert.equal(describe({ type: 'Alert', title: 'Delete?', message: '' }), 'Delete?');
  assert.deepEqual(marks({ type: 'Button', style: 'destructive', focused: true }), ['focused', 'destructive']);
  assert.deepEqual(marks({ type: 'TextField', secure: true, focused: false }), ['secure']);
});
