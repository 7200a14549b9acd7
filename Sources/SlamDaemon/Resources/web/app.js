// The page: connects to slamd over a WebSocket, moves to the instance its
// address names (`?instance=HANDLE`, else main), attaches as a remote UI,
// paints every ui.redraw batch, sends what a person does (press, setText,
// typeText, focus, key, pop), keeps the browser's focus and the server's
// together, and hosts the inspector.
//
// Test hook (for Selenium and the console):
//   window.slam.ready          a Promise resolved once the first attach is painted
//   window.slam.seq            the seq painted last (-1 before)
//   window.slam.whenSeq(n)     a Promise resolved once seq n (or later) is painted
//   'slam:painted' on window   a CustomEvent after each paint, detail {seq, reset}
//   window.slam.model          the UIModel;  window.slam.rpc  the connection
//   window.slam.instance       the handle of the instance the page shows ('main' without ?instance=)
//   window.slam.switchInstance(handle)  shows another instance in place (a Promise)
//   window.slam.redraw(params) paints a ui.redraw batch as if the server had sent it
//   window.slam.inspector.trace the Trace tab: open(text, name), select(step), leave(), model (the past UI)
//   window.slam.stats          {paints, lastPaintMs, paintMs: [...]} (apply + render per batch),
//                              attachMs (ui.attach sent → DOM built), attachFrameMs (→ its first frame),
//                              attachPaintMs (model + DOM only)
// Rendered elements carry data-node, data-ref and data-type; the screen a
// person sees on top is `.slam-layer[data-top]`.

import { RpcConnection, RpcError, ConnectionLost, takePageToken, tokenProtocols } from './rpc.js';
import { UIModel, ModelError } from './model.js';
import { Renderer, FOCUSABLE_TYPES, dateSeconds, focusTarget } from './render.js';
import { HANDLED_KEYS } from './elements.js';
import { dateSpinPresses, movedChoice, spinPresses } from './a11y.js';
import { Inspector } from './inspector.js';
import {
  MAIN_INSTANCE, INSTANCE_NOT_FOUND, INSTANCE_CLOSED, instanceFromAddress, addressForInstance, instanceName, missingInstanceText,
} from './instances.js';

const $ = (id) => document.getElementById(id);

const model = new UIModel();
const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
let token = takePageToken(location, sessionStorage, history);
/** The instance the page shows, `instance.use`d on every (re)connection before `ui.attach`; and what its last use answered. */
let instance = instanceFromAddress(location.search);
let instanceInfo = null;

/**
 * Why the WebSocket did not open, asked of the server (a browser shows the page nothing
 * of a refused upgrade): `/rpc` without an upgrade answers 401 to a token that is not
 * this daemon's (it restarted: a new token) and 426 to the right one.
 */
async function checkToken() {
  try {
    const response = await fetch('/rpc', { headers: token ? { Authorization: `Bearer ${token}` } : {}, cache: 'no-store' });
    return response.status === 401 ? 'refused' : 'accepted';
  } catch (error) {
    return 'unreachable';
  }
}

