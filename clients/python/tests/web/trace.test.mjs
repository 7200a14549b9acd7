// Unit tests of the page's trace reader (Sources/SlamDaemon/Resources/web/trace.js):
// steps from a trace's records, replies matched to their requests, the screen at each
// step replayed with the page's own model, and what a person reads in the list.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseTrace, TraceReplay, TraceError, stepAt, describeCall, describeOutcome, describeSnapshot, formatTime,
} from '../../../../Sources/SlamDaemon/Resources/web/trace.js';

const label = (node, text) => ({ type: 'Label', ref: 'count', visible: true, text, node, children: [] });
const home = { screen: 1, id: 'Home', title: 'Home', modal: false,
  tree: { type: 'View', ref: 'root', visible: true, node: 1, children: [label(2, 'Count: 0')] } };
const settings = { screen: 2, id: 'Settings', title: 'Settings', modal: false,
  tree: { type: 'View', ref: 'root', visible: true, node: 3, children: [{ type: 'Switch', ref: 'wifi', visible: true, isOn: true, node: 4, children: [] }] } };

const lines = [
  { type: 'trace', format: 1, server: 'slamd', serverVersion: '0.1.0', protocolVersion: '1.0', started: '2026-11-24T10:00:00Z', path: '/tmp/t.jsonl', clients: [1], startedBy: 1 },
  { type: 'screen', t: 0.4, attach: { seq: 5, stack: [home], state: { count: 0 }, capabilities: {} } },
  { type: 'connect', t: 1, client: 2 },
  { type: 'request', t: 2, client: 2, message: { jsonrpc: '2.0', method: 'press', params: { ref: 'increment' }, id: 1 } },
  { type: 'reply', t: 2.1, client: 2, message: { jsonrpc: '2.0', result: { type: 'Button', ref: 'increment' }, id: 1 } },
  { type: 'notification', t: 2.2, clients: [1], message: { jsonrpc: '2.0', method: 'changed', params: {} } },
  { type: 'screen', t: 2.3, clients: [], redraw: { seq: 6, ops: [{ op: 'update', node: 2, snapshot: { type: 'Label', ref: 'count', visible: true, text: 'Count: 1' } }] } },
  { type: 'request', t: 3, client: 2, message: [{ jsonrpc: '2.0', method: 'runTask', params: { name: 'push', param: 'Settings' }, id: 2 },
    { jsonrpc: '2.0', method: 'find', params: { ref: 'nope' }, id: 3 }] },
  { type: 'reply', t: 3.1, client: 2, message: [{ jsonrpc: '2.0', result: { task: 'push' }, id: 2 },
    { jsonrpc: '2.0', error: { code: -32001, message: 'Element not found: nope' }, id: 3 }] },
  { type: 'screen', t: 3.2, clients: [], redraw: { seq: 7, ops: [{ op: 'stack', stack: [{ screen: 1, id: 'Home', title: 'Home', modal: false }, settings] }] } },
  { type: 'request', t: 4, client: 3, text: '{bad', unreadable: 'not JSON' },
  { type: 'reply', t: 4.1, client: 3, message: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null } },
  { type: 'request', t: 5, client: 2, message: { jsonrpc: '2.0', method: 'runTask', params: { name: 'pop' }, id: 4 } },
  { type: 'reply', t: 5.1, client: 2, message: { jsonrpc: '2.0', result: { task: 'pop' }, id: 4 } },
  { type: 'screen', t: 5.2, clients: [], redraw: { seq: 8, ops: [{ op: 'stack', stack: [{ screen: 1, id: 'Home', title: 'Home', modal: false }] }] } },
  { type: 'request', t: 6, client: 1, message: { jsonrpc: '2.0', method: 'trace.stop', id: 9 } },
  { type: 'end', t: 6.1, reason: 'stop', records: 16 },
];
const text = lines.map((line) => JSON.stringify(line)).join('\n') + '\n';

test('a trace reads as steps: one per call, replies matched by client and id, batches split', () => {
  const trace = parseTrace(text);
  assert.equal(trace.header.serverVersion, '0.1.0');
  assert.equal(trace.attach.seq, 5);
  assert.deepEqual(trace.steps.map((step) => step.method), ['press', 'runTask', 'find', null, 'runTask', 'trace.stop']);
  assert.deepEqual(trace.steps.map((step) => step.number), [1, 2, 3, 4, 5, 6]);
  assert.deepEqual(trace.clients, [1, 2, 3]);
  assert.equal(trace.duration, 6.1);
  assert.equal(trace.endReason, 'stop');
  const [press, push, find, unreadable, pop, stop] = trace.steps;
  assert.deepEqual(press.reply.result, { type: 'Button', ref: 'increment' });
  assert.equal(press.notifications.length, 1);
  assert.equal(find.reply.error.code, -32001);
  assert.equal(unreadable.unreadable, 'not JSON');
  assert.equal(unreadable.text, '{bad');
  assert.deepEqual(push.shown, []);
  assert.deepEqual(find.shown, ['Settings'], "a batch is one turn: its screen belongs to its last call");
  assert.equal(pop.wentBack, true);
  assert.ok(stop.reply, 'trace.stop is answered by the end record');
  assert.deepEqual(press.changes.map(describeSnapshot), ['count "Count: 1"']);
});

