// Traces (Protocol/README.md, "Traces"): the JSON Lines file `trace.start` makes the
// daemon write, read as the steps a person follows, with the screen at each step
// replayed by the page's own model (the trace's screens are the ui.attach state and
// ui.redraw batches). Pure: no DOM, so node tests it.
//
//   const trace = parseTrace(text);          // throws TraceError naming the line
//   const replay = new TraceReplay(trace);
//   replay.goTo(3);                          // replay.model: the UI after step 3
//
// A step is one call a client made (a batch is one step per call in it); the screen
// "after step N" is the screen just before step N + 1's request (step 0: the start).

import { UIModel } from './model.js';

/** The trace format this page reads. */
export const TRACE_FORMAT = 1;

/** A file that is not a trace this page can read. */
export class TraceError extends Error {
  constructor(message) {
    super(message);
    this.name = 'TraceError';
  }
}

/**
 * Reads a trace's text: `{header, attach, records, steps, clients, duration, endReason}`.
 * `records` are every parsed line after the header; each step knows the index of its
 * request record and of the record that ends its screen (`until`).
 */
export function parseTrace(text) {
  const lines = String(text).split('\n');
  const records = [];
  let header = null;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    let record;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new TraceError(`line ${index + 1} is not JSON (${error.message})`);
    }
    if (header === null) {
      if (!record || record.type !== 'trace') throw new TraceError('line 1 is not a trace header ({"type":"trace",…}): not a trace file');
      if (!Number.isInteger(record.format) || record.format > TRACE_FORMAT) {
        throw new TraceError(`the trace's format ${JSON.stringify(record.format)} is newer than this page reads (${TRACE_FORMAT})`);
      }
      header = record;
      return;
    }
    records.push(record);
  });
  if (header === null) throw new TraceError('the file is empty: not a trace');
  const attachIndex = records.findIndex((record) => record.type === 'screen' && record.attach);
  if (attachIndex < 0) throw new TraceError('the trace has no first screen (a "screen" record with "attach")');

  const steps = [];
  // The stack as the trace goes: screen numbers and ids, to name the screens each step showed.
  const screens = new Map((records[attachIndex].attach.stack || []).map((entry) => [entry.screen, entry.id]));
  const owed = new Map();
  const clients = new Set();
  let duration = 0;
  let endReason = null;
  records.forEach((record, index) => {
    if (typeof record.t === 'number') duration = Math.max(duration, record.t);
    if (record.type === 'request') {
      clients.add(record.client);
      if (record.unreadable !== undefined) {
        steps.push(makeStep(steps.length + 1, record, index, null, { unreadable: record.unreadable, text: record.text ?? null }));
        return;
      }
      const calls = Array.isArray(record.message) ? record.message : [record.message];
      for (const call of calls) {
        if (call && call.method === undefined && call.id !== undefined && ('result' in call || 'error' in call)) {
          // The client answers a request the daemon sent it (task.run): that step's reply, not a step.
          const key = `daemon ${record.client} ${JSON.stringify(call.id)}`;
          const asked = owed.get(key);
          if (asked) {
            owed.delete(key);
            asked.reply = call;
            asked.replyTime = record.t;
          }
          continue;
        }
        const step = makeStep(steps.length + 1, record, index, call, {});
        steps.push(step);
        if (call && call.id !== undefined) owed.set(`${record.client} ${JSON.stringify(call.id)}`, step);
      }
    } else if (record.type === 'reply') {
      const replies = Array.isArray(record.message) ? record.message : [record.message];
      for (const reply of replies) {
        const key = `${record.client} ${JSON.stringify(reply && reply.id !== undefined ? reply.id : null)}`;
        const step = owed.get(key);
        if (!step) continue;
        owed.delete(key);
        step.reply = reply;
        step.replyTime = record.t;
      }
    } else if (record.type === 'notification' && record.message && record.message.id !== undefined
               && typeof record.message.method === 'string' && Array.isArray(record.clients) && record.clients.length) {
      // A request the daemon sent a client (task.run): a step of its own, answered by that client.
      const client = record.clients[0];
      const step = makeStep(steps.length + 1, { ...record, client }, index, record.message, { sentByDaemon: true });
      steps.push(step);
      owed.set(`daemon ${client} ${JSON.stringify(record.message.id)}`, step);
    } else if (record.type === 'notification') {
      if (steps.length) steps[steps.length - 1].notifications.push(record);
    } else if (record.type === 'screen' && record.redraw) {
      if (steps.length) steps[steps.length - 1].screens.push(index);
      noteScreens(record.redraw, screens, steps[steps.length - 1]);
    } else if (record.type === 'end') {
      endReason = record.reason ?? null;
      const last = steps[steps.length - 1];
      // trace.stop's reply comes after the end, so it is never in the file: the end answers it.
      if (last && last.method === 'trace.stop' && !last.reply) last.reply = { result: { path: header.path, records: record.records } };
    }
  });
  // The screen after a step lasts until the next step's request.
  steps.forEach((step, index) => {
    step.until = index + 1 < steps.length ? steps[index + 1].recordIndex : records.length;
  });
  const start = {
    number: 0,
    time: records[attachIndex].t ?? 0,
    until: steps.length ? steps[0].recordIndex : records.length,
  };
  return {
    header,
    attach: records[attachIndex].attach,
    attachIndex,
    records,
    start,
    steps,
    clients: [...clients].sort((a, b) => a - b),
    duration,
    endReason,
  };
}

