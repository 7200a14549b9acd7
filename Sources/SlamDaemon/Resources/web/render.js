// Model → DOM. Keeps one DOM element per model node (a node → entry map) and,
// after each batch, touches only what the batch changed: the nodes it updated,
// the parents whose children it reordered, the subtrees it inserted or removed,
// the screens that came and went.
//
// Every rendered element carries data-node (its number), data-ref and
// data-type, so tests and the inspector can find it. Controls are real
// <button>s and <input>s; user actions go out through two callbacks, found
// by one delegated listener per event type:
//   onPress(node, value)   — press, with the value the element's kind takes
//   onText(node, text)     — a text field's new text (on every input)
//   onPop(screen)          — the Close button of a modal sheet

const CONTAINER_TYPES = new Set(['View', 'StateView']);
/** Screens of more elements than this get `is-large`: CSS skips laying out their off-screen rows. */
const LARGE_SCREEN = 500;

/** A number as people read it: 5 not 5.0, at most four decimals. */
export function formatNumber(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  return String(Math.round(value * 10000) / 10000);
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

function button(className, text) {
  const el = element('button', className, text);
  el.type = 'button';
  return el;
}

/** Clones a prototype element built once per kind: cloning is much cheaper than building (10k-element screens). */
const prototypes = new Map();
function fromPrototype(type, build) {
  let prototype = prototypes.get(type);
  if (!prototype) {
    prototype = build();
    prototype.classList.add('slam-node');
    prototype.setAttribute('data-type', type);
    prototypes.set(type, prototype);
  }
  return prototype.cloneNode(true);
}

function setText(el, text) {
  const value = text == null ? '' : String(text);
  if (el.textContent !== value) el.textContent = value;
}

function setFlag(el, attribute, on) {
  if (on) {
    if (!el.hasAttribute(attribute)) el.setAttribute(attribute, '');
  } else if (el.hasAttribute(attribute)) {
    el.removeAttribute(attribute);
  }
}

function setAttribute(el, name, value) {
  const text = String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

function labelFor(snapshot) {
  return snapshot.ref ? snapshot.ref : snapshot.type;
}

// One kind per element type: create(snapshot) returns an entry's DOM parts,
// update(entry, snapshot, previous) brings them up to date (previous is the
// snapshot painted last, {} the first time). `control` is what takes focus
// and the disabled flag.

const kinds = {
  View: {
    create(s) {
      const el = fromPrototype(s.type === 'StateView' ? 'StateView' : 'View', () => element('div', 'slam-view axis-vertical'));
      return { el, kids: el };
    },
    update(entry, s, p) {
      const axis = s.axis === 'horizontal' ? 'horizontal' : 'vertical';
      if (axis !== p.axis || !entry.axisSet) {
        entry.el.classList.toggle('axis-horizontal', axis === 'horizontal');
        entry.el.classList.toggle('axis-vertical', axis === 'vertical');
        entry.axisSet = true;
      }
      const spacing = typeof s.spacing === 'number' && s.spacing >= 0 ? s.spacing : 8;
      if (spacing !== entry.spacing) {
        entry.el.style.gap = `${spacing}px`;
        entry.spacing = spacing;
      }
    },
  },

  Label: {
    create() { return { el: fromPrototype('Label', () => element('div', 'slam-label')) }; },
    update(entry, s) {
      setText(entry.el, s.text);
      entry.el.classList.toggle('is-empty', !s.text);
    },
  },

  Button: {
    create() {
      const el = fromPrototype('Button', () => {
        const b = button('slam-button');
        b.dataset.press = '';
        return b;
      });
      return { el, control: el };
    },
    update(entry, s) {
      setText(entry.el, s.text || (s.ref ? s.ref : 'Button'));
      entry.el.disabled = s.enabled === false;
    },
  },

  Switch: {
    create() {
      const el = fromPrototype('Switch', () => {
        const b = button('slam-switch');
        b.setAttribute('role', 'switch');
        b.dataset.press = 'toggle';
        b.append(element('span', 'slam-switch-thumb'));
        return b;
      });
      return { el, control: el };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-checked', s.isOn ? 'true' : 'false');
      setAttribute(entry.el, 'aria-label', labelFor(s));
      entry.el.disabled = s.enabled === false;
    },
  },

  Stepper: {
    create() {
      const el = fromPrototype('Stepper', () => {
        const group = element('div', 'slam-stepper');
        group.setAttribute('role', 'group');
        const minus = button('slam-stepper-button', '−');
        minus.dataset.press = 'decrement';
        minus.setAttribute('aria-label', 'Decrement');
        const value = element('output', 'slam-stepper-value');
        value.setAttribute('aria-live', 'polite');
        const plus = button('slam-stepper-button', '+');
        plus.dataset.press = 'increment';
        plus.setAttribute('aria-label', 'Increment');
        group.append(minus, value, plus);
        return group;
      });
      const [minus, value, plus] = el.children;
      return { el, minus, plus, value, control: minus };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-label', labelFor(s));
      setText(entry.value, formatNumber(s.value));
      const disabled = s.enabled === false;
      entry.minus.disabled = disabled || (typeof s.minimumValue === 'number' && s.value <= s.minimumValue);
      entry.plus.disabled = disabled || (typeof s.maximumValue === 'number' && s.value >= s.maximumValue);
      entry.el.classList.toggle('is-disabled', disabled);
    },
  },

  SegmentedControl: {
    create() {
      return choiceGroup('slam-segmented');
    },
    update(entry, s) {
      const segments = Array.isArray(s.segments) ? s.segments : [];
      updateChoices(entry, s, segments.length, 'slam-segment', s.selectedSegment, (b, index) => setText(b, segments[index]));
    },
  },

  PageControl: {
    create() {
      return choiceGroup('slam-pages');
    },
    update(entry, s) {
      const count = Number.isInteger(s.numberOfPages) && s.numberOfPages > 0 ? Math.min(s.numberOfPages, 1000) : 0;
      updateChoices(entry, s, count, 'slam-page-dot', s.currentPage,
        (b, index) => setAttribute(b, 'aria-label', `Page ${index + 1} of ${count}`));
    },
  },

  ProgressView: {
    create() {
      const el = fromPrototype('ProgressView', () => {
        const track = element('div', 'slam-progress');
        track.setAttribute('role', 'progressbar');
        track.setAttribute('aria-valuemin', '0');
        track.setAttribute('aria-valuemax', '100');
        track.append(element('div', 'slam-progress-bar'));
        return track;
      });
      return { el, bar: el.firstChild };
    },
    update(entry, s) {
      const fraction = typeof s.progress === 'number' && s.progress > 0 ? Math.min(s.progress, 1) : 0;
      const percent = Math.round(fraction * 1000) / 10;
      entry.bar.style.width = `${percent}%`;
      setAttribute(entry.el, 'aria-valuenow', percent);
      setAttribute(entry.el, 'aria-label', labelFor(s));
    },
  },

  ActivityIndicator: {
    create() {
      const el = fromPrototype('ActivityIndicator', () => {
        const spinner = element('span', 'slam-spinner');
        spinner.setAttribute('role', 'status');
        return spinner;
      });
      return { el };
    },
    update(entry, s) {
      entry.el.classList.toggle('is-animating', !!s.animating);
      setAttribute(entry.el, 'aria-label', s.animating ? 'Working…' : 'Idle');
    },
  },

  SingleItemTableView: {
    create() {
      const el = element('div', 'slam-table');
      el.setAttribute('role', 'group');
      const empty = element('div', 'slam-table-empty', 'No rows');
      el.append(empty);
      return { el, empty, buttons: [] };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-label', labelFor(s));
      const items = Array.isArray(s.items) ? s.items : [];
      syncButtons(entry, items.length, (index) => {
        const b = button('slam-row');
        b.dataset.press = String(index);
        return b;
      });
      entry.empty.hidden = items.length > 0;
      items.forEach((item, index) => {
        const b = entry.buttons[index];
        setText(b, item);
        setAttribute(b, 'aria-pressed', s.selectedRow === index ? 'true' : 'false');
      });
      entry.control = entry.buttons[0] || null;
    },
  },

  TextField: {
    create() {
      const el = fromPrototype('TextField', () => {
        const input = element('input', 'slam-textfield');
        input.type = 'text';
        input.autocomplete = 'off';
        input.spellcheck = false;
        return input;
      });
      return { el, control: el };
    },
    update(entry, s, p, renderer) {
      const input = entry.el;
      if (input.placeholder !== (s.placeholder || '')) input.placeholder = s.placeholder || '';
      setAttribute(input, 'aria-label', s.placeholder || labelFor(s));
      input.disabled = s.enabled === false;
      renderer.syncTextField(entry, s.text == null ? '' : String(s.text));
    },
  },

  TextView: {
    create() {
      const el = element('div', 'slam-textview');
      el.tabIndex = 0;
      el.setAttribute('role', 'textbox');
      el.setAttribute('aria-readonly', 'true');
      el.setAttribute('aria-multiline', 'true');
      return { el };
    },
    update(entry, s) {
      setText(entry.el, s.text);
      setAttribute(entry.el, 'aria-label', labelFor(s));
    },
  },

  WebView: {
    create() {
      const el = element('figure', 'slam-webview');
      const bar = element('figcaption', 'slam-webview-bar');
      const title = element('span', 'slam-webview-title');
      const address = element('span', 'slam-webview-address');
      bar.append(title, address);
      el.append(bar);
      return { el, title, address, frame: null, placeholder: null };
    },
    update(entry, s) {
      setText(entry.title, s.title || (s.html ? 'Untitled page' : 'Web page'));
      setText(entry.address, s.url || (s.html ? 'HTML content' : 'about:blank'));
      entry.address.title = s.url || '';
      if (s.html) {
        if (entry.placeholder) { entry.placeholder.remove(); entry.placeholder = null; }
        if (!entry.frame) {
          const frame = element('iframe', 'slam-webview-frame');
          // An empty sandbox: no scripts, no forms, no same-origin access, no navigation of the page.
          frame.setAttribute('sandbox', '');
          frame.setAttribute('referrerpolicy', 'no-referrer');
          frame.title = s.title || 'Web view';
          entry.el.append(frame);
          entry.frame = frame;
        }
        if (entry.srcdoc !== s.html) {
          entry.frame.srcdoc = s.html;
          entry.srcdoc = s.html;
        }
        if (s.title) entry.frame.title = s.title;
      } else {
        if (entry.frame) { entry.frame.remove(); entry.frame = null; entry.srcdoc = undefined; }
        if (!entry.placeholder) {
          entry.placeholder = element('div', 'slam-webview-placeholder');
          entry.el.append(entry.placeholder);
        }
        setText(entry.placeholder, s.url ? 'Not loaded here: the page shows a web view’s address, it never fetches it.' : 'Empty web view');
      }
    },
  },

  // Any type this page does not know (an app's own Swift element): a labelled box.
  Unknown: {
    create() {
      const el = element('div', 'slam-unknown');
      const caption = element('div', 'slam-unknown-caption');
      const kids = element('div', 'slam-view axis-vertical');
      el.append(caption, kids);
      return { el, caption, kids };
    },
    update(entry, s) {
      const shown = Object.keys(s)
        .filter((key) => !['type', 'ref', 'visible'].includes(key) && s[key] !== null && typeof s[key] !== 'object')
        .slice(0, 4)
        .map((key) => `${key}: ${s[key]}`);
      setText(entry.caption, `${s.type}${s.ref ? ` “${s.ref}”` : ''}${shown.length ? ` — ${shown.join(', ')}` : ''}`);
    },
  },
};
kinds.StateView = kinds.View;

/** The kind that shows a node: its type's, except that a control with children of its own is shown as a labelled box holding them. */
function kindFor(node) {
  const kind = kinds[node.snapshot.type] || kinds.Unknown;
  if (node.children.length > 0 && !CONTAINER_TYPES.has(node.snapshot.type)) return kinds.Unknown;
  return kind;
}

/** Grows or shrinks `entry.buttons` (appended to entry.el) to `count`. */
function syncButtons(entry, count, make) {
  while (entry.buttons.length < count) {
    const b = make(entry.buttons.length);
    entry.el.append(b);
    entry.buttons.push(b);
  }
  while (entry.buttons.length > count) entry.buttons.pop().remove();
}

/** A group of one button per choice (segments, page dots): the entry `updateChoices` keeps. */
function choiceGroup(className) {
  const el = element('div', className);
  el.setAttribute('role', 'group');
  return { el, buttons: [] };
}

/**
 * Gives a choice group `count` buttons of `buttonClass` (each pressing its index),
 * `describe`s each, marks the `selected` one pressed and disables all with the element.
 */
function updateChoices(entry, s, count, buttonClass, selected, describe) {
  setAttribute(entry.el, 'aria-label', labelFor(s));
  syncButtons(entry, count, (index) => {
    const b = button(buttonClass);
    b.dataset.press = String(index);
    return b;
  });
  const disabled = s.enabled === false;
  entry.buttons.forEach((b, index) => {
    describe(b, index);
    setAttribute(b, 'aria-pressed', selected === index ? 'true' : 'false');
    b.disabled = disabled;
  });
  entry.el.classList.toggle('is-disabled', disabled);
  entry.control = entry.buttons[0] || null;
}

export class Renderer {
  /**
   * @param {HTMLElement} stage  where screens go
   * @param {UIModel} model
   * @param {{onPress, onText, onPop, isEcho}} hooks
   */
  constructor(stage, model, hooks = {}) {
    this.stage = stage;
    this.model = model;
    this.hooks = hooks;
    /** node number → {el, kids?, control?, kind, node, parent, snap (the snapshot painted), …} */
    this.entries = new Map();
    /** screen number → {layer, section, body, header?} */
    this.screens = new Map();
    /** The seq painted last. */
    this.seq = -1;
    this.picking = null;
    stage.addEventListener('click', (event) => this.clicked(event));
    stage.addEventListener('input', (event) => this.typed(event));
  }

  /** The node number of the element a DOM node belongs to, or null. */
  nodeOf(target) {
    const el = target && target.closest ? target.closest('[data-node]') : null;
    return el ? Number(el.dataset.node) : null;
  }

  elementOf(number) {
    const entry = this.entries.get(number);
    return entry ? entry.el : null;
  }

  clicked(event) {
    const pop = event.target.closest('[data-pop]');
    if (pop && this.hooks.onPop) {
      this.hooks.onPop(Number(pop.dataset.pop));
      return;
    }
    const control = event.target.closest('[data-press]');
    if (!control || control.disabled) return;
    const number = this.nodeOf(control);
    const node = number === null ? null : this.model.node(number);
    if (!node) return;
    const raw = control.dataset.press;
    let value;
    if (raw === 'toggle') value = !node.snapshot.isOn;
    else if (raw === 'increment' || raw === 'decrement') value = raw;
    else if (raw !== '') value = Number(raw);
    if (this.hooks.onPress) this.hooks.onPress(node, value);
  }

  typed(event) {
    const input = event.target;
    if (!input.classList || !input.classList.contains('slam-textfield')) return;
    const number = this.nodeOf(input);
    const node = number === null ? null : this.model.node(number);
    if (node && this.hooks.onText) this.hooks.onText(node, input.value);
  }

  /**
   * Brings a text field's input to `text`, unless `text` is the echo of
   * something this page typed into it (a person typing faster than the
   * replies come back would otherwise see their latest keystrokes undone).
   * Text the app set itself (cleared, transformed) is shown; the caret stays put.
   */
  syncTextField(entry, text) {
    const input = entry.el;
    if (input.value === text) return;
    if (this.hooks.isEcho && this.hooks.isEcho(entry.node, text)) return;
    if (document.activeElement === input) {
      const start = input.selectionStart;
      const end = input.selectionEnd;
      input.value = text;
      input.setSelectionRange(Math.min(start, text.length), Math.min(end, text.length));
    } else {
      input.value = text;
    }
  }

  /** Paints what a Changes record says changed; returns the number of entries touched. */
  paint(changes) {
    if (changes.reset) {
      this.rebuildAll();
    } else {
      this.paintRemovals(changes);
      for (const screen of changes.screensAdded) this.buildScreen(this.model.screen(screen));
      for (const number of changes.inserted) this.buildSubtree(number);
      for (const number of changes.updated) this.updateNode(number);
      for (const number of changes.reordered) this.reorder(number);
    }
    if (changes.stack || changes.reset) this.arrangeScreens();
    this.seq = changes.seq;
  }

  rebuildAll() {
    for (const screen of this.screens.values()) screen.layer.remove();
    this.screens.clear();
    this.entries.clear();
    for (const screen of this.model.stack) this.buildScreen(screen);
  }

  paintRemovals(changes) {
    for (const screen of changes.screensRemoved) {
      const parts = this.screens.get(screen);
      if (parts) parts.layer.remove();
      this.screens.delete(screen);
    }
    for (const number of changes.removed) {
      const entry = this.entries.get(number);
      if (!entry) continue;
      // Only a removed subtree's root needs to leave the DOM; its descendants go with it.
      if (entry.parent === null || !changes.removed.has(entry.parent)) entry.el.remove();
      this.entries.delete(number);
    }
  }

  buildScreen(screen) {
    if (!screen) return;
    const layer = element('div', 'slam-layer');
    layer.dataset.screen = String(screen.screen);
    const section = element('section', 'slam-screen');
    section.dataset.controller = screen.id;
    section.setAttribute('aria-label', screen.title || screen.id);
    const header = element('header', 'slam-sheet-header');
    const title = element('h2', 'slam-sheet-title');
    const close = button('slam-sheet-close', 'Close');
    close.dataset.pop = String(screen.screen);
    header.append(title, close);
    const body = element('div', 'slam-screen-body');
    section.append(header, body);
    layer.append(section);
    const root = this.buildTree(screen.root);
    body.append(root);
    this.screens.set(screen.screen, { layer, section, body, header, title, close });
    this.markLarge(screen.screen);
  }

  /** Marks a screen of many elements, whose off-screen rows CSS then skips (content-visibility). */
  markLarge(screenNumber) {
    const parts = this.screens.get(screenNumber);
    if (!parts) return;
    let count = 0;
    for (const node of this.model.nodes.values()) {
      if (node.screen === screenNumber && ++count > LARGE_SCREEN) break;
    }
    parts.section.classList.toggle('is-large', count > LARGE_SCREEN);
  }

  /** Builds the DOM of an inserted subtree (detached; reorder() places it). */
  buildSubtree(number) {
    if (this.entries.has(number) || !this.model.node(number)) return;
    this.buildTree(number);
  }

  /** Creates elements for a subtree, iteratively, children appended in order; returns the root element. */
  buildTree(rootNumber) {
    const pending = [rootNumber];
    let rootElement = null;
    while (pending.length) {
      const number = pending.pop();
      const node = this.model.node(number);
      const entry = this.createEntry(node);
      if (node.parent !== null && number !== rootNumber) {
        this.entries.get(node.parent).kids.append(entry.el);
      } else {
        rootElement = entry.el;
      }
      for (let index = node.children.length - 1; index >= 0; index -= 1) pending.push(node.children[index]);
    }
    return rootElement;
  }

  createEntry(node) {
    const s = node.snapshot;
    const kind = kindFor(node);
    const entry = kind.create(s);
    entry.kind = kind;
    entry.node = node.node;
    entry.parent = node.parent;
    // What a prototype already carries need not be written again.
    entry.snap = { type: entry.el.getAttribute('data-type') };
    if (!entry.el.classList.contains('slam-node')) entry.el.classList.add('slam-node');
    entry.el.setAttribute('data-node', String(node.node));
    this.entries.set(node.node, entry);
    this.patch(entry, s);
    return entry;
  }

  patch(entry, s) {
    const p = entry.snap;
    const el = entry.el;
    if (s.type !== p.type) el.setAttribute('data-type', s.type);
    if (s.ref !== p.ref) el.setAttribute('data-ref', s.ref || '');
    if (s.visible !== p.visible && (s.visible === false || el.hidden)) el.hidden = s.visible === false;
    entry.kind.update(entry, s, p, this);
    entry.snap = s;
  }

  updateNode(number) {
    const entry = this.entries.get(number);
    const node = this.model.node(number);
    if (!entry || !node) return;
    if (kindFor(node) !== entry.kind) {
      this.replaceNode(number);
      return;
    }
    this.patch(entry, node.snapshot);
  }

  /** Rebuilds one node's own element (its type changed), keeping its children's elements. */
  replaceNode(number) {
    const old = this.entries.get(number);
    const node = this.model.node(number);
    const entry = this.createEntry(node);
    if (old.el.parentNode) old.el.replaceWith(entry.el);
    if (entry.kids) {
      for (const child of node.children) {
        if (!this.entries.has(child)) this.buildTree(child);
        entry.kids.append(this.entries.get(child).el);
      }
    }
  }

  /** Puts a parent's child elements in the model's order (building any missing). */
  reorder(number) {
    const entry = this.entries.get(number);
    const node = this.model.node(number);
    if (!entry || !node) return;
    if (kindFor(node) !== entry.kind) {
      this.replaceNode(number);
      return;
    }
    const host = entry.kids;
    let cursor = host.firstChild;
    for (const child of node.children) {
      let childEntry = this.entries.get(child);
      if (!childEntry) {
        this.buildTree(child);
        childEntry = this.entries.get(child);
      }
      const el = childEntry.el;
      if (el === cursor) {
        cursor = cursor.nextSibling;
      } else {
        host.insertBefore(el, cursor);
      }
    }
    while (cursor) {
      const next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
  }

  /**
   * Compares the DOM with the model (for tests): every node has its element,
   * children in the model's order, the hidden flag matching `visible`, every
   * screen its layer. Returns a list of problems, empty when they agree.
   */
  check() {
    const problems = [];
    for (const screen of this.model.stack) {
      const parts = this.screens.get(screen.screen);
      if (!parts) { problems.push(`screen ${screen.screen} has no layer`); continue; }
      const root = this.entries.get(screen.root);
      if (!root || root.el.parentNode !== parts.body) problems.push(`screen ${screen.screen}: root ${screen.root} not in its body`);
    }
    if (this.screens.size !== this.model.stack.length) problems.push(`${this.screens.size} layers for ${this.model.stack.length} screens`);
    for (const [number, node] of this.model.nodes) {
      const entry = this.entries.get(number);
      if (!entry) { problems.push(`node ${number} has no element`); continue; }
      if (entry.el.dataset.node !== String(number)) problems.push(`node ${number}: element says ${entry.el.dataset.node}`);
      if ((entry.el.dataset.ref || '') !== (node.ref || '')) problems.push(`node ${number}: data-ref ${entry.el.dataset.ref} ≠ ${node.ref}`);
      if (entry.el.hidden !== !node.visible) problems.push(`node ${number}: hidden ${entry.el.hidden} but visible ${node.visible}`);
      if (entry.snap !== node.snapshot && JSON.stringify(entry.snap) !== JSON.stringify(node.snapshot)) problems.push(`node ${number}: painted snapshot is stale`);
      if (node.children.length || entry.kids) {
        const shown = entry.kids ? [...entry.kids.children].map((child) => Number(child.dataset.node)) : [];
        if (shown.join() !== node.children.join()) problems.push(`node ${number}: children [${shown}] ≠ [${node.children}]`);
      }
    }
    if (this.entries.size !== this.model.nodes.size) problems.push(`${this.entries.size} elements for ${this.model.nodes.size} nodes`);
    return problems;
  }

  /**
   * Shows the screens a person sees: the topmost non-modal screen, and the
   * modal screens above it as sheets over a dimmed backdrop, in stack order.
   */
  arrangeScreens() {
    const stack = this.model.stack;
    let base = stack.length - 1;
    while (base > 0 && stack[base].modal) base -= 1;
    let previous = null;
    stack.forEach((screen, index) => {
      const parts = this.screens.get(screen.screen);
      if (!parts) return;
      const shown = index >= base;
      const sheet = index > base;
      const top = index === stack.length - 1;
      parts.layer.hidden = !shown;
      parts.layer.classList.toggle('is-sheet', sheet);
      parts.layer.classList.toggle('is-base', index === base);
      setFlag(parts.layer, 'data-top', top);
      parts.section.dataset.controller = screen.id;
      parts.section.setAttribute('aria-label', screen.title || screen.id);
      setText(parts.title, screen.title || screen.id);
      parts.header.hidden = !sheet;
      parts.close.hidden = !top;
      if (sheet) {
        parts.section.setAttribute('role', 'dialog');
        parts.section.setAttribute('aria-modal', top ? 'true' : 'false');
      } else {
        parts.section.removeAttribute('role');
        parts.section.removeAttribute('aria-modal');
      }
      // Screens below a sheet cannot be used while it is up.
      parts.layer.inert = shown && !top;
      // Layers follow stack order, so later sheets cover earlier ones.
      const expected = previous ? previous.nextSibling : this.stage.firstChild;
      if (parts.layer !== expected) this.stage.insertBefore(parts.layer, expected);
      previous = parts.layer;
    });
  }
}
