// The inspector's Trace tab: open a trace file (read here, never uploaded), step
// through its calls, and see the screen as it was after each one (time travel),
// painted by the page's own renderer from the trace's screens, read-only. The live
// page goes on underneath: "Back to live" (or Esc) shows it again.
//
//   Trace tab    Open trace… · ‹ › and Step N of M · Back to live; the numbered steps
//                (time, client, call, outcome); the selected step's request, reply,
//                notifications and what its screen changed.
//   The stage    while a step is shown: the past screen (changed elements outlined)
//                under a bar saying which step it is; the live screens are hidden.
// Keys: ←/→ (or ↑/↓ in the list) previous/next step, Home/End, Esc back to live.

import { el, button } from './dom.js';
import { UIModel, Changes } from './model.js';
import { Renderer } from './render.js';
import { parseTrace, TraceReplay, TraceError, stepAt, describeCall, describeOutcome, formatTime } from './trace.js';

export class TraceView {
  /**
   * @param {{section: HTMLElement, panel: HTMLElement, stage: HTMLElement, screens: HTMLElement, app: HTMLElement,
   *          chrome: {title: HTMLElement, back: HTMLElement, restore: Function}, toast: Function}} options
   */
  constructor({ section, panel, stage, screens, app, chrome, toast }) {
    this.section = section;
    this.panel = panel;
    this.stage = stage;
    this.liveScreens = screens;
    this.app = app;
    this.chrome = chrome;
    this.toast = toast;
    this.trace = null;
    this.fileName = '';
    this.replay = null;
    this.index = -1;
    /** Whether the stage shows a past screen. */
    this.active = false;
    this.build();
    // While a past screen is shown, keys step through the trace instead of reaching the live app.
    window.addEventListener('keydown', (event) => this.key(event), true);
  }

  // ------------------------------------------------------------ structure

  build() {
    const bar = el('div', 'trace-toolbar');
    this.fileInput = el('input', 'offscreen');
    this.fileInput.type = 'file';
    this.fileInput.accept = '.jsonl,.json,.ndjson,.txt,application/jsonl,application/x-ndjson,application/json,text/plain';
    this.fileInput.setAttribute('aria-label', 'Trace file');
    this.fileInput.tabIndex = -1;
    this.fileInput.addEventListener('change', () => {
      const file = this.fileInput.files && this.fileInput.files[0];
      if (file) this.openFile(file);
      this.fileInput.value = '';
    });
    this.openButton = button('small-button primary', 'Open trace…');
    this.openButton.addEventListener('click', () => this.fileInput.click());
    this.previousButton = button('small-button', '‹', 'Previous step (←)');
    this.previousButton.title = 'Previous step (←)';
    this.previousButton.addEventListener('click', () => this.step(-1));
    this.nextButton = button('small-button', '›', 'Next step (→)');
    this.nextButton.title = 'Next step (→)';
    this.nextButton.addEventListener('click', () => this.step(1));
    this.position = el('span', 'trace-position');
    this.position.setAttribute('aria-live', 'polite');
    this.liveButton = button('small-button', 'Back to live');
    this.liveButton.addEventListener('click', () => this.leave());
    bar.append(this.openButton, this.previousButton, this.nextButton, this.position, this.liveButton, this.fileInput);

    this.summary = el('p', 'trace-summary');
    this.empty = el('div', 'empty-note trace-empty');
    this.empty.append(el('p', 'empty-title', 'No trace open'));
    const hint = el('p', null);
    hint.append('Record one with ', el('code', null, 'slamctl trace start'), ' … ', el('code', null, 'slamctl trace stop'),
      ' (or trace.start / trace.stop from any client), then open the file here (slamd writes it in its trace directory, '
      + '~/.local/state/slam/traces unless --trace-dir says otherwise; trace.stop prints its path): '
      + 'it is read in this page, nothing is sent. '
      + 'Each step shows the screen as it was after it.');
    this.empty.append(hint);

    this.list = el('ol', 'trace-steps');
    this.list.setAttribute('role', 'listbox');
    this.list.setAttribute('aria-label', 'Steps');
    this.list.tabIndex = 0;
    this.list.addEventListener('click', (event) => {
      const row = event.target.closest('[data-step]');
      if (row) this.select(Number(row.dataset.step));
    });
    this.list.addEventListener('keydown', (event) => this.listKey(event));

    this.details = el('div', 'trace-details');
    this.section.append(bar, this.summary, this.empty, this.list, this.details);

    // The stage's past screen and the bar above it.
    this.stageBar = el('div', 'trace-bar');
    this.stageBar.setAttribute('role', 'status');
    this.stageText = el('span', 'trace-bar-text');
    const stagePrevious = button('trace-bar-button', '‹', 'Previous step');
    stagePrevious.addEventListener('click', () => this.step(-1));
    const stageNext = button('trace-bar-button', '›', 'Next step');
    stageNext.addEventListener('click', () => this.step(1));
    this.stageLive = button('trace-bar-live', 'Back to live');
    this.stageLive.addEventListener('click', () => this.leave());
    this.stageBar.append(el('span', 'trace-bar-badge', 'Trace'), this.stageText, stagePrevious, stageNext, this.stageLive);
    this.pastScreens = el('div', 'screens trace-screens');
    // A past screen is for looking only: nothing in it takes focus, clicks or text.
    this.pastScreens.inert = true;
    this.pastScreens.setAttribute('aria-label', 'The screen at the selected step of the trace (read-only)');
    this.stageBar.hidden = true;
    this.pastScreens.hidden = true;
    this.stage.append(this.stageBar, this.pastScreens);
    // The trace's own model and renderer, with no actions: the page's renderer, read-only.
    this.model = new UIModel();
    this.renderer = new Renderer(this.pastScreens, this.model, {});
    this.refresh();
  }