/** Follows a batch's stack; notes on `step` (when there is one) the screens it showed, whether it went back, what changed. */
function noteScreens(redraw, screens, step) {
  for (const op of redraw.ops || []) {
    if (op.op === 'stack' && Array.isArray(op.stack)) {
      const listed = new Set(op.stack.map((entry) => entry.screen));
      if (step && [...screens.keys()].some((number) => !listed.has(number))) step.wentBack = true;
      for (const entry of op.stack) {
        if (!screens.has(entry.screen) && step) step.shown.push(entry.id);
      }
      screens.clear();
      for (const entry of op.stack) screens.set(entry.screen, entry.id);
    } else if (step && op.op === 'update' && op.snapshot) {
      step.changes.push(op.snapshot);
    } else if (step && op.op === 'insert' && op.tree) {
      step.changes.push(op.tree);
    }
  }
}

/** An element in a few words: `count "Count: 1"`, `wifi off`, `progress 10%`. */
export function describeSnapshot(snapshot) {
  const name = snapshot.ref || snapshot.type;
  switch (snapshot.type) {
    case 'Label': case 'Button': case 'TextField': case 'TextView':
      return `${name} ${JSON.stringify(snapshot.text ?? '')}${snapshot.enabled === false ? ' (disabled)' : ''}`;
    case 'Switch': return `${name} ${snapshot.isOn ? 'on' : 'off'}`;
    case 'Stepper': case 'Slider': return `${name} ${snapshot.value}`;
    case 'ProgressView': return `${name} ${Math.round((snapshot.progress || 0) * 100)}%`;
    case 'SegmentedControl': return `${name} ${snapshot.selectedSegment ?? 'none'}`;
    case 'SingleItemTableView': return `${name} row ${snapshot.selectedRow ?? 'none'}`;
    default: return snapshot.visible === false ? `${name} (hidden)` : name;
  }
}

function makeStep(number, record, recordIndex, call, extra) {
  const isObject = call && typeof call === 'object' && !Array.isArray(call);
  return {
    number,
    time: record.t ?? 0,
    client: record.client,
    recordIndex,
    request: call,
    method: isObject && typeof call.method === 'string' ? call.method : null,
    params: isObject ? call.params : undefined,
    id: isObject ? call.id : undefined,
    reply: null,
    replyTime: null,
    notifications: [],
    screens: [],
    changes: [],
    shown: [],
    wentBack: false,
    unreadable: null,
    text: null,
    sentByDaemon: false,
    ...extra,
  };
}

/** The step at `index` (0: the start, then 1…N), or null. */
export function stepAt(trace, index) {
  if (index === 0) return trace.start;
  return trace.steps[index - 1] || null;
}

/**
 * The UI as a trace had it at each step: a UIModel fed the trace's first screen and
 * its batches, moved forward batch by batch or made again from the start to go back.
 */
export class TraceReplay {
  constructor(trace, model = new UIModel()) {
    this.trace = trace;
    this.model = model;
    /** Records applied: every screen record before this index is in the model. */
    this.position = -1;
    /** The step shown (0: the start). */
    this.index = -1;
  }

