// Unit tests of the renderer's pure helpers (Sources/SlamDaemon/Resources/web/render.js):
// DatePicker values to and from its spinbutton's field (always UTC, never the browser's
// time zone), and the sections of tables and collections as storyboards write them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  dateFieldText, datePressValue, dateSeconds, dateValueText, dateWeekday, fromInputValue, parseISO, sectionsOf, FOCUSABLE_TYPES,
} from '../../../../Sources/SlamDaemon/Resources/web/render.js';

test('server values become the text of the field: the UTC wall clock', () => {
  assert.equal(dateFieldText('date', '2026-11-23'), '2026-11-23');
  assert.equal(dateFieldText('time', '14:30:00'), '14:30');
  assert.equal(dateFieldText('time', '14:30:05', true), '14:30:05');
  assert.equal(dateFieldText('dateAndTime', '2026-11-23T14:30:00Z'), '2026-11-23 14:30');
  // Offsets are converted to UTC; no offset is UTC; fractions are dropped.
  assert.equal(dateFieldText('dateAndTime', '2026-11-23T16:30:00+02:00', true), '2026-11-23 14:30:00');
  assert.equal(dateFieldText('dateAndTime', '2026-11-23T23:30-01:00'), '2026-11-24 00:30');
  assert.equal(dateFieldText('dateAndTime', '2026-11-23T14:30:00.750', true), '2026-11-23 14:30:00');
  assert.equal(dateFieldText('time', '00:15:00+01:00'), '23:15');
  // In date mode a time part is dropped; in time mode a date part is.
  assert.equal(dateFieldText('date', '2026-11-23T14:30:00Z'), '2026-11-23');
  assert.equal(dateFieldText('time', '2026-11-23T14:30:05Z', true), '14:30:05');
  // Nothing to show.
  assert.equal(dateFieldText('date', null), '');
  assert.equal(dateFieldText('date', 'soon'), '');
  assert.equal(dateFieldText('date', '14:30:00'), '');
});

test('what a person types becomes the value a press takes', () => {
  // The field's own forms, as the daemon reports them.
  assert.equal(datePressValue('date', ' 2026-12-24 '), '2026-12-24');
  assert.equal(datePressValue('time', '14:30'), '14:30:00');
  assert.equal(datePressValue('time', '14:30:05'), '14:30:05');
  assert.equal(datePressValue('dateAndTime', '2026-12-24 09:15'), '2026-12-24T09:15:00Z');
  assert.equal(datePressValue('dateAndTime', '2026-12-24T09:15:59'), '2026-12-24T09:15:59Z');
  // Any other ISO form, and anything else, goes as typed: the daemon takes it or says why not.
  assert.equal(datePressValue('dateAndTime', '2026-12-24 09:15+02:00'), '2026-12-24T09:15+02:00');
  assert.equal(datePressValue('date', 'next tuesday'), 'next tuesday');
  assert.equal(datePressValue('date', '2026-02-30'), '2026-02-30');
  // An emptied field presses nothing.
  assert.equal(datePressValue('date', '  '), '');
  assert.equal(fromInputValue('time', '7:3'), '');
});

test('a value reads as a person says it, and its weekday shows beside it', () => {
  assert.equal(dateValueText('date', '2026-11-23', 'en-US'), 'Monday, November 23, 2026');
  assert.equal(dateValueText('time', '07:05:00', 'en-US'), '07:05 UTC');
  assert.equal(dateValueText('dateAndTime', '2026-11-23T23:30:00-01:00', 'en-US'), 'Tuesday, November 24, 2026, 00:30 UTC');
  assert.equal(dateValueText('date', 'soon', 'en-US'), '');
  assert.equal(dateWeekday('2026-11-23', 'en-US'), 'Mon');
  assert.equal(dateWeekday('14:30:00', 'en-US'), '');
});

test('values and bounds as seconds, for the steps to a bound', () => {
  assert.equal(dateSeconds('date', '1970-01-02'), 86400);
  assert.equal(dateSeconds('date', '1970-01-02T12:00:00Z'), 86400, 'a date is its midnight');
  assert.equal(dateSeconds('dateAndTime', '1970-01-02T00:01:00Z'), 86460);
  assert.equal(dateSeconds('time', '01:00:30'), 3630);
  assert.equal(dateSeconds('date', null), null);
});

test('a round trip never moves a value, whatever the process time zone', () => {
  const before = process.env.TZ;
  for (const zone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham']) {
    process.env.TZ = zone;
    for (const value of ['2026-11-23T14:30:00Z', '2026-03-29T01:30:00Z', '2026-10-25T00:59:59Z', '0900-01-01T00:00:00Z']) {
      assert.equal(datePressValue('dateAndTime', dateFieldText('dateAndTime', value, true)), value, `${value} in ${zone}`);
    }
    assert.equal(datePressValue('date', dateFieldText('date', '2026-12-31')), '2026-12-31');
    assert.equal(datePressValue('time', dateFieldText('time', '23:59:00')), '23:59:00');
    assert.equal(dateSeconds('date', '2026-03-29'), Date.UTC(2026, 2, 29) / 1000, `midnight UTC in ${zone}`);
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
