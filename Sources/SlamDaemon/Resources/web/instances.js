// Instances: the isolated apps one daemon hosts. The page shows one of them, `?instance=HANDLE` in
// its address (`main` without); the inspector's Instances tab lists them all (instance.list, asked
// again every few seconds while the inspector is open), switches the page to another in place, makes
// a new one (instance.create) and closes one (instance.close).
//
// The pure helpers (the address, the words) are exported for the page and its unit tests; the panel
// needs a DOM.

import { el, button } from './dom.js';
import { ConnectionLost } from './rpc.js';

/** The instance the daemon started with: always open, never closed, what a page without `?instance=` shows. */
export const MAIN_INSTANCE = 'main';
/** `instance.use` or `instance.close` named no open instance; `data.open` lists those that are. */
export const INSTANCE_NOT_FOUND = -32018;
/** The instance the connection uses was closed: every request but `instance.*` and a few others gets it. */
export const INSTANCE_CLOSED = -32019;

/** How often the open inspector asks for the list again (others make and close instances meanwhile). */
export const INSTANCE_POLL_MS = 2500;

/** The instance a page's address asks for: `?instance=HANDLE`, else `main`. */
export function instanceFromAddress(search) {
  const handle = new URLSearchParams(search).get('instance');
  return handle && handle.trim() ? handle.trim() : MAIN_INSTANCE;
}

/**
 * The page's address showing `handle`: `?instance=HANDLE` set (taken out for `main`), the
 * path, the other query parameters and the fragment kept. For `history.replaceState`, so a
 * reload stays on the instance.
 */
