// The inspector: a panel beside the app (a bottom sheet on phones) with
//   Elements — every screen's element tree (collapsible, hidden and disabled
//              marked); pick an element there or on the page (pick mode, with
//              a hover outline) to see its snapshot, its reference path, and
//              ready-to-copy slamctl, flow and Python snippets;
//   Events   — a live log of changed, navigated, taskRan, stateChanged, log, openURL, focusChanged,
//              and of this page's calls that failed, with the error's details (its toast says only the message);
//   State    — the shared state, each value editable as JSON (state.set);
//   Stack    — the navigation stack;
//   Record   — a flow written from what people and scripts do (recorder.js);
//   Trace    — a trace file opened in the page, stepped through with the screen at each step (trace-view.js);
//   Instances — the daemon's isolated apps: which one the page shows, switch, make and close one (instances.js).

import { el, button } from './dom.js';
import { RecordPanel } from './recorder.js';
import { TraceView } from './trace-view.js';
import { InstancesPanel } from './instances.js';
import { PRESSABLE_TYPES, TEXT_TYPES, PRIMARY_PROPERTY } from './elements.js';

const EVENTS = ['changed', 'navigated', 'taskRan', 'stateChanged', 'log', 'openURL', 'focusChanged'];
const MAX_LOG = 300;
const CHILDREN_SHOWN = 100;

/** Types a snippet presses (a text field's snippet types into it instead), and the property a flow step best checks. */
const PRESSABLE = new Set([...PRESSABLE_TYPES].filter((type) => !TEXT_TYPES.has(type)));
const EXPECTED_PROPERTY = PRIMARY_PROPERTY;

/** The rows of a sectioned table or the items of a collection, as [section, index] positions in order. */
function positions(snapshot, what) {
  const list = [];
  (Array.isArray(snapshot.sections) ? snapshot.sections : []).forEach((section, index) => {
    const entries = section && Array.isArray(section[what]) ? section[what] : [];
    entries.forEach((entry, at) => list.push({ position: [index, at], entry }));
  });
  return list;
}

/** The position after the first selected one (wrapping), or the first; null when there is none. */
function nextPosition(list, isSelected) {
  if (!list.length) return null;
  const first = list.findIndex(isSelected);
  return list[(first + 1) % list.length].position;
}

/**
 * A number a slider's press snippet sets: the middle of its range, or its maximum when it is
 * there already, on a step (as the server would snap it), without binary noise.
 */
export function sliderTarget(snapshot) {
  const minimum = typeof snapshot.minimumValue === 'number' ? snapshot.minimumValue : 0;
  const maximum = typeof snapshot.maximumValue === 'number' ? snapshot.maximumValue : 1;
  const step = typeof snapshot.stepValue === 'number' && snapshot.stepValue > 0 ? snapshot.stepValue : 0;
  // The value on a step nearest to `wanted`, never past the maximum (as the slider itself snaps).
  const onStep = (wanted) => {
    if (!step) return Number(wanted.toPrecision(12));
    let snapped = minimum + Math.floor((wanted - minimum) / step + 0.5) * step;
    if (snapped > maximum) snapped -= step;
    return Number(snapped.toPrecision(12));
  };
  const middle = onStep((minimum + maximum) / 2);
  if (snapshot.value !== middle) return middle;
  // In the middle already: the highest value it can take, else the lowest, so the snippet moves it.
  const highest = onStep(maximum);
  return highest !== snapshot.value ? highest : minimum;
}

/** The text of a sectioned table's row or a collection's item (a plain string in storyboards). */
function entryText(entry) {
  return typeof entry === 'string' ? entry : entry && entry.text != null ? String(entry.text) : '';
}

/** An SVG icon from a path (presentation attributes only: the CSP forbids inline styles). */
function icon(d) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '18');
  svg.setAttribute('height', '18');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

const ICONS = {
  pick: 'M12 3v4M12 17v4M3 12h4M17 12h4M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8z',
  close: 'M6 6l12 12M18 6L6 18',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  eye: 'M2 12s3.5-7 10-7s10 7 10 7s-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6z',
};

/** A word for a shell: bare when safe, else single-quoted. */
export function shellWord(text) {
  const value = String(text);
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A Python literal for a JSON value. */
export function pythonLiteral(value) {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pythonLiteral(v)}`).join(', ')}}`;
}

/**
 * The snippets that reach an element from a script: a slamctl command, a flow
 * step and a Python call. `controller` is given when the element is not on
 * the top screen. Returns null for an element without a reference.
 */