const rpc = new RpcConnection(`${scheme}://${location.host}/rpc`, { protocols: tokenProtocols(token), checkToken });
// The address pasted again into this tab (slamd restarted with a new token) changes only the fragment: no reload.
window.addEventListener('hashchange', () => {
  if (!/(^#|&)token=/.test(location.hash)) return;
  token = takePageToken(location, sessionStorage, history);
  rpc.protocols = tokenProtocols(token);
  rpc.retryNow();
});

const app = $('app');
const stage = $('stage');
const screens = $('screens');
const backButton = $('back');
const titleElement = $('title');
const statusElement = $('status');
const banner = $('banner');
const bannerText = $('banner-text');
const retryButton = $('retry');
const loading = $('loading');

let resolveReady;
const ready = new Promise((resolve) => { resolveReady = resolve; });
const seqWaiters = [];
const stats = { paints: 0, lastPaintMs: 0, paintMs: [], attachMs: 0, attachPaintMs: 0, attachFrameMs: 0 };

// ---------------------------------------------------------------- toasts

const toasts = $('toasts');

/**
 * Shows a short message at the bottom of the page; errors stay a little longer, a `sticky`
 * one until its handle's `dismiss()` (a mode's hint, while the mode lasts).
 */
function toast(message, { kind = 'info', detail = '', link = null, timeoutMs, sticky = false } = {}) {
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const text = document.createElement('div');
  text.className = 'toast-text';
  text.textContent = message;
  item.append(text);
  if (detail) {
    const small = document.createElement('div');
    small.className = 'toast-detail';
    small.textContent = detail;
    item.append(small);
  }
  if (link) {
    const a = document.createElement('a');
    a.className = 'toast-link';
    a.href = link;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.textContent = 'Open';
    item.append(a);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', () => item.remove());
  item.append(close);
  toasts.append(item);
  while (toasts.children.length > 4) toasts.firstElementChild.remove();
  const shownMs = timeoutMs ?? (kind === 'error' ? 6000 : 4000);
  const leaving = sticky ? null : setTimeout(() => item.classList.add('is-leaving'), shownMs);
  const gone = sticky ? null : setTimeout(() => item.remove(), shownMs + 300);
  return {
    /** Takes the toast away now (what it said no longer holds). */
    dismiss() {
      clearTimeout(leaving);
      clearTimeout(gone);
      item.remove();
    },
  };
}

/**
 * Shows a failed call unobtrusively: the server's message, with the call and its code in
 * small print. The error's data (a client task's own error, a snapshot) is for developers:
 * it goes to the inspector's Events log, not to the person using the app.
 */
function showError(error, what) {
  if (error instanceof RpcError) {
    inspector.callFailed(what, error);
    // A failed task's own words (a client task's error message) say more to a person than the protocol's wrapping.
    const reason = error.code === TASK_FAILED && error.data && typeof error.data.reason === 'string' ? error.data.reason : '';
    toast(reason || error.message, { kind: 'error', detail: `${what ? `${what} · ` : ''}error ${error.code} · details in the inspector (I)` });
  } else if (error instanceof ConnectionLost) {
    toast(error.message, { kind: 'error' });
  } else {
    console.error(error);
    toast(String(error && error.message || error), { kind: 'error' });
  }
}

// ---------------------------------------------------------------- actions

/** -32010: a task ran and failed (`data.reason` says why, `data.clientError` is a client task's own error). */
const TASK_FAILED = -32010;

/** Per text field being typed into: the texts sent (their echoes are ignored), the call in flight, the latest text waiting. */
const typing = new Map();

/** Presses `node` (with `value`, when its kind takes one); resolves with the reply's snapshot, or null after a refusal. */
function press(node, value) {
  if (!node.ref) {
    toast('This element has no reference, so it cannot be pressed remotely.', { kind: 'error' });
    return Promise.resolve(null);
  }
  const screen = model.screen(node.screen);
  const params = { ref: node.ref, controller: screen.id };
  if (value !== undefined) params.value = value;
  return rpc.call('press', params).catch((error) => {
    // A refused choice (a picker row, a date) goes back to what the server has.
    renderer.restore(node.node);
    showError(error, `press ${node.ref}`);
    return null;
  });
}

/** Presses `node` `count` times with `value`, one press after the other's reply (a spinbutton's Home, End, PageUp…). */
async function pressTimes(node, value, count) {
  for (let index = 0; index < count; index += 1) {
    if (!(await press(node, value))) return;
  }
}

/**
 * Per slider: its press in flight and the latest value the thumb moved to meanwhile. A drag fires
 * an input event per pixel; the server hears the value of the moment, one press at a time, and the
 * last one always. Until the last is answered the thumb stays where the person has it.
 */
const sliding = new Map();

function slide(node, value) {
  if (!node.ref) { press(node, value); return; }
  const state = sliding.get(node.node);
  if (state) { state.queued = value; return; }
  sendSlide(node, { ref: node.ref, controller: model.screen(node.screen).id, queued: null }, value);
}

function sendSlide(node, state, value) {
  sliding.set(node.node, state);
  let settled = null;
  rpc.call('press', { ref: state.ref, controller: state.controller, value })
    .then((snapshot) => { settled = snapshot; })
    .catch((error) => showError(error, `press ${state.ref}`))
    .finally(() => {
      if (state.queued !== null) {
        const next = state.queued;
        state.queued = null;
        sendSlide(node, state, next);
      } else {
        sliding.delete(node.node);
        // The thumb goes where the server settled: the reply's snapshot (its redraw comes after
        // the reply), or after a refusal the value the page last heard of.
        renderer.restore(node.node, settled && settled.type === 'Slider' ? settled : null);
      }
    });
}

function isSliding(number) {
  return sliding.has(number);
}

/** Per secure field: keys sent and not yet answered (its echo is only a mask, so the field waits for the last). */
const secureTyping = new Map();
/** Per secure field: the last key sent, so the next one goes after it (a Backspace first focuses, an extra hop). */
const secureQueues = new Map();

/** A key typed into a secure field: characters go by typeText (which focuses the field too), Backspace by key. */
function secureKey(node, key) {
  if (!node.ref) return;
  const controller = model.screen(node.screen).id;
  secureTyping.set(node.node, (secureTyping.get(node.node) || 0) + 1);
  const send = () => (key === 'Backspace'
    ? focusFirst(node).then(() => rpc.call('key', { key: 'Backspace' }))
    : rpc.call('typeText', { ref: node.ref, text: key, controller }));
  const call = (secureQueues.get(node.node) || Promise.resolve()).then(send);
  const queued = call.catch(() => {});
  secureQueues.set(node.node, queued);
  queued.then(() => { if (secureQueues.get(node.node) === queued) secureQueues.delete(node.node); });
  call.catch((error) => showError(error, `typing into ${node.ref}`)).finally(() => {
    const left = (secureTyping.get(node.node) || 1) - 1;
    if (left > 0) secureTyping.set(node.node, left);
    else {
      secureTyping.delete(node.node);
      renderer.restore(node.node);
    }
  });
}

function isTypingSecure(number) {
  return secureTyping.has(number);
}

function type(node, text) {
  if (!node.ref) return;
  let state = typing.get(node.node);
  if (!state) {
    // `base`: the text the server had when typing began. A redraw the server sent before it took the first
    // text typed (the focus the click gave, say) still carries it; until that first answer, it is stale too.
    state = { ref: node.ref, controller: model.screen(node.screen).id, history: [], inflight: false, queued: null,
      base: node.text ?? '', answered: false };
    typing.set(node.node, state);
  }
  if (state.inflight) {
    state.queued = text;
    return;
  }
  sendText(node.node, state, text);
}

function sendText(number, state, text) {
  state.inflight = true;
  state.history.push(text);
  if (state.history.length > 50) state.history.shift();
  rpc.call('setText', { ref: state.ref, text, controller: state.controller })
    .then(() => { state.answered = true; })
    .catch((error) => showError(error, `setText ${state.ref}`))
    .finally(() => {
      state.inflight = false;
      if (state.queued !== null) {
        const next = state.queued;
        state.queued = null;
        sendText(number, state, next);
      } else {
        forgetTypingIfIdle(number);
      }
    });
}

function forgetTypingIfIdle(number) {
  const state = typing.get(number);
  const el = renderer.elementOf(number);
  if (state && !state.inflight && state.queued === null && document.activeElement !== el) typing.delete(number);
}

/** Whether `text` arriving for a field is the echo of something this page typed (so it must not overwrite newer keystrokes). */
function isEcho(number, text) {
  const state = typing.get(number);
  return !!state && (state.history.includes(text) || (!state.answered && text === state.base));
}

function pop() {
  rpc.call('runTask', { name: 'pop' }).catch((error) => showError(error, 'pop'));
}

// ---------------------------------------------------------------- focus and keys

/** focus calls this page sent that are not answered yet: the server's focus is not the page's to follow meanwhile. */
let focusCallsInFlight = 0;
/** When a person last pressed a key in the page. */
let lastKeyAt = -Infinity;
document.addEventListener('keydown', () => { lastKeyAt = performance.now(); }, true);
/** Set while the page moves the browser's focus itself (to where the server's is), so that move is not sent back. */
let followingServer = false;

/** Gives `node` the server's focus (its controller's), unless it has it; resolves when the server has answered. */
function focusFirst(node) {
  if (!node.ref || node.snapshot.focused === true) return Promise.resolve();
  focusCallsInFlight += 1;
  return rpc.call('focus', { ref: node.ref, controller: model.screen(node.screen).id })
    .catch((error) => showError(error, `focus ${node.ref}`))
    .finally(() => { focusCallsInFlight -= 1; });
}

/** Whether a DOM element takes typed text (where moving the focus away would lose keystrokes). */
function takesText(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  return target.tagName === 'INPUT' && !/^(button|checkbox|radio|range|color|file|submit|reset)$/.test(target.type);
}

/**
 * After a paint: when the server's focus moved (another client, a Tab key, a
 * press), the browser's focus follows it on the top screen, unless a person is
 * typing elsewhere in the page or using the inspector, or this page's own
 * focus call is still on its way (the batch is then older than the person).
 */
function followServerFocus() {
  const arrived = renderer.focusArrived;
  if (!arrived.length || focusCallsInFlight > 0) return;
  const top = model.top;
  const number = arrived.filter((n) => { const node = model.node(n); return node && top && node.screen === top.screen; }).pop();
  if (number === undefined) return;
  const el = renderer.elementOf(number);
  const active = document.activeElement;
  if (!el || el.contains(active)) return;
  if (active && active !== document.body && (inspector.panel.contains(active) || (takesText(active) && !stage.contains(active)))) return;
  // A field a person is typing into keeps the focus (typed into and still focused, or a key in the last 2 s).
  if (takesText(active) && (typing.has(renderer.nodeOf(active)) || performance.now() - lastKeyAt < 2000)) return;
  const target = focusTarget(renderer.entries.get(number));
  if (!target || !model.shown(number)) return;
  followingServer = true;
  try {
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
  } finally {
    followingServer = false;
  }
}

// A person focusing an element (a click, Tab) gives it the server's focus, so every client sees the same.
stage.addEventListener('focusin', (event) => {
  if (followingServer || inspector.picking) return;
  const number = renderer.nodeOf(event.target);
  const node = number === null ? null : model.node(number);
  if (!node || !FOCUSABLE_TYPES.has(node.type) || node.snapshot.focused === true) return;
  if (!model.top || node.screen !== model.top.screen) return;
  focusFirst(node);
});

/** Sends a key as a person pressed it; errors show as toasts. */
function sendKey(key) {
  return rpc.call('key', { key }).catch((error) => showError(error, `key ${key}`));
}

/** Resolves once every setText this page sent for a field has been answered (so a key sees the latest text). */
function typingSettled(number) {
  return new Promise((resolve) => {
    const poll = () => {
      const state = typing.get(number);
      if (!state || (!state.inflight && state.queued === null)) resolve();
      else setTimeout(poll, 5);
    };
    poll();
  });
}

// Enter in a text field runs its return action on the server: after the text typed so far, with the field focused there.
stage.addEventListener('keydown', (event) => {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const number = renderer.nodeOf(target);
  const node = number === null ? null : model.node(number);
  if (!node) return;
  if (event.key === 'Enter' && target.classList.contains('slam-textfield')) {
    event.preventDefault();
    typingSettled(number).then(() => focusFirst(model.node(number) || node)).then(() => sendKey('Enter'));
    return;
  }
  // Enter in a date picker's field presses what was typed; Escape puts back the value typed over
  // (with nothing typed, Escape is the app's, as anywhere on the page).
  if (target.classList.contains('slam-date-input') && event.key === 'Enter') {
    event.preventDefault();
    renderer.pressTypedDate(number);
    return;
  }
  if (target.classList.contains('slam-date-input') && event.key === 'Escape' && renderer.discardTypedDate(number)) {
    event.preventDefault();
    return;
  }
  if (controlKey(event, node, target)) {
    event.preventDefault();
    return;
  }
  // Arrow keys in a sectioned table or a collection move its selection on the server, as there (the arrows it declares).
  if (/^Arrow(Up|Down|Left|Right)$/.test(event.key) && (node.type === 'SectionedTableView' || node.type === 'CollectionView')) {
    if (!HANDLED_KEYS[node.type].includes(event.key)) return;
    event.preventDefault();
    focusFirst(node).then(() => sendKey(event.key)).then((outcome) => followSelection(number, outcome));
  }
});

/**
 * The keys of the ARIA Authoring Practices on the page's own widgets, sent as presses: a
 * spinbutton's arrows, PageUp/PageDown, Home/End (a Stepper); a radio group's arrows, which
 * move the selection round and the focus with it (a SegmentedControl); a slider's arrows,
 * Home and End (a PageControl). Returns whether the key was one of them.
 */
function controlKey(event, node, target) {
  const s = node.snapshot;
  if (s.enabled === false) return false;
  if (node.type === 'Stepper' && target.getAttribute('role') === 'spinbutton') {
    const presses = spinPresses(event.key, s);
    if (!presses) return false;
    pressTimes(node, presses.press, presses.count);
    return true;
  }
  if (node.type === 'DatePicker' && target.getAttribute('role') === 'spinbutton') {
    const mode = s.mode === 'time' || s.mode === 'dateAndTime' ? s.mode : 'date';
    // A day at a time and a week a page; a minute and ten minutes in time mode (the daemon's step).
    const presses = dateSpinPresses(event.key, {
      value: dateSeconds(mode, s.value), min: dateSeconds(mode, s.minimumDate), max: dateSeconds(mode, s.maximumDate),
      step: mode === 'time' ? 60 : 86400, page: mode === 'time' ? 10 : 7,
    });
    if (!presses) return false;
    // The arrows step the value shown, not what was half-typed over it.
    renderer.discardTypedDate(node.node);
    pressTimes(node, presses.press, presses.count);
    return true;
  }
  if (node.type === 'SegmentedControl' && target.getAttribute('role') === 'radio') {
    const count = Array.isArray(s.segments) ? s.segments.length : 0;
    const index = event.key === 'Home' || event.key === 'End' ? null : movedChoice(event.key, s.selectedSegment, count, true);
    if (index === null) return false;
    const radio = target.parentNode.children[index];
    if (radio) radio.focus();
    if (index !== s.selectedSegment) press(node, index);
    return true;
  }
  if (node.type === 'PageControl' && target.getAttribute('role') === 'slider') {
    const count = Number.isInteger(s.numberOfPages) ? s.numberOfPages : 0;
    const index = movedChoice(event.key, s.currentPage, count, false);
    if (index === null) return false;
    if (index !== s.currentPage) press(node, index);
    return true;
  }
  return false;
}

/** After an arrow key in a table or collection: the browser's focus goes to the row or item the server selected. */
function followSelection(number, outcome) {
  const el = renderer.elementOf(number);
  const focused = outcome && outcome.focused;
  if (!el || !focused || !el.contains(document.activeElement)) return;
  let target = null;
  if (focused.type === 'SectionedTableView' && Array.isArray(focused.selectedRows) && focused.selectedRows.length) {
    target = el.querySelector(`[data-position="${focused.selectedRows[0].join(',')}"]`);
  } else if (focused.type === 'CollectionView' && Array.isArray(focused.selectedKeys) && focused.selectedKeys.length) {
    target = [...el.querySelectorAll('[data-key]')].find((cell) => cell.dataset.key === String(focused.selectedKeys[focused.selectedKeys.length - 1]));
  }
  if (target && target !== document.activeElement) target.focus();
}

const renderer = new Renderer(screens, model, {
  onPress: press, onText: type, onPop: pop, isEcho, onSecureKey: secureKey, isTypingSecure, onSlide: slide, isSliding,
});

stage.addEventListener('focusout', (event) => {
  const number = renderer.nodeOf(event.target);
  if (number !== null && typing.has(number)) setTimeout(() => forgetTypingIfIdle(number), 0);
});
backButton.addEventListener('click', pop);

// ---------------------------------------------------------------- painting

function paint(changes) {
  renderer.paint(changes);
  // While a trace's past screen is shown, the title bar is the trace's.
  if ((changes.stack || changes.reset) && !(inspector && inspector.trace.active)) updateChrome();
  followServerFocus();
  inspector.modelChanged(changes);
  window.dispatchEvent(new CustomEvent('slam:painted', { detail: { seq: model.seq, reset: changes.reset } }));
  for (let index = seqWaiters.length - 1; index >= 0; index -= 1) {
    if (seqWaiters[index].seq <= model.seq) {
      seqWaiters[index].resolve(model.seq);
      seqWaiters.splice(index, 1);
    }
  }
}

/** The title bar: the top screen's title, Back when a pop would leave a screen underneath (a sheet has its own Close). */
function updateChrome() {
  const stack = model.stack;
  const top = model.top;
  let base = stack.length - 1;
  while (base > 0 && stack[base].modal) base -= 1;
  const title = stack[base] ? (stack[base].title || stack[base].id) : 'Slam';
  titleElement.textContent = title;
  const where = instance === MAIN_INSTANCE ? '' : ` · ${instance}`;
  document.title = top ? `${top.title || top.id}${where} · Slam` : `Slam${where}`;
  backButton.hidden = !(stack.length > 1 && top && !top.modal);
  if (!backButton.hidden) {
    const below = stack[stack.length - 2];
    backButton.setAttribute('aria-label', `Back to ${below.title || below.id}`);
    $('back-label').textContent = below.title || below.id;
  }
}

// ---------------------------------------------------------------- the connection

let attaching = false;
let everAttached = false;

async function attach() {
  if (attaching) return;
  attaching = true;
  const started = performance.now();
  try {
    const result = await rpc.call('ui.attach');
    const painting = performance.now();
    const changes = model.attach(result);
    typing.clear();
    paint(changes);
    stats.attachPaintMs = performance.now() - painting;
    stats.attachMs = performance.now() - started;
    // The first frame that shows it: after the next animation frame's paint.
    requestAnimationFrame(() => setTimeout(() => { stats.attachFrameMs = performance.now() - started; }, 0));
    loading.hidden = true;
    everAttached = true;
    resolveReady(model.seq);
  } catch (error) {
    if (error instanceof ModelError) {
      console.error('slam: unusable ui.attach result', error);
      toast('The server sent a state this page cannot read; retrying.', { kind: 'error', detail: error.message });
      attaching = false;
      setTimeout(attach, 1000);
      return;
    }
    if (error instanceof RpcError && error.code === INSTANCE_CLOSED) {
      instanceEnded({ reason: 'closed' });
    } else if (!(error instanceof ConnectionLost)) {
      showError(error, 'ui.attach');
      if (!everAttached) $('loading-text').textContent = `Could not attach to slamd: ${error.message}`;
    }
  } finally {
    attaching = false;
  }
}

function redraw(params) {
  // Batches that arrive while an attach is in flight are older than its result. Any
  // other batch must be the next one: a gap or a repeat means this copy is wrong, and
  // model.apply refuses it, so the page attaches again (a full state).
  if (attaching || switching || !model.attached) return;
  const started = performance.now();
  let changes;
  try {
    changes = model.apply(params);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    console.warn('slam: resynchronising after', error.message, error.details);
    attach();
    return;
  }
  paint(changes);
  const elapsed = performance.now() - started;
  stats.paints += 1;
  stats.lastPaintMs = elapsed;
  stats.paintMs.push(elapsed);
  if (stats.paintMs.length > 200) stats.paintMs.shift();
}

rpc.onNotification = (method, params) => {
  if (method === 'ui.redraw') {
    redraw(params);
    return;
  }
  inspector.event(method, params);
  if (method === 'ui.detached' && params && params.instance === instance) {
    instanceEnded({ reason: typeof params.reason === 'string' ? params.reason : 'detached' });
    return;
  }
  if (method === 'openURL' && params && typeof params.address === 'string') {
    const safe = /^https?:\/\//i.test(params.address);
    toast(`The app asked to open ${params.address}`, { link: safe ? params.address : null });
  }
};

rpc.onOpen = () => {
  useInstanceAndAttach();
  // The app asking to open an address shows as a toast with a link, inspector or not.
  if (!inspector.connected()) {
    rpc.call('subscribe', { events: ['openURL'] }).catch((error) => showError(error, 'subscribe'));
  }
};

let countdown = null;
rpc.onStatus = (status) => {
  statusElement.dataset.status = status;
  statusElement.setAttribute('aria-label', { open: 'Connected', connecting: 'Connecting', closed: 'Disconnected',
    refused: 'Refused: open the new address' }[status]);
  statusElement.title = statusElement.getAttribute('aria-label');
  const offline = status !== 'open';
  app.classList.toggle('is-offline', offline && everAttached);
  stage.inert = offline;
  clearInterval(countdown);
  retryButton.hidden = status === 'refused';
  banner.classList.toggle('is-refused', status === 'refused');
  loading.classList.toggle('is-refused', status === 'refused');
  if (status === 'open') {
    banner.hidden = true;
    return;
  }
  if (status === 'refused') {
    // The daemon answers but not to this token: retrying cannot help, the new address can.
    const message = () => (token ? restartedMessage() : needsAddressMessage());
    if (!everAttached) $('loading-text').replaceChildren(...message());
    banner.hidden = !everAttached;
    bannerText.replaceChildren(...message());
    return;
  }
  if (!everAttached && status === 'closed') {
    $('loading-text').textContent = 'Cannot reach slamd: retrying…';
  }
  if (!everAttached && status === 'connecting') return;
  banner.hidden = false;
  const describe = () => {
    if (rpc.status === 'connecting') {
      bannerText.textContent = 'Disconnected — reconnecting…';
      return;
    }
    const seconds = Math.max(0, Math.ceil((rpc.retryAt - Date.now()) / 1000));
    bannerText.textContent = `Disconnected — reconnecting${seconds > 0 ? ` in ${seconds} s` : ''}…`;
  };
  describe();
  if (status === 'closed') countdown = setInterval(describe, 250);
};

/** What the page says when slamd refuses its token: the daemon restarted, with a new one. */
function restartedMessage() {
  return ['slamd restarted: open the new address; ', code('slamctl open'), ' prints it.'];
}

/** What the page says when it has no token at all. */
function needsAddressMessage() {
  return ['This page needs the address slamd printed, which carries its token: ', code('slamctl open'), ' prints it.'];
}

function code(text) {
  const element = document.createElement('code');
  element.textContent = text;
  return element;
}
retryButton.addEventListener('click', () => rpc.retryNow());

// ---------------------------------------------------------------- instances

const instancePill = $('instance-name');
const instanceBanner = $('instance-banner');
/** Why the page's instance cannot be shown (`{reason, open}`: closed, or not open), or null while it can. */
let instanceGone = null;
/** Set while a switch detaches and moves the connection: a batch meanwhile belongs to neither instance (the attach after has its own guard). */
let switching = false;

/** On every (re)connection: a page for an instance other than main moves its connection there first. */
async function useInstanceAndAttach() {
  if (instance !== MAIN_INSTANCE) {
    try {
      instanceInfo = await rpc.call('instance.use', { instance });
    } catch (error) {
      if (error instanceof RpcError && error.code === INSTANCE_NOT_FOUND) {
        // A page that saw it closed keeps saying so; an address naming no open instance says which are.
        instanceEnded({ reason: instanceGone && instanceGone.reason === 'closed' ? 'closed' : 'missing', open: openInstances(error) });
      } else if (!(error instanceof ConnectionLost)) {
        showError(error, `instance.use ${instance}`);
      }
      return;
    }
    instanceGone = null;
    showInstanceChrome();
  }
  attach();
}

/**
 * Shows another instance in place: the renderer detaches from the one shown, the connection
 * moves, the renderer attaches there, and the address's `?instance=` follows (a reload stays).
 * Resolves once the new instance is painted, or the switch failed (a toast says why).
 */
async function switchInstance(handle) {
  if (switching) return;
  if (!rpc.connected) {
    toast('Not connected: the page shows another instance once slamd answers again.', { kind: 'error' });
    return;
  }
  switching = true;
  let detached = false;
  try {
    // A closed instance detached the page already (and refuses ui.detach).
    if (model.attached && instanceGone === null) {
      await rpc.call('ui.detach');
      detached = true;
    }
    instanceInfo = await rpc.call('instance.use', { instance: handle });
    instance = handle;
    instanceGone = null;
    history.replaceState(history.state, '', addressForInstance(location, handle));
    showInstanceChrome();
    inspector.instanceChanged();
    switching = false;
    await attach();
  } catch (error) {
    if (error instanceof RpcError && error.code === INSTANCE_NOT_FOUND) {
      toast(missingInstanceText(handle, { reason: 'missing', open: openInstances(error) }), { kind: 'error' });
    } else {
      showError(error, `instance.use ${handle}`);
    }
    // Still on the instance it showed: it shows it again.
    if (detached && rpc.connected) await attach();
  } finally {
    switching = false;
  }
}

/** The open instances -32018 names (its `data.open`), or null. */
function openInstances(error) {
  return error.data && Array.isArray(error.data.open) ? error.data.open : null;
}

/** The page's instance cannot be shown (closed, or not open): the banner says so and offers others; nothing switches by itself. */
function instanceEnded(gone) {
  instanceGone = { reason: gone.reason, open: gone.open || null };
  showInstanceChrome();
  if (!everAttached) {
    loading.classList.add('is-stopped');
    $('loading-text').textContent = 'Choose an instance to show.';
  }
  // Which instances are open, for the message, when the daemon did not say.
  if (!gone.open && rpc.connected) {
    rpc.call('instance.list').then((entries) => {
      if (instanceGone === null || !Array.isArray(entries)) return;
      instanceGone.open = entries.map((entry) => entry.instance);
      showInstanceChrome();
    }, () => {});
  }
}

/** The header's instance name (for instances other than main), the banner of a closed or missing one, the title. */
function showInstanceChrome() {
  const gone = instanceGone;
  const info = !gone && instanceInfo && instanceInfo.instance === instance ? instanceInfo : { instance };
  const name = instanceName(info);
  instancePill.hidden = instance === MAIN_INSTANCE && !gone;
  instancePill.classList.toggle('is-gone', gone !== null);
  // The label goes on a phone's narrow title bar; the handle stays.
  $('instance-name-text').textContent = instance;
  $('instance-name-label').textContent = info.label ? ` · ${info.label}` : '';
  const label = gone ? `Instance ${instance} is not open: choose another` : `Instance ${name}: show the instances`;
  instancePill.setAttribute('aria-label', label);
  instancePill.title = label;
  app.classList.toggle('is-detached', gone !== null);
  // The closed app's last screen stays in sight, dimmed, and takes no input (the stage stays the page's main landmark).
  screens.inert = gone !== null;
  instanceBanner.hidden = gone === null;
  if (gone) {
    const text = gone.reason === 'closed' || gone.reason === 'missing'
      ? missingInstanceText(instance, gone)
      : `This page no longer shows instance ${instance} (${gone.reason}).`;
    $('instance-banner-text').textContent = text;
    $('instance-choose').hidden = Array.isArray(gone.open) && gone.open.length < 2;
  }
  if (!(inspector && inspector.trace.active)) updateChrome();
}

$('instance-main').addEventListener('click', () => switchInstance(MAIN_INSTANCE));
$('instance-choose').addEventListener('click', () => inspector.showInstances());
instancePill.addEventListener('click', () => inspector.showInstances());

// ---------------------------------------------------------------- inspector and keys

const inspector = new Inspector({
  panel: $('inspector'),
  toggle: $('inspect-toggle'),
  app,
  stage,
  screens,
  // A trace's past screen takes the title bar while it is shown; the live page's comes back after.
  chrome: { title: titleElement, back: backButton, restore: updateChrome },
  model,
  renderer,
  rpc,
  toast,
  showError,
  instances: { current: () => instance, onSwitch: switchInstance },
});

document.addEventListener('keydown', (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  const typingInto = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  if (event.key === 'Escape') {
    // In the inspector (or while picking) Escape is the inspector's; on the page it is the app's:
    // it cancels an alert that has a cancel button, or goes back.
    if (inspector.picking || inspector.panel.contains(target)) {
      if (inspector.handleEscape()) event.preventDefault();
    } else if (model.top && !app.classList.contains('is-offline') && instanceGone === null) {
      event.preventDefault();
      sendKey('Escape');
    }
    return;
  }
  // Enter with nothing focused in the page answers an alert (its first plain button), as the server says.
  if (event.key === 'Enter' && (target === document.body || target === null) && model.top && instanceGone === null) {
    const root = model.node(model.top.root);
    if (root && root.type === 'Alert') {
      event.preventDefault();
      sendKey('Enter');
      return;
    }
  }
  if (typingInto) return;
  if (event.key === 'i' || event.key === 'I') {
    inspector.toggle();
    event.preventDefault();
  } else if (event.key === 'p' || event.key === 'P') {
    inspector.togglePick();
    event.preventDefault();
  }
});

// ---------------------------------------------------------------- test hook

window.slam = {
  model,
  rpc,
  renderer,
  inspector,
  ready,
  stats,
  get seq() { return renderer.seq; },
  get instance() { return instance; },
  switchInstance,
  /** Applies and paints a `ui.redraw` batch as if the server sent it (tests and fixtures). */
  redraw,
  /** Resolves once batch `seq` (or a later one) is painted. */
  whenSeq(seq) {
    if (renderer.seq >= seq) return Promise.resolve(renderer.seq);
    return new Promise((resolve) => seqWaiters.push({ seq, resolve }));
  },
};

showInstanceChrome();
rpc.start();