export function addressForInstance(location, handle) {
  const query = new URLSearchParams(location.search);
  if (handle === MAIN_INSTANCE) query.delete('instance');
  else query.set('instance', handle);
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash || ''}`;
}

/** An instance for people: its handle, with its label when it has one (`i1 · checkout`). */
export function instanceName(info) {
  if (!info) return '';
  return info.label ? `${info.instance} · ${info.label}` : info.instance;
}

/** What an instance runs and how many connections use it: `launched app · 2 connections`. */
export function instanceSummary(info) {
  let app;
  if (info.storyboard) app = String(info.storyboard).split('/').pop();
  else if (info.app === 'demo') app = 'demo';
  else app = 'launched app';
  const count = Number.isInteger(info.connections) ? info.connections : 0;
  return `${app} · ${count} ${count === 1 ? 'connection' : 'connections'}`;
}

/** `main, i1 and i2`. */
function listed(handles) {
  if (handles.length <= 1) return handles.join('');
  return `${handles.slice(0, -1).join(', ')} and ${handles[handles.length - 1]}`;
}

/**
 * Why the page shows no instance: `reason` is `closed` (a `ui.detached`, or -32019) or
 * `missing` (-32018); `open` the handles of the open instances, when known (-32018's data).
 */
export function missingInstanceText(handle, { reason, open = null }) {
  const first = reason === 'closed'
    ? `Instance ${handle} was closed.`
    : `No instance ${handle} is open in this daemon.`;
  if (!Array.isArray(open) || !open.length) return first;
  return `${first} Open: ${listed(open)}.`;
}

/**
 * The Instances tab: every open instance (handle, label, what it runs, connections), the one the
 * page shows marked; Show switches the page to another, Close ends one (after a confirmation);
 * a form makes a new one and shows it.
 */
export class InstancesPanel {
  /**
   * `current()`: the handle the page shows; `onSwitch(handle)`: switch the page to it (resolves
   * when done); `onCount(n)`: the number of open instances, after each refresh.
   */
  constructor({ section, rpc, toast, showError, current, onSwitch, onCount = () => {} }) {
    this.rpc = rpc;
    this.toast = toast;
    this.showError = showError;
    this.current = current;
    this.onSwitch = onSwitch;
    this.onCount = onCount;
    /** The last list the daemon answered, and its JSON (a poll that changes nothing repaints nothing). */
    this.entries = [];
    this.shownJSON = null;
    /** The handle whose Close asks for a confirmation. */
    this.confirming = null;
    this.timer = null;
    this.inFlight = false;

    this.note = el('p', 'instances-note');
    this.note.setAttribute('aria-live', 'polite');
    this.list = el('ul', 'instances-list');
    this.list.setAttribute('aria-label', 'Open instances');

    const form = el('form', 'instance-create');
    form.noValidate = true;
    form.append(el('div', 'state-add-title', 'New instance'));
    const row = el('div', 'instance-create-row');
    this.labelInput = el('input', 'field');
    this.labelInput.placeholder = 'label (optional)';
    this.labelInput.setAttribute('aria-label', 'Label of the new instance');
    this.labelInput.autocomplete = 'off';
    this.labelInput.spellcheck = false;
    this.appSelect = el('select', 'field instance-app');
    this.appSelect.setAttribute('aria-label', 'Application of the new instance');
    for (const [value, text] of [['launched', 'Launched app'], ['demo', 'Demo']]) {
      const option = el('option', null, text);
      option.value = value;
      this.appSelect.append(option);
    }
    const submit = button('small-button primary', 'Create and show');
    submit.type = 'submit';
    row.append(this.labelInput, this.appSelect, submit);
    this.formError = el('div', 'form-error');
    this.formError.setAttribute('role', 'alert');
    form.append(row, this.formError);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.create();
    });
    section.append(this.note, this.list, form);
  }

  /** Asks for the list now, then every INSTANCE_POLL_MS until `stopPolling`. */
  startPolling() {
    this.refresh();
    if (this.timer === null) this.timer = setInterval(() => this.refresh(), INSTANCE_POLL_MS);
  }

  stopPolling() {
    clearInterval(this.timer);
    this.timer = null;
  }

  /** Asks the daemon for the open instances and shows them; resolves once shown (or failed). */
  async refresh() {
    if (!this.rpc.connected || this.inFlight) return;
    this.inFlight = true;
    try {
      const entries = await this.rpc.call('instance.list');
      if (Array.isArray(entries)) this.show(entries);
    } catch (error) {
      // Offline meanwhile: the next poll (or the reconnection) asks again.
      if (!(error instanceof ConnectionLost)) this.showError(error, 'instance.list');
    } finally {
      this.inFlight = false;
    }
  }

  /** Shows a list `instance.list` answered. */
  show(entries) {
    this.entries = entries;
    this.onCount(entries.length);
    const json = JSON.stringify([entries, this.current(), this.confirming]);
    if (json === this.shownJSON) return;
    this.shownJSON = json;
    this.render();
  }

  render() {
    const shown = this.current();
    const others = this.entries.length - 1;
    this.note.textContent = others > 0
      ? `${this.entries.length} instances open in this daemon, each an app of its own.`
      : 'Only main is open. A new instance is an app of its own: its screens, state and focus apart from main\'s.';
    const fragment = document.createDocumentFragment();
    for (const info of this.entries) fragment.append(this.row(info, info.instance === shown));
    // The focus stays on the row it was on (a poll repaints the list under it).
    const focused = this.list.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = focused ? [focused.closest('[data-instance]')?.dataset.instance, focused.dataset.action] : null;
    this.list.replaceChildren(fragment);
    if (focusKey) {
      const again = this.list.querySelector(`[data-instance="${CSS.escape(focusKey[0] || '')}"] [data-action="${focusKey[1]}"]`);
      if (again) again.focus();
    }
  }

  row(info, isShown) {
    const item = el('li', isShown ? 'instance-item is-shown' : 'instance-item');
    item.dataset.instance = info.instance;
    const main = el('div', 'instance-main');
    const title = el('div', 'instance-title');
    title.append(el('span', 'instance-handle', info.instance));
    if (info.label) title.append(el('span', 'instance-label', info.label));
    if (isShown) title.append(el('span', 'mark mark-top', 'shown here'));
    main.append(title, el('span', 'instance-meta', instanceSummary(info)));
    item.append(main);

    const actions = el('div', 'instance-actions');
    if (this.confirming === info.instance) {
      const count = Number.isInteger(info.connections) ? info.connections : 0;
      actions.append(el('span', 'instance-confirm', count ? `Close it for ${count} ${count === 1 ? 'connection' : 'connections'}?` : 'Close it?'));
      const yes = button('small-button danger', 'Close', `Close ${info.instance} now`);
      yes.dataset.action = 'confirm-close';
      yes.addEventListener('click', () => this.close(info.instance));
      const no = button('small-button', 'Keep', `Keep ${info.instance} open`);
      no.dataset.action = 'keep';
      no.addEventListener('click', () => { this.confirming = null; this.show(this.entries); });
      actions.append(yes, no);
    } else {
      if (!isShown) {
        const show = button('small-button', 'Show', `Show ${instanceName(info)} on this page`);
        show.dataset.action = 'show';
        show.addEventListener('click', () => this.onSwitch(info.instance).then(() => this.refresh()));
        actions.append(show);
      }
      if (info.instance !== MAIN_INSTANCE) {
        const close = button('small-button', 'Close…', `Close ${instanceName(info)}`);
        close.dataset.action = 'close';
        close.addEventListener('click', () => { this.confirming = info.instance; this.show(this.entries); this.list.querySelector('[data-action="keep"]')?.focus(); });
        actions.append(close);
      }
    }
    item.append(actions);
    return item;
  }

  async create() {
    this.formError.textContent = '';
    const params = { app: this.appSelect.value };
    const label = this.labelInput.value.trim();
    if (label) params.label = label;
    let info;
    try {
      info = await this.rpc.call('instance.create', params);
    } catch (error) {
      this.formError.textContent = error.message;
      return;
    }
    this.labelInput.value = '';
    await this.onSwitch(info.instance);
    await this.refresh();
  }

  async close(handle) {
    this.confirming = null;
    try {
      await this.rpc.call('instance.close', { instance: handle });
      this.toast(`Closed instance ${handle}.`);
    } catch (error) {
      this.showError(error, `instance.close ${handle}`);
    }
    await this.refresh();
    // The focus was on the row that went: it goes to the list's first button, not to the page's body.
    if (!this.list.contains(document.activeElement)) this.list.querySelector('button')?.focus();
  }
}
