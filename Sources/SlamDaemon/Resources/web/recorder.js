// The inspector's recorder: a flow written from what people and scripts do.
//
// While recording, the page subscribes to the daemon's `action` event: every
// client's press, text, key and task arrives with the most robust locator for
// its element. Each becomes a flow step; "Assert this" on a selected element adds
// an `expect` step. The flow downloads as a file that `slamctl run` replays.

import { el, button } from './dom.js';
import { PRIMARY_PROPERTY } from './elements.js';

/**
 * For a type the element declarations do not name (a state view, an element written in Swift):
 * the snapshot properties an `expect` step checks first, when the element has them.
 */
const ASSERTED_PROPERTIES = ['text', 'isOn', 'value', 'selectedSegment', 'selectedRow', 'selectedRows', 'selectedKeys',
  'currentPage', 'progress', 'title'];

/**
 * Steps from `action` events, as `slamctl record` writes them: successive texts of one
 * field become one step (the page sends the whole text on every keystroke).
 */
export class FlowSteps {
  constructor() {
    this.steps = [];
  }

  /** Adds the step that repeats `action`; returns it, or null for an action no step repeats. */
  record(action) {
    const element = action.ref ?? null;
    const params = action.params || {};
    let step = null;
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    // Typing focuses the field again when it replays; other focus steps stay (keys go to the focus).
    const previous = this.steps[this.steps.length - 1];
    if (element !== null && action.method === 'typeText' && previous && 'focus' in previous && same(previous.focus, element)) {
      this.steps.pop();
    }
    const last = this.steps[this.steps.length - 1];
    switch (action.method) {
      case 'press':
        if (element === null) return null;
        step = { press: element };
        if (params.value !== undefined && params.value !== null) step.value = params.value;
        break;
      case 'setText':
        if (element === null) return null;
        step = { text: element, value: params.text ?? '' };
        if (last && 'text' in last && same(last.text, element)) this.steps.pop();
        break;
      case 'typeText':
        if (element === null) return null;
        step = { typeText: element, value: params.text ?? '' };
        if (last && 'typeText' in last && same(last.typeText, element)) {
          this.steps.pop();
          step.value = last.value + step.value;
        }
        break;
      case 'focus':
        if (element === null) return null;
        step = { focus: element };
        if (previous && same(previous, step)) return null;
        break;
      case 'key':
        if (typeof params.key !== 'string') return null;
        if (element !== null) this.steps.push({ focus: element });
        step = { key: params.key };
        break;
      case 'runTask':
        if (typeof params.name !== 'string') return null;
        step = { task: params.name };
        if (params.param !== undefined && params.param !== null) step.param = params.param;
        break;
      case 'reset':
        step = { reset: true };
        break;
      default:
        return null;
    }
    if (element !== null && typeof params.controller === 'string') step.controller = params.controller;
    this.steps.push(step);
    return step;
  }

  /**
   * An `expect` step for what `snapshot` shows now (`property`, else the first it has); null when nothing finds it.
   * The element is found again as the daemon's `action` events find it: its role and name when no other element
   * of `screen` (its screen's tree, as `tree` answers) has both, and the name is not its text or title (what the
   * step may check, and what may change); else its reference; else its type and text.
   */
  expect(snapshot, property = null, screen = null) {
    const byRole = snapshot.name !== snapshot.text && snapshot.name !== snapshot.title ? roleLocator(snapshot, screen) : null;
    const locator = byRole ?? (snapshot.ref ? snapshot.ref
      : (typeof snapshot.text === 'string' && snapshot.text ? { type: snapshot.type, text: snapshot.text } : null));
    if (locator === null) return null;
    if (!property || !(property in snapshot)) property = PRIMARY_PROPERTY[snapshot.type];
    if (!property || !(property in snapshot)) property = ASSERTED_PROPERTIES.find((name) => name in snapshot) ?? 'visible';
    const step = { expect: locator, property, equals: snapshot[property] };
    this.steps.push(step);
    return step;
  }

  /** The flow file, one step per line, as `slamctl record` writes it. */
  fileText(name) {
    const lines = this.steps.map((step) => `    ${JSON.stringify(step)}`);
    return `{\n  "name": ${JSON.stringify(name)},\n  "steps": [\n${lines.join(',\n')}\n  ]\n}\n`;
  }
}

/**
 * `{role, name}` for `snapshot` when that pair is unique in `screen` (a tree with `children`); else null. A generic
 * element, an empty name, or one written like a `/pattern/` (which a locator reads as a regular expression) has none.
 */
function roleLocator(snapshot, screen) {
  const { role, name } = snapshot;
  if (!screen || typeof role !== 'string' || role === 'generic' || typeof name !== 'string' || name === '') return null;
  if (name.length >= 2 && name.startsWith('/') && (name.endsWith('/') || (name.length >= 3 && name.endsWith('/i')))) return null;
  let count = 0;
  const walk = (node) => {
    if (node.role === role && node.name === name) count += 1;
    (node.children || []).forEach(walk);
  };
  walk(screen);
  return count === 1 ? { role, name } : null;
}