  /**
   * Shows the UI after step `index`. Returns what a renderer must paint: `{reset: true}`
   * when the model was made again, else the list of Changes records of the batches applied.
   */
  goTo(index) {
    const step = stepAt(this.trace, index);
    if (!step) throw new RangeError(`no step ${index}`);
    const target = step.until;
    let reset = false;
    const changes = [];
    if (this.position < 0 || target < this.position) {
      this.model.attach(this.trace.attach);
      this.position = this.trace.attachIndex + 1;
      reset = true;
    }
    for (let at = this.position; at < target; at += 1) {
      const record = this.trace.records[at];
      if (record.type === 'screen' && record.redraw) changes.push(this.model.apply(record.redraw));
    }
    this.position = Math.max(this.position, target);
    this.index = index;
    return reset ? { reset: true, changes } : { reset: false, changes };
  }

  /** Node numbers a step's own batches updated or inserted (to mark on its screen). */
  changedNodes(index) {
    const step = stepAt(this.trace, index);
    const nodes = new Set();
    if (!step || !step.screens) return nodes;
    for (const at of step.screens) {
      for (const op of this.trace.records[at].redraw.ops || []) {
        if (op.op === 'update') nodes.add(op.node);
        if (op.op === 'insert' && op.tree) nodes.add(op.tree.node);
      }
    }
    return nodes;
  }
}

/** A JSON value as a person reads it in a line: strings bare or quoted, the rest compact. */
function word(value, quoted = false) {
  if (typeof value === 'string') return quoted ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

function shortened(text, limit = 60) {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** The method and its main parameters, as `slamctl trace show` writes them: `press volume increment`. */
export function describeCall(step) {
  if (step.number === 0) return 'start';
  if (!step.method) return `(unreadable)${step.text ? ` ${shortened(JSON.stringify(step.text))}` : ''}`;
  const params = step.params && typeof step.params === 'object' && !Array.isArray(step.params) ? step.params : null;
  const words = [step.method];
  const add = (name, quoted = false) => {
    if (params && params[name] !== undefined && params[name] !== null) words.push(shortened(word(params[name], quoted)));
  };
  switch (step.method) {
    case 'press': case 'find': case 'tree': case 'focus': case 'updateUI': case 'resetUI':
      add('ref'); add('value'); break;
    case 'setText': case 'typeText':
      add('ref'); add('text', true); break;
    case 'runTask':
      add('name'); add('param'); break;
    case 'task.run':
      add('name'); add('param'); add('ref'); break;
    case 'key': case 'state.get':
      add('key'); break;
    case 'waitFor':
      add('ref'); add('state'); add('property'); add('equals', true); break;
    case 'state.set':
      if (params && typeof params.key === 'string') words.push(`${params.key} = ${shortened(JSON.stringify(params.value ?? null))}`);
      else add('values');
      break;
    case 'subscribe': case 'unsubscribe':
      if (params && Array.isArray(params.events)) words.push(params.events.join(' '));
      break;
    case 'trace.start':
      add('name'); break;
    default:
      if (step.params !== undefined && JSON.stringify(step.params) !== '{}' && JSON.stringify(step.params) !== '[]') {
        words.push(shortened(JSON.stringify(step.params)));
      }
  }
  if (params && typeof params.controller === 'string') words.push(`(${params.controller})`);
  return words.join(' ');
}

/** What came of a step: `{tone: 'error'|'ok'|'pending'|'info', text}`. */
export function describeOutcome(step) {
  if (step.number === 0) return { tone: 'info', text: 'the screen when the trace began' };
  if (step.unreadable) return { tone: 'error', text: `unreadable: ${step.unreadable}` };
  if (step.reply && step.reply.error) {
    return { tone: 'error', text: `error ${step.reply.error.code}: ${step.reply.error.message}` };
  }
  if (step.id === undefined) return { tone: 'info', text: 'notification' };
  if (!step.reply) return { tone: 'pending', text: 'no reply' };
  const parts = [];
  if (step.shown.length) parts.push(`shows ${step.shown.join(', ')}`);
  else if (step.wentBack) parts.push('back');
  parts.push(...step.changes.slice(0, 3).map(describeSnapshot));
  if (step.changes.length > 3) parts.push(`+${step.changes.length - 3} more`);
  return { tone: 'ok', text: parts.length ? parts.join(' · ') : 'ok' };
}

/** Milliseconds as the page shows them: `+4.1 ms`, `+120 ms`, `+2.5 s`. */
export function formatTime(milliseconds) {
  if (milliseconds >= 10000) return `+${(milliseconds / 1000).toFixed(2)} s`;
  if (milliseconds >= 100) return `+${Math.round(milliseconds)} ms`;
  return `+${(Math.round(milliseconds * 10) / 10).toFixed(1)} ms`;
}