test('what a person reads: the call with its main params, the outcome, the time', () => {
  const trace = parseTrace(text);
  const [press, push, find, unreadable, pop] = trace.steps;
  assert.equal(describeCall(stepAt(trace, 0)), 'start');
  assert.equal(describeCall(press), 'press increment');
  assert.equal(describeCall(push), 'runTask push Settings');
  assert.equal(describeCall(unreadable), '(unreadable) "{bad"');
  assert.deepEqual(describeOutcome(press), { tone: 'ok', text: 'count "Count: 1"' });
  assert.deepEqual(describeOutcome(push), { tone: 'ok', text: 'ok' });
  assert.deepEqual(describeOutcome(find), { tone: 'error', text: 'error -32001: Element not found: nope' });
  assert.deepEqual(describeOutcome(unreadable), { tone: 'error', text: 'unreadable: not JSON' });
  assert.deepEqual(describeOutcome(pop), { tone: 'ok', text: 'back' });
  assert.equal(formatTime(4.12), '+4.1 ms');
  assert.equal(formatTime(120.4), '+120 ms');
  assert.equal(formatTime(12500), '+12.50 s');
});

test('the screen at each step: forward batch by batch, backward from the start', () => {
  const trace = parseTrace(text);
  const replay = new TraceReplay(trace);
  const count = () => replay.model.findByRef('count', replay.model.stack[0].screen)[0].snapshot.text;
  assert.equal(replay.goTo(0).reset, true);
  assert.equal(count(), 'Count: 0');
  assert.equal(replay.model.seq, 5);
  const forward = replay.goTo(1);
  assert.equal(forward.reset, false);
  assert.equal(forward.changes.length, 1);
  assert.equal(count(), 'Count: 1');
  assert.deepEqual([...replay.changedNodes(1)], [2]);
  replay.goTo(3);
  assert.deepEqual(replay.model.stack.map((screen) => screen.id), ['Home', 'Settings'], 'step 3 (in the batch with the push) sees Settings');
  replay.goTo(5);
  assert.deepEqual(replay.model.stack.map((screen) => screen.id), ['Home']);
  assert.equal(replay.goTo(1).reset, true, 'going back starts again from the first screen');
  assert.equal(count(), 'Count: 1');
  assert.deepEqual(replay.model.stack.map((screen) => screen.id), ['Home']);
  assert.throws(() => replay.goTo(7), RangeError);
});

test('files that are not traces are refused naming what is wrong', () => {
  assert.throws(() => parseTrace(''), { name: 'TraceError', message: 'the file is empty: not a trace' });
  assert.throws(() => parseTrace('{"jsonrpc":"2.0"}\n'), /line 1 is not a trace header/);
  assert.throws(() => parseTrace(`${JSON.stringify(lines[0])}\n{nope\n`), (error) => error instanceof TraceError && /^line 2 is not JSON/.test(error.message));
  assert.throws(() => parseTrace(`${JSON.stringify({ ...lines[0], format: 2 })}\n`), /format 2 is newer than this page reads \(1\)/);
  assert.throws(() => parseTrace(`${JSON.stringify(lines[0])}\n`), /no first screen/);
});

test('a request the daemon sent (task.run) is a step of its own, answered by its client', () => {
  const records = [
    lines[0], lines[1],
    { type: 'request', t: 1, client: 2, message: { jsonrpc: '2.0', method: 'press', params: { ref: 'pay' }, id: 1 } },
    { type: 'notification', t: 1.1, clients: [1], message: { jsonrpc: '2.0', id: 'task-1', method: 'task.run',
      params: { name: 'checkout', param: 'cart', ref: 'pay', controller: 'Home' } } },
    { type: 'request', t: 1.5, client: 1, message: { jsonrpc: '2.0', method: 'state.set', params: { key: 'status', value: 'Paid' }, id: 7 } },
    { type: 'reply', t: 1.6, client: 1, message: { jsonrpc: '2.0', result: { changed: ['status'] }, id: 7 } },
    { type: 'request', t: 2, client: 1, message: { jsonrpc: '2.0', result: 'receipt', id: 'task-1' } },
    { type: 'reply', t: 2.1, client: 2, message: { jsonrpc: '2.0', result: { type: 'Button', ref: 'pay' }, id: 1 } },
    { type: 'end', t: 3, reason: 'stop', records: 8 },
  ];
  const trace = parseTrace(records.map((line) => JSON.stringify(line)).join('\n'));
  assert.deepEqual(trace.steps.map((step) => step.method), ['press', 'task.run', 'state.set'], 'the answer is no step of its own');
  const [press, run] = trace.steps;
  assert.equal(run.sentByDaemon, true);
  assert.equal(run.client, 1);
  assert.equal(run.reply.result, 'receipt');
  assert.equal(press.reply.result.ref, 'pay');
  assert.equal(describeCall(run), 'task.run checkout cart pay (Home)');
});

test('a slider reads as its value', () => {
  assert.equal(describeSnapshot({ type: 'Slider', ref: 'brightness', value: 0.25 }), 'brightness 0.25');
});