/** How a step reads in the list: `press increment`, `text name "Ada"`. */
export function stepSummary(step) {
  const [kind] = Object.keys(step);
  const byRole = (value) => typeof value.role === 'string' && Object.keys(value).every((key) => key === 'role' || key === 'name');
  const subject = (value) => {
    if (typeof value === 'string') return value;
    // As snapshots and the daemon's messages write a role and a name: button "Settings".
    if (byRole(value)) return 'name' in value ? `${value.role} ${JSON.stringify(value.name)}` : value.role;
    return Object.entries(value).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ');
  };
  switch (kind) {
    case 'press': return `press ${subject(step.press)}${'value' in step ? ` ${JSON.stringify(step.value)}` : ''}`;
    case 'text': return `text ${subject(step.text)} ${JSON.stringify(step.value)}`;
    case 'typeText': return `type ${subject(step.typeText)} ${JSON.stringify(step.value)}`;
    case 'focus': return `focus ${subject(step.focus)}`;
    case 'key': return `key ${step.key}`;
    case 'task': return `task ${step.task}${'param' in step ? ` ${step.param}` : ''}`;
    case 'reset': return 'reset the app';
    case 'expect': return `expect ${subject(step.expect)} ${step.property} = ${JSON.stringify(step.equals)}`;
    default: return JSON.stringify(step);
  }
}

/** The inspector's Record tab. */
export class RecordPanel {
  constructor({ section, rpc, toast, showError }) {
    this.rpc = rpc;
    this.toast = toast;
    this.showError = showError;
    this.recording = false;
    this.flow = new FlowSteps();
    this.onChange = () => {};

    const bar = el('div', 'record-toolbar');
    this.recordButton = button('small-button primary record-button', 'Record');
    this.recordButton.setAttribute('aria-pressed', 'false');
    this.recordButton.addEventListener('click', () => (this.recording ? this.stop() : this.start()));
    const resetLabel = el('label', 'record-option');
    this.resetFirst = el('input');
    this.resetFirst.type = 'checkbox';
    this.resetFirst.checked = true;
    resetLabel.append(this.resetFirst, ' Reset the app first');
    this.downloadButton = button('small-button', 'Download flow');
    this.downloadButton.addEventListener('click', () => this.download());
    this.status = el('span', 'record-status', 'Not recording');
    this.status.setAttribute('role', 'status');
    bar.append(this.recordButton, resetLabel, this.downloadButton, this.status);
    this.note = el('p', 'empty-note',
      'Record, then use the app here or from any script: each press, text, key and task becomes a step. '
      + 'Select an element and choose "Assert this" to check what it shows. Replay with slamctl run FILE.');
    this.list = el('ol', 'record-steps');
    section.append(bar, this.note, this.list);
    this.render();
  }

  async start() {
    this.flow = new FlowSteps();
    this.recording = true;
    this.render();
    try {
      await this.rpc.call('subscribe', { events: ['action'] });
      // The reset's own action event records the reset step.
      if (this.resetFirst.checked) await this.rpc.call('reset', {});
    } catch (error) {
      this.recording = false;
      this.render();
      this.showError(error, 'record');
    }
  }

  stop() {
    this.recording = false;
    this.render();
    this.rpc.call('unsubscribe', { events: ['action'] }).catch((error) => this.showError(error, 'unsubscribe'));
  }

  /** After a reconnection: subscribes again while recording. */
  connected() {
    if (this.recording) this.rpc.call('subscribe', { events: ['action'] }).catch((error) => this.showError(error, 'subscribe'));
  }

  action(params) {
    if (!this.recording || !params) return;
    if (this.flow.record(params)) this.render();
  }

  /** "Assert this": an expect step for the selected element as it shows now (`screen`: its screen's tree). */
  assert(snapshot, property, screen = null) {
    const step = this.flow.expect(snapshot, property, screen);
    if (step === null) {
      this.toast('This element has no reference, name or text to find it by when the flow replays.');
      return;
    }
    this.toast(`Added: ${stepSummary(step)}`);
    this.render();
  }

  download() {
    const blob = new Blob([this.flow.fileText('recorded')], { type: 'application/json' });
    const link = el('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'recorded-flow.json';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  render() {
    this.recordButton.textContent = this.recording ? 'Stop' : 'Record';
    this.recordButton.setAttribute('aria-pressed', String(this.recording));
    this.recordButton.classList.toggle('is-recording', this.recording);
    const count = this.flow.steps.length;
    this.status.textContent = `${this.recording ? 'Recording' : 'Not recording'} · ${count} step${count === 1 ? '' : 's'}`;
    this.downloadButton.disabled = count === 0;
    this.note.hidden = count > 0;
    this.list.replaceChildren(...this.flow.steps.map((step) => {
      const item = el('li', 'record-step');
      item.append(el('code', null, stepSummary(step)));
      item.dataset.step = JSON.stringify(step);
      return item;
    }));
    this.onChange();
  }
}