export function snippets(snapshot, controller) {
  const ref = snapshot.ref;
  if (!ref) return null;
  const type = snapshot.type;
  const cliController = controller ? ` --controller ${shellWord(controller)}` : '';
  const flowController = controller ? { controller } : {};
  const pyController = controller ? `, controller=${JSON.stringify(controller)}` : '';
  let value;
  if (type === 'Switch') value = !snapshot.isOn;
  else if (type === 'Stepper') value = snapshot.value >= snapshot.maximumValue ? 'decrement' : 'increment';
  else if (type === 'Slider') value = sliderTarget(snapshot);
  else if (type === 'SegmentedControl') {
    const count = Array.isArray(snapshot.segments) ? snapshot.segments.length : 0;
    value = count ? ((snapshot.selectedSegment ?? -1) + 1) % count : 0;
  } else if (type === 'PageControl') {
    value = snapshot.numberOfPages ? ((snapshot.currentPage ?? -1) + 1) % snapshot.numberOfPages : 0;
  } else if (type === 'SingleItemTableView') {
    const count = Array.isArray(snapshot.items) ? snapshot.items.length : 0;
    value = count ? ((snapshot.selectedRow ?? -1) + 1) % count : 0;
  } else if (type === 'PickerView') {
    // A position, [component, row]: the next row of the first component.
    const rows = Array.isArray(snapshot.components) && Array.isArray(snapshot.components[0]) ? snapshot.components[0].length : 0;
    const current = Array.isArray(snapshot.selectedRows) && Number.isInteger(snapshot.selectedRows[0]) ? snapshot.selectedRows[0] : -1;
    value = [0, rows ? (current + 1) % rows : 0];
  } else if (type === 'SectionedTableView') {
    const selected = new Set((Array.isArray(snapshot.selectedRows) ? snapshot.selectedRows : []).map((pair) => String(pair)));
    value = nextPosition(positions(snapshot, 'rows'), ({ position }) => selected.has(String(position))) || [0, 0];
  } else if (type === 'CollectionView') {
    const selected = new Set(Array.isArray(snapshot.selectedKeys) ? snapshot.selectedKeys : []);
    const key = (entry) => (typeof entry === 'string' ? entry : entry && entry.key != null ? String(entry.key) : entryText(entry));
    value = nextPosition(positions(snapshot, 'items'), ({ entry }) => selected.has(key(entry))) || [0, 0];
  } else if (type === 'DatePicker') {
    // An ISO 8601 value, in UTC, as the snapshot writes it.
    value = typeof snapshot.value === 'string' && snapshot.value ? snapshot.value : 'increment';
  }
  if (PRESSABLE.has(type)) {
    const cliWord = Array.isArray(value) ? shellWord(JSON.stringify(value)) : value === true ? 'on' : value === false ? 'off' : shellWord(value);
    const cliValue = value === undefined ? '' : ` ${cliWord}`;
    const step = { press: ref, ...(value === undefined ? {} : { value }), ...flowController };
    const pyValue = value === undefined ? '' : `, value=${pythonLiteral(value)}`;
    return {
      slamctl: `slamctl press ${shellWord(ref)}${cliValue}${cliController}`,
      flow: JSON.stringify(step),
      python: `client.press(${JSON.stringify(ref)}${pyValue}${pyController})`,
    };
  }
  if (type === 'TextField' && snapshot.secure) {
    // A secure field's text is never shown: type into it (its snapshot shows one • per character).
    return {
      slamctl: `slamctl text ${shellWord(ref)} 'secret'${cliController}`,
      flow: JSON.stringify({ text: ref, value: 'secret', ...flowController }),
      python: `client.set_text(${JSON.stringify(ref)}, "secret"${pyController})`,
    };
  }
  if (type === 'TextField') {
    const text = snapshot.text || 'Hello';
    return {
      slamctl: `slamctl text ${shellWord(ref)} ${shellWord(text)}${cliController}`,
      flow: JSON.stringify({ text: ref, value: text, ...flowController }),
      python: `client.set_text(${JSON.stringify(ref)}, ${JSON.stringify(text)}${pyController})`,
    };
  }
  const property = EXPECTED_PROPERTY[type] || 'visible';
  const expected = snapshot[property] === undefined ? null : snapshot[property];
  return {
    slamctl: `slamctl find ${shellWord(ref)}${cliController}`,
    flow: JSON.stringify({ expect: ref, property, equals: expected, ...flowController }),
    python: `client.find(${JSON.stringify(ref)}${pyController})[${JSON.stringify(property)}]`,
  };
}

/** What an element shows, in a few words, for the tree: its text, value or selection. */
export function describe(snapshot) {
  let text = '';
  if (typeof snapshot.text === 'string' && snapshot.text) text = snapshot.text;
  else if (typeof snapshot.isOn === 'boolean') text = snapshot.isOn ? 'on' : 'off';
  else if (typeof snapshot.value === 'number') text = String(Math.round(snapshot.value * 10000) / 10000);
  else if (typeof snapshot.progress === 'number') text = `${Math.round(snapshot.progress * 100)} %`;
  else if (typeof snapshot.animating === 'boolean') text = snapshot.animating ? 'animating' : 'stopped';
  else if (snapshot.type === 'DatePicker') text = typeof snapshot.value === 'string' ? snapshot.value : '';
  else if (snapshot.type === 'PickerView' && Array.isArray(snapshot.components)) {
    const rows = Array.isArray(snapshot.selectedRows) ? snapshot.selectedRows : [];
    text = snapshot.components.map((component, index) => (Array.isArray(component) && component[rows[index]] !== undefined ? component[rows[index]] : '—')).join(' · ');
  } else if (snapshot.type === 'SectionedTableView' && Array.isArray(snapshot.sections)) {
    const rows = positions(snapshot, 'rows');
    const selected = (Array.isArray(snapshot.selectedRows) ? snapshot.selectedRows : []).map(String);
    const chosen = rows.filter(({ position }) => selected.includes(String(position))).map(({ entry }) => entryText(entry));
    text = `${snapshot.sections.length} sections, ${rows.length} rows${chosen.length ? ` · ${chosen.join(', ')}` : ''}`;
  } else if (snapshot.type === 'CollectionView' && Array.isArray(snapshot.sections)) {
    const items = positions(snapshot, 'items');
    const keys = Array.isArray(snapshot.selectedKeys) ? snapshot.selectedKeys : [];
    text = `${items.length} items${keys.length ? ` · ${keys.join(', ')}` : ''}`;
  } else if (snapshot.type === 'Alert') text = snapshot.title || 'Alert';
  else if (Array.isArray(snapshot.items)) {
    const row = snapshot.selectedRow;
    text = `${snapshot.items.length} rows${Number.isInteger(row) && snapshot.items[row] !== undefined ? ` · ${snapshot.items[row]}` : ''}`;
  } else if (Array.isArray(snapshot.segments)) {
    const chosen = snapshot.segments[snapshot.selectedSegment];
    text = chosen !== undefined ? chosen : snapshot.segments.join(' | ');
  } else if (Number.isInteger(snapshot.numberOfPages)) text = `page ${(snapshot.currentPage ?? 0) + 1} of ${snapshot.numberOfPages}`;
  else if (typeof snapshot.title === 'string' && snapshot.title) text = snapshot.title;
  else if (typeof snapshot.axis === 'string' && snapshot.axis === 'horizontal') text = '↔';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function isDisabled(snapshot) {
  return snapshot.enabled === false;
}

/** Short marks for the tree and the details: the server's focus, a button's style, a secure field, several selectable. */
export function marks(snapshot) {
  const list = [];
  if (snapshot.focused === true) list.push('focused');
  if (snapshot.type === 'Button' && (snapshot.style === 'cancel' || snapshot.style === 'destructive')) list.push(snapshot.style);
  if (snapshot.type === 'TextField' && snapshot.secure) list.push('secure');
  if (snapshot.multipleSelection === true) list.push('multiple');
  return list;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    const area = el('textarea', 'offscreen');
    area.value = text;
    document.body.append(area);
    area.select();
    let done = false;
    try { done = document.execCommand('copy'); } catch (ignored) { done = false; }
    area.remove();
    return done;
  }
}