  // ------------------------------------------------------------ opening

  async openFile(file) {
    try {
      this.open(await file.text(), file.name);
    } catch (error) {
      this.toast(error instanceof TraceError ? `${file.name}: ${error.message}` : `Could not read ${file.name}: ${error.message}`,
        { kind: 'error' });
    }
  }

  /** Opens a trace from its text and shows its start. Throws TraceError for a file that is not one. */
  open(text, name = 'trace') {
    const trace = parseTrace(text);
    this.trace = trace;
    this.fileName = name;
    this.replay = new TraceReplay(trace, this.model);
    this.index = -1;
    this.renderList();
    this.select(0);
    // The keys go to the steps from now on: ←/→ step, where on the Trace tab they would switch tabs.
    this.list.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ moving

  /** The number of positions: the start and every step. */
  get count() { return this.trace ? this.trace.steps.length + 1 : 0; }

  step(delta) {
    if (!this.trace) return;
    this.select(Math.min(this.count - 1, Math.max(0, (this.index < 0 ? 0 : this.index) + delta)));
  }

  /** Shows step `index` (0: the start): its row, its details, and the screen after it on the stage. */
  select(index) {
    if (!this.trace || index < 0 || index >= this.count) return;
    let painted;
    try {
      painted = this.replay.goTo(index);
    } catch (error) {
      this.toast(`This trace's screens do not follow each other at step ${index}: ${error.message}`, { kind: 'error' });
      return;
    }
    this.index = index;
    this.enter();
    if (painted.reset) {
      const everything = new Changes(this.model.seq);
      everything.reset = true;
      everything.stack = true;
      this.renderer.paint(everything);
    } else {
      for (const changes of painted.changes) this.renderer.paint(changes);
    }
    this.markChanges();
    this.renderSelection();
    this.renderDetails();
    this.refresh();
  }

  /** Outlines on the past screen the elements this step changed. */
  markChanges() {
    for (const marked of this.pastScreens.querySelectorAll('.is-trace-changed')) marked.classList.remove('is-trace-changed');
    for (const number of this.replay.changedNodes(this.index)) {
      const element = this.renderer.elementOf(number);
      if (element) element.classList.add('is-trace-changed');
    }
  }

  /** The stage shows the past screen. */
  enter() {
    if (this.active) return;
    this.active = true;
    this.liveScreens.hidden = true;
    this.pastScreens.hidden = false;
    this.stageBar.hidden = false;
    this.app.classList.add('is-tracing');
  }

  /** Back to the live page; the trace stays open, at the step it was. */
  leave() {
    if (!this.active) return;
    this.active = false;
    this.liveScreens.hidden = false;
    this.pastScreens.hidden = true;
    this.stageBar.hidden = true;
    this.app.classList.remove('is-tracing');
    this.chrome.restore();
    this.renderSelection();
    this.refresh();
  }

  key(event) {
    if (!this.active || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    if (this.list.contains(target)) return; // the list's own keys (listKey)
    // The rest of the inspector keeps its keys (the element tree's arrows).
    if (this.panel.contains(target) && !this.section.contains(target)) return;
    let handled = true;
    if (event.key === 'ArrowLeft') this.step(-1);
    else if (event.key === 'ArrowRight') this.step(1);
    else if (event.key === 'Escape') this.leave();
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  listKey(event) {
    if (!this.trace) return;
    let handled = true;
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') this.step(-1);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') this.step(1);
    else if (event.key === 'Home') this.select(0);
    else if (event.key === 'End') this.select(this.count - 1);
    else if (event.key === 'Escape' && this.active) this.leave();
    else if (event.key === 'Enter' && !this.active) this.select(Math.max(0, this.index));
    else handled = false;
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  // ------------------------------------------------------------ painting the panel

  /** Buttons, the position, the summary, the stage bar and the title bar. */
  refresh() {
    const open = !!this.trace;
    this.empty.hidden = open;
    this.list.hidden = !open;
    this.details.hidden = !open;
    this.summary.hidden = !open;
    this.previousButton.disabled = !open || this.index <= 0;
    this.nextButton.disabled = !open || this.index >= this.count - 1;
    this.liveButton.disabled = !this.active;
    this.position.textContent = open ? `Step ${this.index} of ${this.count - 1}` : '';
    if (open) {
      const trace = this.trace;
      const clients = trace.clients.length;
      this.summary.textContent = `${this.fileName} · slamd ${trace.header.serverVersion || '?'}`
        + `${trace.header.started ? ` · ${trace.header.started}` : ''} · ${trace.steps.length} step${trace.steps.length === 1 ? '' : 's'}`
        + ` by ${clients} client${clients === 1 ? '' : 's'} over ${formatTime(trace.duration).slice(1)}`
        + (trace.endReason === null ? ' · no end record (cut short?)' : trace.endReason === 'stop' ? '' : ` · ended: ${trace.endReason}`);
    }
    if (!this.active) return;
    const step = stepAt(this.trace, this.index);
    const top = this.model.top;
    this.stageText.textContent = `Step ${this.index} of ${this.count - 1} · ${formatTime(step.time)}`
      + `${step.client !== undefined ? ` · ${step.sentByDaemon ? 'slamd → ' : ''}client ${step.client}` : ''} · ${describeCall(step)}`
      + ` — the screen after it${top ? `: ${top.title || top.id}` : ''}`;
    // The title bar names the past screen; Back belongs to the live page.
    let base = this.model.stack.length - 1;
    while (base > 0 && this.model.stack[base].modal) base -= 1;
    const shown = this.model.stack[base];
    this.chrome.title.textContent = shown ? `${shown.title || shown.id}` : 'Slam';
    this.chrome.back.hidden = true;
  }

  renderList() {
    const fragment = document.createDocumentFragment();
    const rows = [this.trace.start, ...this.trace.steps];
    rows.forEach((step) => {
      const outcome = describeOutcome(step);
      const item = el('li', `trace-step tone-${outcome.tone}`);
      item.dataset.step = String(step.number);
      item.setAttribute('role', 'option');
      item.id = `trace-step-${step.number}`;
      item.append(el('span', 'trace-step-number', String(step.number)), el('span', 'trace-step-time', formatTime(step.time)));
      const main = el('span', 'trace-step-main');
      main.append(el('span', 'trace-step-call', describeCall(step)));
      main.append(el('span', 'trace-step-outcome', outcome.text));
      item.append(main);
      if (step.client !== undefined) item.append(el('span', 'trace-step-client', `${step.sentByDaemon ? 'slamd → ' : ''}client ${step.client}`));
      fragment.append(item);
    });
    this.list.replaceChildren(fragment);
  }

  renderSelection() {
    for (const row of this.list.querySelectorAll('[aria-selected="true"]')) row.setAttribute('aria-selected', 'false');
    const row = this.list.querySelector(`[data-step="${this.index}"]`);
    if (!row) return;
    row.setAttribute('aria-selected', 'true');
    this.list.setAttribute('aria-activedescendant', row.id);
    row.scrollIntoView({ block: 'nearest' });
  }

  renderDetails() {
    const step = stepAt(this.trace, this.index);
    const fragment = document.createDocumentFragment();
    const head = el('div', 'details-head');
    const title = el('div', 'details-title');
    title.append(el('span', 'type-pill', this.index === 0 ? 'start' : `step ${this.index}`), el('span', 'details-ref', describeCall(step)));
    head.append(title);
    fragment.append(head);

    const facts = el('dl', 'facts');
    const fact = (term, value) => { facts.append(el('dt', null, term), el('dd', null, value)); };
    fact('time', `${formatTime(step.time)} since the trace began`);
    if (step.client !== undefined) fact(step.sentByDaemon ? 'sent to client' : 'client', String(step.client));
    const outcome = describeOutcome(step);
    fact('outcome', outcome.text);
    const top = this.model.top;
    fact('screen after', top ? `${top.title || top.id} (${top.id})${this.model.stack.length > 1 ? ` · stack ${this.model.stack.map((s) => s.id).join(' › ')}` : ''}` : 'none');
    const changed = this.replay.changedNodes(this.index).size;
    if (this.index > 0) {
      const parts = [];
      if (step.shown.length) parts.push(`shows ${step.shown.join(', ')}`);
      else if (step.wentBack) parts.push('went back');
      if (changed) parts.push(`${changed} element${changed === 1 ? '' : 's'} changed (outlined on the page)`);
      fact('on screen', parts.length ? parts.join('; ') : 'nothing changed');
    }
    const block = el('div', 'details-block');
    block.append(facts);
    fragment.append(block);

    const json = (label, value) => {
      const section = el('div', 'details-block');
      section.append(el('h2', 'details-heading', label));
      const text = JSON.stringify(value, null, 2);
      const pre = el('pre', 'code-block', text.length > 20000 ? `${text.slice(0, 20000)}\n…` : text);
      pre.tabIndex = 0;
      section.append(pre);
      fragment.append(section);
    };
    if (this.index === 0) {
      json('First screen (ui.attach)', { seq: this.trace.attach.seq, stack: (this.trace.attach.stack || []).map(({ screen, id, title, modal }) => ({ screen, id, title, modal })), state: this.trace.attach.state });
    } else {
      if (step.request !== null && step.request !== undefined) json('Request', step.request);
      else if (step.text !== null) json('Message (not JSON)', step.text);
      if (step.reply) json(`Reply${step.replyTime !== null && step.replyTime !== undefined ? ` (${formatTime(step.replyTime)})` : ''}`, step.reply);
      if (step.notifications.length) {
        json('Notifications', step.notifications.map((record) => ({ clients: record.clients, ...record.message })));
      }
    }
    this.details.replaceChildren(fragment);
    this.details.scrollTop = 0;
  }
}