function timeOfDay(date) {
  return date.toTimeString().slice(0, 8) + `.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

export class Inspector {
  /** `instances`: `{current(), onSwitch(handle)}`, the handle the page shows and how it switches to another. */
  constructor({ panel, toggle, app, stage, screens, chrome, model, renderer, rpc, toast, showError, instances }) {
    this.panel = panel;
    this.toggleButton = toggle;
    this.app = app;
    this.stage = stage;
    this.model = model;
    this.renderer = renderer;
    this.rpc = rpc;
    this.toast = toast;
    this.showError = showError;
    this.open = false;
    this.tab = 'elements';
    this.selected = null;
    /** Node numbers expanded in the tree; screens by `s<number>`. */
    this.expanded = new Set();
    this.showAll = new Set();
    this.subscribed = false;
    this.log = [];
    this.logPaused = false;
    this.unseenEvents = 0;
    this.editingKey = null;
    this.treeDirty = true;
    this.treeTimer = null;
    this.picking = false;
    /** The pick-mode hint while it shows (`toast` returns a handle). */
    this.pickToast = null;
    this.instanceHooks = instances;
    this.build();
    this.trace = new TraceView({ section: this.panels.trace, panel, stage, screens, app, chrome, toast });
    toggle.addEventListener('click', () => this.toggle());
    this.onPickMove = (event) => this.pickMove(event);
    this.onPickClick = (event) => this.pickClick(event);
    // While picking, pressing on the page neither focuses nor presses anything.
    this.onPickDown = (event) => { if (this.pickTarget(event) !== null) event.preventDefault(); };
    window.addEventListener('resize', () => this.placeOutline());
    stage.addEventListener('scroll', () => this.placeOutline(), true);
  }

  // ------------------------------------------------------------ structure

  build() {
    const p = this.panel;
    p.classList.add('inspector');
    p.setAttribute('aria-label', 'Inspector');

    const head = el('div', 'inspector-head');
    const tabs = el('div', 'tabs');
    tabs.setAttribute('role', 'tablist');
    this.tabButtons = {};
    this.panels = {};
    for (const [name, label] of [['elements', 'Elements'], ['events', 'Events'], ['state', 'State'], ['stack', 'Stack'], ['record', 'Record'], ['trace', 'Trace'], ['instances', 'Instances']]) {
      const tab = button('tab', label);
      tab.id = `tab-${name}`;
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-controls', `panel-${name}`);
      tab.addEventListener('click', () => this.showTab(name));
      tab.addEventListener('keydown', (event) => this.tabKey(event, name));
      tabs.append(tab);
      this.tabButtons[name] = tab;
    }
    this.eventBadge = el('span', 'badge');
    this.eventBadge.hidden = true;
    this.tabButtons.events.append(this.eventBadge);
    // How many instances are open, when there are others than main.
    this.instanceBadge = el('span', 'badge badge-quiet');
    this.instanceBadge.hidden = true;
    this.tabButtons.instances.append(this.instanceBadge);
    this.pickButton = button('icon-button pick-button', null, 'Pick an element on the page (P)');
    this.pickButton.title = 'Pick an element on the page (P)';
    this.pickButton.setAttribute('aria-pressed', 'false');
    this.pickButton.append(icon(ICONS.pick));
    this.pickButton.addEventListener('click', () => this.togglePick());
    const close = button('icon-button', null, 'Close the inspector (I)');
    close.title = 'Close (I)';
    close.append(icon(ICONS.close));
    close.addEventListener('click', () => this.toggle(false));
    head.append(tabs, this.pickButton, close);

    // Elements: tree above, details below.
    const elements = this.section('elements');
    // Rows of buttons (expand, select) indented by depth: a group of buttons, not an ARIA tree,
    // whose items would have to be the focusable rows themselves.
    this.tree = el('div', 'tree');
    this.tree.setAttribute('role', 'group');
    this.tree.setAttribute('aria-label', 'Element tree');
    this.tree.addEventListener('click', (event) => this.treeClick(event));
    this.tree.addEventListener('keydown', (event) => this.treeKey(event));
    this.tree.addEventListener('mouseover', (event) => {
      const row = event.target.closest('[data-tree-node]');
      this.outline(row ? Number(row.dataset.treeNode) : null, 'hover');
    });
    this.tree.addEventListener('mouseleave', () => this.outline(null, 'hover'));
    this.details = el('div', 'details');
    elements.append(this.tree, this.details);

    // Events.
    const events = this.section('events');
    const bar = el('div', 'log-toolbar');
    this.pauseButton = button('small-button', 'Pause');
    this.pauseButton.setAttribute('aria-pressed', 'false');
    this.pauseButton.addEventListener('click', () => {
      this.logPaused = !this.logPaused;
      this.pauseButton.textContent = this.logPaused ? 'Resume' : 'Pause';
      this.pauseButton.setAttribute('aria-pressed', String(this.logPaused));
    });
    const clear = button('small-button', 'Clear');
    clear.addEventListener('click', () => { this.log = []; this.logList.replaceChildren(); this.logEmpty.hidden = false; });
    this.logNote = el('span', 'log-note', 'Subscribed to changed, navigated, taskRan, stateChanged, log, openURL');
    bar.append(this.logNote, this.pauseButton, clear);
    this.logList = el('ol', 'log');
    this.logList.setAttribute('aria-live', 'off');
    this.logEmpty = el('p', 'empty-note', 'Events appear here as they happen: press something, or drive the app from a script.');
    events.append(bar, this.logEmpty, this.logList);

    // State.
    const state = this.section('state');
    this.stateList = el('div', 'state-list');
    const form = el('form', 'state-add');
    form.noValidate = true;
    const formTitle = el('div', 'state-add-title', 'Set a key');
    const keyInput = el('input', 'field');
    keyInput.placeholder = 'key';
    keyInput.setAttribute('aria-label', 'Key');
    keyInput.autocomplete = 'off';
    keyInput.spellcheck = false;
    const valueInput = el('textarea', 'field code');
    valueInput.placeholder = 'value as JSON, e.g. 5, "text", [1, 2], {"a": true}';
    valueInput.setAttribute('aria-label', 'Value as JSON');
    valueInput.rows = 2;
    valueInput.spellcheck = false;
    const addError = el('div', 'form-error');
    addError.setAttribute('role', 'alert');
    const submit = button('small-button primary', 'Set');
    submit.type = 'submit';
    form.append(formTitle, keyInput, valueInput, addError, submit);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const key = keyInput.value.trim();
      if (!key) { addError.textContent = 'Give a key.'; keyInput.focus(); return; }
      this.setState(key, valueInput.value, addError).then((ok) => {
        if (ok) { keyInput.value = ''; valueInput.value = ''; }
      });
    });
    this.stateEmpty = el('p', 'empty-note', 'The shared state is empty.');
    state.append(this.stateEmpty, this.stateList, form);

    // Stack.
    const stack = this.section('stack');
    this.stackList = el('ol', 'stack-list');
    stack.append(this.stackList);

    // Record: a flow from what people and scripts do.
    const record = this.section('record');
    this.recorder = new RecordPanel({ section: record, rpc: this.rpc, toast: this.toast, showError: this.showError });
    this.recorder.onChange = () => { if (this.selected !== null && this.tab === 'elements') this.renderDetails(); };

    // Trace: filled by the TraceView.
    const trace = this.section('trace');

    // Instances: the daemon's isolated apps.
    const instances = this.section('instances');
    this.instances = new InstancesPanel({
      section: instances,
      rpc: this.rpc,
      toast: this.toast,
      showError: this.showError,
      current: this.instanceHooks.current,
      onSwitch: this.instanceHooks.onSwitch,
      onCount: (count) => {
        this.instanceBadge.hidden = count < 2;
        this.instanceBadge.textContent = String(count);
        this.instanceBadge.title = `${count} instances open`;
      },
    });

    p.append(head, elements, events, state, stack, record, trace, instances);

    this.hoverOutline = el('div', 'pick-outline is-hover');
    this.hoverLabel = el('div', 'pick-label');
    this.hoverOutline.append(this.hoverLabel);
    this.selectedOutline = el('div', 'pick-outline is-selected');
    this.hoverOutline.hidden = true;
    this.selectedOutline.hidden = true;
    document.body.append(this.hoverOutline, this.selectedOutline);
    this.showTab('elements', false);
  }

  section(name) {
    const section = el('section', `inspector-panel panel-${name}`);
    section.id = `panel-${name}`;
    section.setAttribute('role', 'tabpanel');
    section.setAttribute('aria-labelledby', `tab-${name}`);
    this.panels[name] = section;
    return section;
  }

  showTab(name, focus = false) {
    this.tab = name;
    for (const [key, tab] of Object.entries(this.tabButtons)) {
      const on = key === name;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      this.panels[key].hidden = !on;
    }
    if (focus) this.tabButtons[name].focus();
    if (name === 'events') {
      this.unseenEvents = 0;
      this.eventBadge.hidden = true;
    }
    this.refresh();
  }

  tabKey(event, name) {
    const names = Object.keys(this.tabButtons);
    const index = names.indexOf(name);
    if (event.key === 'ArrowRight') this.showTab(names[(index + 1) % names.length], true);
    else if (event.key === 'ArrowLeft') this.showTab(names[(index + names.length - 1) % names.length], true);
    else return;
    event.preventDefault();
  }

  // ------------------------------------------------------------ opening

  toggle(force) {
    const open = force === undefined ? !this.open : force;
    if (open === this.open) return;
    this.open = open;
    this.panel.hidden = !open;
    this.app.classList.toggle('inspector-open', open);
    this.toggleButton.setAttribute('aria-pressed', String(open));
    if (open) {
      // Others make and close instances too: the list is asked for while the panel is open, never while it is closed.
      this.instances.startPolling();
      this.subscribe();
      this.treeDirty = true;
      if (!this.selected && this.model.top) this.expandToTop();
      this.refresh();
      this.tabButtons[this.tab].focus();
    } else {
      this.instances.stopPolling();
      this.setPicking(false);
      // A past screen belongs to the Trace tab: with the panel gone, the page shows the live app again.
      this.trace.leave();
      this.outline(null, 'hover');
      this.outline(null, 'selected');
      this.toggleButton.focus();
    }
  }

  /** Opens the panel at the Instances tab (the header's instance name, a closed instance's banner). */
  showInstances() {
    if (!this.open) this.tab = 'instances';
    this.toggle(true);
    this.showTab('instances', true);
  }

  /**
   * The page shows another instance now: what belonged to the one it left goes (the selected
   * element, a past screen of a trace); a recording stops, since a flow replays one app.
   */
  instanceChanged() {
    this.selected = null;
    this.expanded.clear();
    this.treeDirty = true;
    this.outline(null, 'hover');
    this.outline(null, 'selected');
    this.trace.leave();
    if (this.recorder.recording) {
      this.recorder.stop();
      this.toast('Recording stopped: the page shows another instance now (the flow so far can still be downloaded).');
    }
    if (this.open) this.instances.refresh();
  }

  /** Esc: leave pick mode, else close the panel. Returns whether it did something. */
  handleEscape() {
    if (this.picking) { this.setPicking(false); return true; }
    if (this.open) { this.toggle(false); return true; }
    return false;
  }

  /** After a (re)connection: subscribes again if the log was subscribed; returns whether it did. */
  connected() {
    this.recorder.connected();
    if (!this.subscribed) return false;
    this.subscribed = false;
    this.subscribe();
    return true;
  }

  subscribe() {
    if (this.subscribed) return;
    this.subscribed = true;
    this.rpc.call('subscribe', { events: EVENTS }).catch((error) => {
      this.subscribed = false;
      this.showError(error, 'subscribe');
    });
  }

  // ------------------------------------------------------------ live updates

  /** Called after every paint with what changed. */
  modelChanged(changes) {
    if (this.selected !== null && !this.model.node(this.selected)) this.selected = null;
    if (changes.reset) {
      this.expanded.clear();
      this.expandToTop();
    } else if (changes.screensAdded.length) {
      this.expanded.add(`s${this.model.top.screen}`);
      if (this.model.top) this.expanded.add(this.model.top.root);
    }
    if (changes.reset || changes.stack || changes.reordered.size || changes.removed.size || changes.inserted.size || changes.updated.size) {
      this.treeDirty = true;
    }
    if (!this.open) return;
    this.scheduleRefresh(changes);
  }

  expandToTop() {
    const top = this.model.top;
    if (!top) return;
    this.expanded.add(`s${top.screen}`);
    this.expanded.add(top.root);
    const root = this.model.node(top.root);
    if (root && root.children.length <= 20) {
      for (const child of root.children) {
        const node = this.model.node(child);
        if (node.children.length && node.children.length <= 20) this.expanded.add(child);
      }
    }
  }

  scheduleRefresh(changes) {
    // Cheap parts now (details of the selected element, state, stack); the tree at most every 100 ms.
    if (this.tab === 'elements') this.renderDetails();
    if (this.tab === 'state' && changes && (changes.reset || changes.stateKeys.size)) this.renderState();
    if (this.tab === 'stack' && changes && (changes.reset || changes.stack)) this.renderStack();
    if (this.tab === 'elements' && this.treeDirty && !this.treeTimer) {
      this.treeTimer = setTimeout(() => {
        this.treeTimer = null;
        if (this.open && this.tab === 'elements') this.renderTree();
      }, 100);
    }
    this.placeOutline();
  }

  refresh() {
    if (!this.open) return;
    if (this.tab === 'elements') { this.renderTree(); this.renderDetails(); }
    if (this.tab === 'state') this.renderState();
    if (this.tab === 'stack') this.renderStack();
    this.placeOutline();
  }

  // ------------------------------------------------------------ the tree

  /**
   * Renders the tree as a flat list of rows (screen headers, element rows,
   * "show more" buttons). Rows are kept by key and rebuilt only when what they
   * show changed, so a live app does not replace the row under the pointer or
   * the keyboard focus.
   */
  renderTree() {
    this.treeDirty = false;
    const rows = [];
    const top = this.model.top;
    for (const screen of [...this.model.stack].reverse()) {
      const key = `s${screen.screen}`;
      const open = this.expanded.has(key);
      const meta = `${screen.id}${screen.modal ? ' · modal' : ''}${screen === top ? ' · top' : ''}`;
      rows.push({ key, sig: `${open}|${screen.title}|${meta}`, make: () => this.screenRow(screen, key, open, meta) });
      if (open) this.collectRows(rows, screen.root);
    }
    const cache = this.rowCache || new Map();
    const next = new Map();
    let cursor = this.tree.firstChild;
    for (const row of rows) {
      let el = cache.get(row.key);
      if (!el || el.dataset.sig !== row.sig) {
        const made = row.make();
        made.dataset.sig = row.sig;
        if (el && el.parentNode === this.tree) {
          const hadFocus = el.contains(document.activeElement);
          el.replaceWith(made);
          if (el === cursor) cursor = made;
          if (hadFocus) {
            const label = made.querySelector('.tree-label, .twisty');
            if (label) label.focus({ preventScroll: true });
          }
        }
        el = made;
      }
      next.set(row.key, el);
      if (el === cursor) cursor = cursor.nextSibling;
      else this.tree.insertBefore(el, cursor);
    }
    while (cursor) {
      const following = cursor.nextSibling;
      cursor.remove();
      cursor = following;
    }
    this.rowCache = next;
  }

  screenRow(screen, key, open, meta) {
    const header = el('div', 'tree-screen-header');
    const twisty = button('twisty', null, open ? `Collapse ${screen.id}` : `Expand ${screen.id}`);
    twisty.dataset.toggle = key;
    twisty.setAttribute('aria-expanded', String(open));
    header.append(twisty, el('span', 'tree-screen-name', screen.title || screen.id), el('span', 'tree-screen-meta', meta));
    return header;
  }

  /** Collects the rows of a subtree in order, iteratively (deep trees do not overflow). */
  collectRows(rows, rootNumber) {
    const pending = [[rootNumber, 1, true]];
    while (pending.length) {
      const [number, level, shownAncestors] = pending.pop();
      if (typeof number === 'string') {
        // A "show more" row: `more:<parent>:<hidden count>`.
        const [, parent, count] = number.split(':');
        rows.push({
          key: number,
          sig: number,
          make: () => {
            const more = button('tree-more', `Show ${count} more`);
            more.dataset.more = parent;
            more.style.paddingInlineStart = `${level * 14 + 8}px`;
            return more;
          },
        });
        continue;
      }
      const node = this.model.node(number);
      if (!node) continue;
      const hasChildren = node.children.length > 0;
      const open = hasChildren && this.expanded.has(number);
      const hidden = !node.visible || !shownAncestors;
      const selected = this.selected === number;
      const s = node.snapshot;
      const sig = `${level}|${hasChildren}|${open}|${hidden}|${selected}|${s.type}|${s.ref}|${describe(s)}|${node.visible}|${isDisabled(s)}|${marks(s).join()}`;
      rows.push({ key: number, sig, make: () => this.elementRow(node, level, hasChildren, open, hidden, selected) });
      if (open) {
        const limit = this.showAll.has(number) ? node.children.length : Math.min(node.children.length, CHILDREN_SHOWN);
        if (limit < node.children.length) pending.push([`more:${number}:${node.children.length - limit}`, level + 1, true]);
        for (let index = limit - 1; index >= 0; index -= 1) {
          pending.push([node.children[index], level + 1, shownAncestors && node.visible]);
        }
      }
    }
  }

  elementRow(node, level, hasChildren, open, hidden, selected) {
    const s = node.snapshot;
    const row = el('div', 'tree-row');
    row.dataset.treeNode = String(node.node);
    row.style.paddingInlineStart = `${(level - 1) * 14}px`;
    if (hidden) row.classList.add('is-hidden');
    if (selected) row.classList.add('is-selected');
    const twisty = button('twisty', null, open ? 'Collapse' : 'Expand');
    twisty.tabIndex = -1;
    if (hasChildren) {
      twisty.dataset.toggle = String(node.node);
      twisty.setAttribute('aria-expanded', String(open));
    } else {
      twisty.classList.add('is-leaf');
      twisty.disabled = true;
    }
    const label = button('tree-label');
    label.dataset.select = String(node.node);
    if (selected) label.setAttribute('aria-current', 'true');
    label.append(el('span', 'tree-type', s.type));
    label.append(el('span', s.ref ? 'tree-ref' : 'tree-ref is-anonymous', s.ref || 'anonymous'));
    const text = describe(s);
    if (text) label.append(el('span', 'tree-text', text));
    if (!node.visible) label.append(el('span', 'mark mark-hidden', 'hidden'));
    if (isDisabled(s)) label.append(el('span', 'mark mark-disabled', 'disabled'));
    for (const mark of marks(s)) label.append(el('span', `mark mark-${mark}`, mark));
    row.append(twisty, label);
    return row;
  }

  treeClick(event) {
    const toggle = event.target.closest('[data-toggle]');
    if (toggle) {
      const key = toggle.dataset.toggle;
      const id = key.startsWith('s') ? key : Number(key);
      if (this.expanded.has(id)) this.expanded.delete(id); else this.expanded.add(id);
      this.renderTree();
      return;
    }
    const more = event.target.closest('[data-more]');
    if (more) {
      this.showAll.add(Number(more.dataset.more));
      this.renderTree();
      return;
    }
    const select = event.target.closest('[data-select]');
    if (select) this.select(Number(select.dataset.select), { reveal: true });
  }

  treeKey(event) {
    const label = event.target.closest('.tree-label');
    if (!label) return;
    const labels = [...this.tree.querySelectorAll('.tree-label')];
    const index = labels.indexOf(label);
    const number = Number(label.dataset.select);
    const node = this.model.node(number);
    if (event.key === 'ArrowDown' && index < labels.length - 1) labels[index + 1].focus();
    else if (event.key === 'ArrowUp' && index > 0) labels[index - 1].focus();
    else if (event.key === 'ArrowRight' && node && node.children.length && !this.expanded.has(number)) {
      this.expanded.add(number);
      this.renderTree();
    } else if (event.key === 'ArrowLeft' && node) {
      if (this.expanded.has(number)) {
        this.expanded.delete(number);
        this.renderTree();
      } else if (node.parent !== null) {
        const parent = this.tree.querySelector(`[data-tree-node="${node.parent}"] .tree-label`);
        if (parent) parent.focus();
      }
    } else {
      return;
    }
    event.preventDefault();
  }

  /** Selects a node: expands its ancestors, shows its details, outlines it on the page. */
  select(number, { reveal = false, fromPage = false } = {}) {
    const node = this.model.node(number);
    if (!node) return;
    this.selected = number;
    this.expanded.add(`s${node.screen}`);
    for (const ancestor of this.model.path(number).slice(0, -1)) this.expanded.add(ancestor.node);
    if (!this.open) this.toggle(true);
    if (this.tab !== 'elements') this.showTab('elements');
    this.renderTree();
    this.renderDetails();
    const row = this.tree.querySelector(`[data-tree-node="${number}"]`);
    if (row) {
      row.scrollIntoView({ block: 'nearest' });
      if (fromPage) row.querySelector('.tree-label').focus({ preventScroll: true });
    }
    if (reveal) {
      const target = this.renderer.elementOf(number);
      if (target && target.getClientRects().length) target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
    this.outline(number, 'selected');
  }

  // ------------------------------------------------------------ details

  renderDetails() {
    const details = this.details;
    const number = this.selected;
    const node = number === null ? null : this.model.node(number);
    if (!node) {
      const empty = el('div', 'details-empty');
      empty.append(el('p', 'empty-title', 'No element selected'));
      const hint = el('p', 'empty-note');
      hint.append('Choose one in the tree, or ');
      const pick = button('link-button', 'pick one on the page');
      pick.addEventListener('click', () => this.setPicking(true));
      hint.append(pick, ' (P).');
      empty.append(hint);
      details.replaceChildren(empty);
      return;
    }
    const s = node.snapshot;
    const screen = this.model.screen(node.screen);
    const isTop = this.model.top && this.model.top.screen === node.screen;
    const fragment = document.createDocumentFragment();

    const head = el('div', 'details-head');
    const title = el('div', 'details-title');
    title.append(el('span', 'type-pill', s.type), el('span', s.ref ? 'details-ref' : 'details-ref is-anonymous', s.ref || 'anonymous'));
    if (!node.visible) title.append(el('span', 'mark mark-hidden', 'hidden'));
    else if (!this.model.shown(number)) title.append(el('span', 'mark mark-hidden', 'in a hidden view'));
    if (isDisabled(s)) title.append(el('span', 'mark mark-disabled', 'disabled'));
    for (const mark of marks(s)) title.append(el('span', `mark mark-${mark}`, mark));
    const show = button('small-button', 'Show on page');
    show.prepend(icon(ICONS.eye));
    show.addEventListener('click', () => this.flash(number));
    show.disabled = !this.model.shown(number);
    head.append(title);
    if (this.recorder.recording) {
      const assert = button('small-button assert-button', 'Assert this');
      assert.title = 'Add an expect step: the element shows what it shows now';
      assert.addEventListener('click', () => this.recorder.assert(s, EXPECTED_PROPERTY[s.type], this.model.tree(node.screen)));
      head.append(assert);
    }
    head.append(show);
    fragment.append(head);

    // The reference path: screen › ancestors › element, each a link to select it.
    const pathBlock = el('div', 'details-block');
    pathBlock.append(el('h2', 'details-heading', 'Reference path'));
    const crumbs = el('nav', 'crumbs');
    crumbs.setAttribute('aria-label', 'Reference path');
    crumbs.append(el('span', 'crumb crumb-screen', `${screen.id}${isTop ? '' : ' (not on top)'}`));
    for (const ancestor of this.model.path(number)) {
      crumbs.append(el('span', 'crumb-separator', '›'));
      const crumb = button(ancestor.node === number ? 'crumb is-current' : 'crumb', ancestor.ref || ancestor.type);
      if (ancestor.node === number) crumb.setAttribute('aria-current', 'true');
      crumb.addEventListener('click', () => this.select(ancestor.node, { reveal: true }));
      crumbs.append(crumb);
    }
    pathBlock.append(crumbs);
    const facts = el('dl', 'facts');
    const fact = (term, value) => { facts.append(el('dt', null, term), el('dd', null, value)); };
    fact('ref', s.ref ? s.ref : '— (anonymous: scripts cannot reach it by reference)');
    fact('controller', screen.id);
    fact('node', String(number));
    pathBlock.append(facts);
    fragment.append(pathBlock);

    const code = snippets(s, isTop ? null : screen.id);
    const snippetBlock = el('div', 'details-block');
    snippetBlock.append(el('h2', 'details-heading', 'Drive it from a script'));
    if (code) {
      for (const [name, label] of [['slamctl', 'slamctl'], ['flow', 'Flow step'], ['python', 'Python']]) {
        snippetBlock.append(this.snippet(label, code[name], name));
      }
    } else {
      snippetBlock.append(el('p', 'empty-note', 'Give this element a reference (ref) to find or press it from a script.'));
    }
    fragment.append(snippetBlock);

    const snapshotBlock = el('div', 'details-block');
    const snapshotHead = el('div', 'details-heading-row');
    snapshotHead.append(el('h2', 'details-heading', 'Snapshot'));
    const json = JSON.stringify(s, null, 2);
    const copy = button('small-button', 'Copy');
    copy.addEventListener('click', () => this.copy(json, copy));
    snapshotHead.append(copy);
    const pre = el('pre', 'code-block snapshot', json);
    pre.tabIndex = 0;
    snapshotBlock.append(snapshotHead, pre);
    fragment.append(snapshotBlock);

    const scrollTop = details.scrollTop;
    details.replaceChildren(fragment);
    details.scrollTop = scrollTop;
  }

  snippet(label, text, name) {
    const box = el('div', 'snippet');
    box.dataset.snippet = name;
    const head = el('div', 'snippet-head');
    head.append(el('span', 'snippet-label', label));
    const copy = button('small-button', 'Copy', `Copy the ${label} snippet`);
    copy.prepend(icon(ICONS.copy));
    copy.addEventListener('click', () => this.copy(text, copy));
    head.append(copy);
    const code = el('code', 'code-line', text);
    box.append(head, code);
    return box;
  }

  async copy(text, source) {
    const done = await copyText(text);
    if (source) {
      const before = source.lastChild.textContent;
      source.lastChild.textContent = done ? 'Copied' : 'Copy failed';
      setTimeout(() => { source.lastChild.textContent = before; }, 1200);
    }
  }

  flash(number) {
    const target = this.renderer.elementOf(number);
    if (!target) return;
    target.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target.classList.remove('is-flashing');
    void target.offsetWidth;
    target.classList.add('is-flashing');
    setTimeout(() => target.classList.remove('is-flashing'), 1200);
    this.outline(number, 'selected');
  }

  // ------------------------------------------------------------ pick mode

  togglePick() {
    this.setPicking(!this.picking);
  }

  setPicking(on) {
    if (on === this.picking) return;
    this.picking = on;
    if (on && !this.open) this.toggle(true);
    this.app.classList.toggle('is-picking', on);
    this.pickButton.setAttribute('aria-pressed', String(on));
    if (on) {
      document.addEventListener('mouseover', this.onPickMove, true);
      document.addEventListener('click', this.onPickClick, true);
      document.addEventListener('mousedown', this.onPickDown, true);
      // It stays while the mode lasts: it is what says the next click picks instead of pressing.
      this.pickToast = this.toast('Pick mode: click an element on the page (Esc to stop).', { sticky: true });
    } else {
      // The hint is about a mode that has ended.
      if (this.pickToast) this.pickToast.dismiss();
      this.pickToast = null;
      document.removeEventListener('mouseover', this.onPickMove, true);
      document.removeEventListener('click', this.onPickClick, true);
      document.removeEventListener('mousedown', this.onPickDown, true);
      this.outline(null, 'hover');
    }
  }

  pickTarget(event) {
    if (!this.stage.contains(event.target)) return null;
    const number = this.renderer.nodeOf(event.target);
    return number === null ? null : number;
  }

  pickMove(event) {
    this.outline(this.pickTarget(event), 'hover');
  }

  pickClick(event) {
    const number = this.pickTarget(event);
    if (number === null) return;
    event.preventDefault();
    event.stopPropagation();
    this.setPicking(false);
    this.select(number, { fromPage: true });
  }

  /** Draws an outline over a node's element (hover: with a label), or hides it. */
  outline(number, which) {
    const box = which === 'hover' ? this.hoverOutline : this.selectedOutline;
    if (which === 'hover') this.hoverNumber = number;
    else this.selectedNumber = number;
    const target = number === null || number === undefined ? null : this.renderer.elementOf(number);
    const rect = target && this.open ? target.getBoundingClientRect() : null;
    if (!rect || (rect.width === 0 && rect.height === 0)) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.style.left = `${rect.left - 2}px`;
    box.style.top = `${rect.top - 2}px`;
    box.style.width = `${rect.width + 4}px`;
    box.style.height = `${rect.height + 4}px`;
    if (which === 'hover') {
      const node = this.model.node(number);
      this.hoverLabel.textContent = node ? `${node.type}${node.ref ? ` · ${node.ref}` : ''}` : '';
      box.classList.toggle('label-below', rect.top < 28);
    }
  }

  placeOutline() {
    if (this.hoverNumber !== undefined && this.hoverNumber !== null) this.outline(this.hoverNumber, 'hover');
    if (this.selectedNumber !== undefined && this.selectedNumber !== null) {
      this.outline(this.model.node(this.selectedNumber) ? this.selectedNumber : null, 'selected');
    }
  }

  // ------------------------------------------------------------ events

  event(method, params) {
    if (method === 'action') {
      this.recorder.action(params);
      return;
    }
    if (this.logPaused) return;
    const entry = { time: new Date(), method, params };
    this.log.unshift(entry);
    if (this.log.length > MAX_LOG) this.log.length = MAX_LOG;
    this.logEmpty.hidden = true;
    this.logList.prepend(this.logItem(entry));
    while (this.logList.children.length > MAX_LOG) this.logList.lastElementChild.remove();
    if (!(this.open && this.tab === 'events')) {
      this.unseenEvents += 1;
      this.eventBadge.hidden = false;
      this.eventBadge.textContent = this.unseenEvents > 99 ? '99+' : String(this.unseenEvents);
    }
  }

  /**
   * A call this page made that failed: the Events log keeps what a developer needs
   * (the call, the code, the message, the data: a client task's own error), which the
   * toast a person sees leaves out.
   */
  callFailed(call, error) {
    this.event('error', { call: call || null, code: error.code ?? null, message: error.message, data: error.data ?? null });
  }

  logItem({ time, method, params }) {
    const item = el('li', `log-item log-${method}`);
    const details = el('details');
    const summary = el('summary');
    summary.append(el('time', 'log-time', timeOfDay(time)), el('span', 'log-method', method), el('span', 'log-summary', this.summarize(method, params || {})));
    details.append(summary, el('pre', 'code-block', JSON.stringify(params, null, 2)));
    item.append(details);
    if (method === 'log' && params && params.level) item.classList.add(`level-${params.level}`);
    return item;
  }

  summarize(method, p) {
    switch (method) {
      case 'changed': {
        const refs = (p.changes || []).map((c) => c.ref || c.type);
        const shown = refs.slice(0, 5).join(', ');
        return `${p.controller}: ${shown}${refs.length > 5 ? ` +${refs.length - 5}` : ''}`;
      }
      case 'navigated': return (p.stack || []).map((c) => c.id).join(' › ');
      case 'taskRan': return `${p.name}${p.param !== null && p.param !== undefined ? ` ${p.param}` : ''}`;
      case 'stateChanged': return Object.entries(p.values || {}).map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ').slice(0, 120);
      case 'log': return `${p.level}: ${p.message}`;
      case 'openURL': return p.address;
      case 'focusChanged': return `${p.controller}: ${p.previous ?? 'none'} → ${p.ref ?? 'none'}`;
      case 'ui.detached': return `instance ${p.instance} ${p.reason === 'closed' ? 'was closed' : `detached this page (${p.reason})`}`;
      case 'error': return `${p.call ? `${p.call}: ` : ''}${p.message}${p.code !== null && p.code !== undefined ? ` (${p.code})` : ''}`;
      default: return JSON.stringify(p).slice(0, 120);
    }
  }

  // ------------------------------------------------------------ state

  renderState() {
    const keys = Object.keys(this.model.state).sort();
    this.stateEmpty.hidden = keys.length > 0;
    const existing = new Map([...this.stateList.children].map((row) => [row.dataset.key, row]));
    const fragment = document.createDocumentFragment();
    for (const key of keys) {
      let row = existing.get(key);
      if (row && this.editingKey === key) {
        existing.delete(key);
        fragment.append(row);
        continue;
      }
      const value = JSON.stringify(this.model.state[key]);
      if (row && row.dataset.value === value) {
        existing.delete(key);
        fragment.append(row);
        continue;
      }
      row = this.stateRow(key, this.model.state[key]);
      existing.delete(key);
      fragment.append(row);
    }
    this.stateList.replaceChildren(fragment);
  }

  stateRow(key, value) {
    const row = el('div', 'state-row');
    row.dataset.key = key;
    row.dataset.value = JSON.stringify(value);
    const head = el('div', 'state-row-head');
    head.append(el('span', 'state-key', key));
    const edit = button('small-button', 'Edit', `Edit ${key}`);
    head.append(edit);
    const shown = el('pre', 'state-value', JSON.stringify(value, null, value && typeof value === 'object' ? 2 : 0));
    row.append(head, shown);
    edit.addEventListener('click', () => this.editState(row, key));
    return row;
  }

  editState(row, key) {
    this.editingKey = key;
    const area = el('textarea', 'field code');
    area.value = JSON.stringify(this.model.state[key], null, 2);
    area.rows = Math.min(10, Math.max(2, area.value.split('\n').length));
    area.spellcheck = false;
    area.setAttribute('aria-label', `Value of ${key} as JSON`);
    const error = el('div', 'form-error');
    error.setAttribute('role', 'alert');
    const actions = el('div', 'state-actions');
    const save = button('small-button primary', 'Save');
    const cancel = button('small-button', 'Cancel');
    actions.append(save, cancel);
    const done = () => { this.editingKey = null; this.renderState(); };
    save.addEventListener('click', () => this.setState(key, area.value, error).then((ok) => { if (ok) done(); }));
    cancel.addEventListener('click', done);
    area.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) { event.preventDefault(); save.click(); }
      if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); done(); }
    });
    row.replaceChildren(row.firstChild, area, error, actions);
    row.querySelector('.state-row-head .small-button').hidden = true;
    area.focus();
  }

  /** Parses `text` as JSON and sends state.set; shows what is wrong in `errorElement`. Resolves whether it was set. */
  async setState(key, text, errorElement) {
    let value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      errorElement.textContent = `Not valid JSON: ${error.message}. Strings need quotes: "like this".`;
      return false;
    }
    errorElement.textContent = '';
    try {
      await this.rpc.call('state.set', { key, value });
      return true;
    } catch (error) {
      errorElement.textContent = error.message;
      return false;
    }
  }

  // ------------------------------------------------------------ stack

  renderStack() {
    const fragment = document.createDocumentFragment();
    const stack = this.model.stack;
    stack.forEach((screen, index) => {
      const item = el('li', 'stack-item');
      const top = index === stack.length - 1;
      if (top) item.classList.add('is-top');
      const main = el('div', 'stack-main');
      main.append(el('span', 'stack-title', screen.title || screen.id));
      const meta = el('span', 'stack-meta', `${screen.id} · screen ${screen.screen}`);
      main.append(meta);
      item.append(el('span', 'stack-index', String(index)), main);
      if (screen.modal) item.append(el('span', 'mark', 'modal'));
      if (top) item.append(el('span', 'mark mark-top', 'top'));
      const tree = button('small-button', 'Tree');
      tree.addEventListener('click', () => {
        this.expanded.add(`s${screen.screen}`);
        this.select(screen.root);
      });
      item.append(tree);
      fragment.append(item);
    });
    this.stackList.replaceChildren(fragment);
  }
}
