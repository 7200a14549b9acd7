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
//                            (a position [section|component, row|item] for pickers,
//                            sectioned tables and collections; an ISO string for a date picker)
//   onSlide(node, number)  — a slider's thumb moved to `number` (on every input; a press)
//   isSliding(node)        — whether a slider's moves are still on their way (its echoes must not move the thumb)
//   onText(node, text)     — a text field's new text (on every input)
//   onSecureKey(node, key) — a key typed into a secure field (its text is never in the page)
//   onPop(screen)          — the Close button of a modal sheet
// The server's focus (each focusable element's `focused`) shows as `is-focused`;
// `focusArrived` lists the nodes that took it in the batch painted last.

import { FOCUSABLE_TYPES } from './elements.js';
import { accessibleOf, controlName, gridRows, headingLevel, viewRole } from './a11y.js';

/** Types whose children are elements of their own (an alert's children are its buttons). */
const CONTAINER_TYPES = new Set(['View', 'StateView', 'Alert']);
/** Types that can hold the server's focus (Protocol: focus and keys), from the element declarations. */
export { FOCUSABLE_TYPES };
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

/**
 * The − or + beside a spinbutton: the mouse presses it (`press` is `increment` or `decrement`);
 * the keyboard and assistive technology use the spinbutton, so it is no tab stop and hidden from them.
 */
function stepButton(className, press) {
  const step = button(className, press === 'increment' ? '+' : '−');
  step.dataset.press = press;
  step.tabIndex = -1;
  step.setAttribute('aria-hidden', 'true');
  return step;
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

/** Sets or removes an attribute (null or '' removes it). */
function setOptional(el, name, value) {
  if (value === null || value === undefined || value === '') {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else {
    setAttribute(el, name, value);
  }
}

/** The value states of a range widget, as the snapshot gives them: aria-valuenow/min/max/text from `valueNow`… */
function setValueStates(el, s) {
  setOptional(el, 'aria-valuenow', typeof s.valueNow === 'number' ? s.valueNow : null);
  setOptional(el, 'aria-valuemin', typeof s.valueMin === 'number' ? s.valueMin : null);
  setOptional(el, 'aria-valuemax', typeof s.valueMax === 'number' ? s.valueMax : null);
  setOptional(el, 'aria-valuetext', typeof s.valueText === 'string' ? s.valueText : null);
}

// ------------------------------------------------------------ dates (pure: node tests them)

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const pad = (number, width = 2) => String(number).padStart(width, '0');

/** Minutes east of UTC an ISO offset names (`Z`, `+01:00`, `-0530`, `+02`); 0 for none. */
function offsetMinutes(offset) {
  if (!offset || offset === 'Z' || offset === 'z') return 0;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

/**
 * Reads an ISO 8601 date, time or date-time as UTC wall-clock parts
 * {year, month, day, hour, minute, second} (a time alone has no date parts).
 * An offset is converted to UTC; no offset is taken as UTC; fractions are dropped.
 * Never uses the browser's time zone. Null when unreadable.
 */
export function parseISO(text) {
  if (typeof text !== 'string') return null;
  const value = text.trim();
  let match = DATE_TIME.exec(value);
  if (match) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', offset] = match;
    const utc = new Date(0);
    utc.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
    utc.setUTCHours(Number(hour), Number(minute), Number(second), 0);
    const time = utc.getTime() - offsetMinutes(offset) * 60000;
    if (!Number.isFinite(time)) return null;
    const shifted = new Date(time);
    return {
      year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes(), second: shifted.getUTCSeconds(),
    };
  }
  match = TIME.exec(value);
  if (match) {
    const [, hour, minute, second = '0', offset] = match;
    const total = ((Number(hour) * 60 + Number(minute) - offsetMinutes(offset)) % 1440 + 1440) % 1440;
    return { hour: Math.floor(total / 60), minute: total % 60, second: Number(second) };
  }
  return null;
}

/**
 * A value in a plain ISO form (`2026-11-23`, `14:30`, `2026-11-23T14:30`: the UTC wall clock) as
 * the ISO string a DatePicker reports: `2026-11-23`, `14:30:00`, `2026-11-23T14:30:00Z`. '' when incomplete.
 */
export function fromInputValue(mode, inputValue) {
  const value = typeof inputValue === 'string' ? inputValue.trim() : '';
  const time = (text) => {
    const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(text);
    return match ? `${match[1]}:${match[2]}:${match[3] || '00'}` : '';
  };
  if (mode === 'time') return time(value);
  const match = /^(\d{4,})-(\d{2})-(\d{2})(?:T(.+))?$/.exec(value);
  if (!match) return '';
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  if (mode !== 'dateAndTime') return date;
  const clock = time(match[4] || '');
  return clock ? `${date}T${clock}Z` : '';
}

/**
 * A DatePicker value as its spinbutton's field shows it, to be read and retyped: `2026-11-23`
 * (date), `14:30` (time), `2026-11-23 14:30` (dateAndTime, the UTC wall clock); seconds
 * only `withSeconds`. '' when there is none or it cannot be read.
 */
export function dateFieldText(mode, value, withSeconds = false) {
  const parts = parseISO(value);
  if (!parts) return '';
  const time = `${pad(parts.hour)}:${pad(parts.minute)}${withSeconds ? `:${pad(parts.second)}` : ''}`;
  if (mode === 'time') return time;
  if (parts.year === undefined) return '';
  const date = `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
  return mode === 'dateAndTime' ? `${date} ${time}` : date;
}

/**
 * What a person typed into a DatePicker's field, as the value its press takes: the field's own
 * forms (`2026-11-23 14:30`, `14:30`) become the ISO the daemon reports (`2026-11-23T14:30:00Z`,
 * `14:30:00`); anything else goes as typed, for the daemon to take or to refuse saying why.
 * '' for an empty field.
 */
export function datePressValue(mode, typed) {
  const text = typeof typed === 'string' ? typed.trim() : '';
  // The field shows a date and a time apart; ISO joins them with a T.
  const joined = text.replace(/^(\d{4,}-\d{2}-\d{2})\s+(?=\d)/, '$1T');
  const shown = mode === 'time' ? /^\d{2}:\d{2}(?::\d{2})?$/ : mode === 'dateAndTime' ? /^\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/ : null;
  return shown && shown.test(joined) ? fromInputValue(mode, joined) : joined;
}

/**
 * A DatePicker value as a person reads it (its spinbutton's aria-valuetext): `Monday, November
 * 23, 2026` (date, in `locale`), `14:30 UTC` (time), both for dateAndTime. '' when unreadable.
 */
export function dateValueText(mode, value, locale = undefined, withSeconds = false) {
  const parts = parseISO(value);
  if (!parts) return '';
  const time = `${dateFieldText('time', value, withSeconds)} UTC`;
  if (mode === 'time') return time;
  if (parts.year === undefined) return '';
  const date = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(utcDay(parts));
  return mode === 'dateAndTime' ? `${date}, ${time}` : date;
}

/** The day of the week of a DatePicker value, short (`Mon`, in `locale`), shown beside its date; '' when it has no date. */
export function dateWeekday(value, locale = undefined) {
  const parts = parseISO(value);
  if (!parts || parts.year === undefined) return '';
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(utcDay(parts));
}

/** Midnight UTC of a parsed DatePicker value's day. */
function utcDay(parts) {
  const day = new Date(0);
  day.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return day;
}

/** A DatePicker value (or limit) as seconds: since 1970-01-01 UTC (date modes; a date is its midnight), since midnight (time); null when unreadable. */
export function dateSeconds(mode, value) {
  const parts = parseISO(value);
  if (!parts) return null;
  const clock = parts.hour * 3600 + parts.minute * 60 + parts.second;
  if (mode === 'time') return clock;
  if (parts.year === undefined) return null;
  const day = new Date(0);
  day.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return day.getTime() / 1000 + (mode === 'dateAndTime' ? clock : 0);
}

/** Whether `value` is a position pair [a, b] of integers. */
function isPair(value) {
  return Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && Number.isInteger(value[1]);
}

/** A sectioned table's or collection's sections, made regular (a plain string row or item is its text). */
export function sectionsOf(snapshot, what) {
  const sections = Array.isArray(snapshot.sections) ? snapshot.sections : [];
  return sections.map((section) => {
    const header = section && typeof section === 'object' && typeof section.header === 'string' ? section.header : null;
    const list = section && typeof section === 'object' && Array.isArray(section[what]) ? section[what] : [];
    return {
      header,
      [what]: list.map((row) => {
        if (typeof row === 'string') return what === 'items' ? { key: row, text: row } : { text: row, detail: null };
        const text = row && row.text != null ? String(row.text) : '';
        if (what === 'items') return { key: row && row.key != null ? String(row.key) : text, text };
        return { text, detail: row && typeof row.detail === 'string' && row.detail ? row.detail : null };
      }),
    };
  });
}

/**
 * A part of a table or grid that only carries its role (row, cell, gridcell): it has no box
 * of its own (`slam-part`, display: contents), so the layout is the one of its contents.
 */
function part(role, className = 'slam-part') {
  const el = element('div', className);
  el.setAttribute('role', role);
  return el;
}

/** A row of one cell (`cellRole`) holding `content`, for the table's and the grid's parts. */
function rowOf(cellRole, ...content) {
  const row = part('row');
  const cell = part(cellRole);
  cell.append(...content);
  row.append(cell);
  return row;
}

/**
 * One section of a sectioned table or collection view: a rowgroup named by its header, which
 * shows (when it has one) as the section's column header.
 */
function sectionGroup(className, headerClassName, header) {
  const group = element('div', className);
  group.setAttribute('role', 'rowgroup');
  if (header !== null) {
    group.setAttribute('aria-label', header);
    const row = part('row');
    const cell = part('columnheader', headerClassName);
    cell.textContent = header;
    row.append(cell);
    group.append(row);
  }
  return group;
}

/** A row or cell pressed as `[section, index]`, with the checkmark that shows its selection. */
function positionButton(className, section, index) {
  const b = button(className);
  b.dataset.press = `[${section},${index}]`;
  b.dataset.position = `${section},${index}`;
  const check = element('span', 'slam-check');
  check.setAttribute('aria-hidden', 'true');
  return { b, check };
}

/**
 * Marks the selected ones of `buttons` pressed, and the part holding each (`holder`: its
 * table row, its grid cell) selected; returns the control that takes the focus (the first
 * selected, else the first).
 */
function markPressed(buttons, isSelected, holder) {
  let first = null;
  for (const b of buttons) {
    const selected = isSelected(b);
    setAttribute(b, 'aria-pressed', selected ? 'true' : 'false');
    setAttribute(holder(b), 'aria-selected', selected ? 'true' : 'false');
    if (selected && !first) first = b;
  }
  return first || buttons[0] || null;
}

/** A grid's one tab stop (ARIA Authoring Practices): `control`; its other cells are reached with the arrows. */
function roveTabStop(buttons, control) {
  for (const b of buttons) setAttribute(b, 'tabindex', b === control ? '0' : '-1');
}

function updateLabel(entry, s) {
  setText(entry.el, s.text);
  entry.el.classList.toggle('is-empty', !s.text);
}

/** The kind of a Label declared a heading of `level`: an <h1>…<h6> (a level that changes makes a new element). */
function headingKind(level) {
  return {
    create() { return { el: fromPrototype(`Heading${level}`, () => element(`h${level}`, 'slam-label slam-heading')) }; },
    update: updateLabel,
  };
}
const headingKinds = [1, 2, 3, 4, 5, 6].map(headingKind);

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
      // A named group or region says so; a plain view is a generic box assistive technology passes through.
      const { role, name } = viewRole(s);
      setOptional(entry.el, 'role', role === 'generic' ? null : role);
      setOptional(entry.el, 'aria-label', name);
    },
  },

  // A paragraph; a label declared a heading is an <h1>…<h6> (headingKinds).
  Label: {
    create() { return { el: fromPrototype('Label', () => element('p', 'slam-label')) }; },
    update: updateLabel,
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
      const shown = s.text || (s.ref ? s.ref : 'Button');
      setText(entry.el, shown);
      // An explicit label that says more than the text is the name assistive technology reads.
      const { name } = accessibleOf(s);
      setOptional(entry.el, 'aria-label', name && name !== shown ? name : null);
      entry.el.disabled = s.enabled === false;
      const style = s.style === 'cancel' || s.style === 'destructive' ? s.style : 'normal';
      if (entry.el.dataset.style !== style) entry.el.dataset.style = style;
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
      setAttribute(entry.el, 'aria-checked', (typeof s.checked === 'boolean' ? s.checked : s.isOn) ? 'true' : 'false');
      setAttribute(entry.el, 'aria-label', controlName(s));
      entry.el.disabled = s.enabled === false;
    },
  },

  // A spinbutton (its value, the keys of the ARIA Authoring Practices: app.js) between − and +,
  // which the mouse presses; the keyboard has the spinbutton, so they are not tab stops.
  Stepper: {
    create() {
      const el = fromPrototype('Stepper', () => {
        const group = element('div', 'slam-stepper');
        const minus = stepButton('slam-stepper-button', 'decrement');
        const value = element('span', 'slam-stepper-value');
        value.setAttribute('role', 'spinbutton');
        value.tabIndex = 0;
        const plus = stepButton('slam-stepper-button', 'increment');
        group.append(minus, value, plus);
        return group;
      });
      const [minus, value, plus] = el.children;
      return { el, minus, plus, value, control: value };
    },
    update(entry, s) {
      const { value } = entry;
      setAttribute(value, 'aria-label', controlName(s));
      setText(value, formatNumber(s.value));
      setValueStates(value, s);
      const disabled = s.enabled === false;
      setOptional(value, 'aria-disabled', disabled ? 'true' : null);
      entry.minus.disabled = disabled || (typeof s.minimumValue === 'number' && s.value <= s.minimumValue);
      entry.plus.disabled = disabled || (typeof s.maximumValue === 'number' && s.value >= s.maximumValue);
      entry.el.classList.toggle('is-disabled', disabled);
    },
  },

  // A real range input: min, max and step (`any` when continuous) from the snapshot, the value beside it.
  Slider: {
    create() {
      const el = fromPrototype('Slider', () => {
        const group = element('div', 'slam-slider');
        const input = element('input', 'slam-slider-input');
        input.type = 'range';
        const value = element('output', 'slam-slider-value');
        value.setAttribute('aria-hidden', 'true');
        group.append(input, value);
        return group;
      });
      const [input, value] = el.children;
      return { el, input, value, control: input };
    },
    update(entry, s, p, renderer) {
      const { input } = entry;
      const minimum = typeof s.minimumValue === 'number' ? s.minimumValue : 0;
      const maximum = typeof s.maximumValue === 'number' ? s.maximumValue : 1;
      // Bounds and step before the value: the input clamps and snaps what it is given to them.
      setAttribute(input, 'min', minimum);
      setAttribute(input, 'max', maximum);
      setAttribute(input, 'step', typeof s.stepValue === 'number' && s.stepValue > 0 ? s.stepValue : 'any');
      setAttribute(input, 'aria-label', controlName(s));
      // The range input's own value, bounds and role say the rest.
      setOptional(input, 'aria-valuetext', typeof s.valueText === 'string' ? s.valueText : null);
      // Without a reference the daemon cannot be told of a drag: the slider is shown, not offered.
      const disabled = s.enabled === false || !s.ref;
      input.disabled = disabled;
      entry.el.classList.toggle('is-disabled', disabled);
      // While this page's moves are on their way, the thumb stays where the person put it.
      if (renderer.hooks.isSliding && renderer.hooks.isSliding(entry.node)) return;
      if (typeof s.value === 'number' && input.valueAsNumber !== s.value) input.value = String(s.value);
      setText(entry.value, formatNumber(s.value));
    },
  },

  // A radio group: one radio per segment, the checked one the group's only tab stop (arrows: app.js).
  SegmentedControl: {
    create() {
      const el = element('div', 'slam-segmented');
      el.setAttribute('role', 'radiogroup');
      return { el, buttons: [] };
    },
    update(entry, s) {
      const segments = Array.isArray(s.segments) ? s.segments : [];
      setAttribute(entry.el, 'aria-label', controlName(s));
      syncButtons(entry, segments.length, (index) => {
        const b = button('slam-segment');
        b.setAttribute('role', 'radio');
        b.dataset.press = String(index);
        return b;
      });
      const disabled = s.enabled === false;
      const selected = Number.isInteger(s.selectedSegment) && s.selectedSegment >= 0 && s.selectedSegment < segments.length ? s.selectedSegment : -1;
      entry.buttons.forEach((b, index) => {
        setText(b, segments[index]);
        setAttribute(b, 'aria-checked', selected === index ? 'true' : 'false');
        setAttribute(b, 'tabindex', index === (selected < 0 ? 0 : selected) ? '0' : '-1');
        b.disabled = disabled;
      });
      entry.el.classList.toggle('is-disabled', disabled);
      entry.control = entry.buttons[selected < 0 ? 0 : selected] || null;
    },
  },

  // A slider over the pages ("Page 2 of 3"; arrows, Home and End: app.js); its dots are what the mouse clicks.
  PageControl: {
    create() {
      const el = element('div', 'slam-pages');
      el.setAttribute('role', 'slider');
      el.setAttribute('aria-orientation', 'horizontal');
      el.tabIndex = 0;
      return { el, buttons: [], control: el };
    },
    update(entry, s) {
      const count = Number.isInteger(s.numberOfPages) && s.numberOfPages > 0 ? Math.min(s.numberOfPages, 1000) : 0;
      const current = Number.isInteger(s.currentPage) ? s.currentPage : 0;
      setAttribute(entry.el, 'aria-label', controlName(s));
      setValueStates(entry.el, s);
      syncButtons(entry, count, (index) => {
        const dot = element('span', 'slam-page-dot');
        dot.dataset.press = String(index);
        return dot;
      });
      const disabled = s.enabled === false;
      setOptional(entry.el, 'aria-disabled', disabled ? 'true' : null);
      setAttribute(entry.el, 'tabindex', disabled ? '-1' : '0');
      entry.buttons.forEach((dot, index) => dot.classList.toggle('is-current', index === current));
      entry.el.classList.toggle('is-disabled', disabled);
    },
  },

  ProgressView: {
    create() {
      const el = fromPrototype('ProgressView', () => {
        const track = element('div', 'slam-progress');
        track.setAttribute('role', 'progressbar');
        track.append(element('div', 'slam-progress-bar'));
        return track;
      });
      return { el, bar: el.firstChild };
    },
    update(entry, s) {
      const fraction = typeof s.progress === 'number' && s.progress > 0 ? Math.min(s.progress, 1) : 0;
      const percent = Math.round(fraction * 1000) / 10;
      entry.bar.style.width = `${percent}%`;
      setValueStates(entry.el, s);
      setAttribute(entry.el, 'aria-label', controlName(s));
    },
  },

  ActivityIndicator: {
    create() {
      const el = fromPrototype('ActivityIndicator', () => {
        const spinner = element('span', 'slam-spinner');
        spinner.setAttribute('role', 'progressbar');
        return spinner;
      });
      return { el };
    },
    update(entry, s) {
      // An indeterminate progressbar (no value); without a name of its own it says whether it is working.
      entry.el.classList.toggle('is-animating', !!s.animating);
      setAttribute(entry.el, 'aria-label', accessibleOf(s).name || (s.animating ? 'Working…' : 'Idle'));
      setAttribute(entry.el, 'aria-busy', s.animating ? 'true' : 'false');
    },
  },

  SingleItemTableView: {
    create() {
      const el = element('div', 'slam-table');
      const list = element('div', 'slam-list');
      list.setAttribute('role', 'list');
      const empty = element('div', 'slam-table-empty', 'No rows');
      el.append(list, empty);
      return { el, list, empty, items: [], buttons: [] };
    },
    update(entry, s) {
      setAttribute(entry.list, 'aria-label', controlName(s));
      const items = Array.isArray(s.items) ? s.items : [];
      while (entry.items.length < items.length) {
        const item = element('div', 'slam-item');
        item.setAttribute('role', 'listitem');
        const b = button('slam-row');
        b.dataset.press = String(entry.items.length);
        item.append(b);
        entry.list.append(item);
        entry.items.push(item);
        entry.buttons.push(b);
      }
      while (entry.items.length > items.length) {
        entry.items.pop().remove();
        entry.buttons.pop();
      }
      entry.list.hidden = items.length === 0;
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
      setAttribute(input, 'aria-label', controlName(s));
      input.disabled = s.enabled === false;
      // A secure field is a password input showing the server's mask (one • per character).
      const type = s.secure ? 'password' : 'text';
      if (input.type !== type) input.type = type;
      if (Number.isInteger(s.maxLength) && s.maxLength >= 0) setAttribute(input, 'maxlength', s.maxLength);
      else if (input.hasAttribute('maxlength')) input.removeAttribute('maxlength');
      renderer.syncTextField(entry, s.text == null ? '' : String(s.text), !!s.secure);
    },
  },

  PickerView: {
    create() {
      const el = element('div', 'slam-picker');
      el.setAttribute('role', 'group');
      return { el, selects: [], shape: '' };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-label', controlName(s));
      const components = Array.isArray(s.components) ? s.components.map((rows) => (Array.isArray(rows) ? rows.map(String) : [])) : [];
      const shape = JSON.stringify(components);
      if (shape !== entry.shape) {
        const selects = components.map((rows, component) => {
          const select = element('select', 'slam-picker-component');
          select.dataset.component = String(component);
          select.setAttribute('aria-label', components.length > 1 ? `${controlName(s)}, component ${component + 1}` : controlName(s));
          rows.forEach((row, index) => {
            const option = element('option', null, row);
            option.value = String(index);
            select.append(option);
          });
          return select;
        });
        entry.el.replaceChildren(...selects);
        if (!selects.length) entry.el.append(element('span', 'slam-picker-empty', 'No choices'));
        entry.selects = selects;
        entry.shape = shape;
      }
      const disabled = s.enabled === false;
      const selected = Array.isArray(s.selectedRows) ? s.selectedRows : [];
      entry.selects.forEach((select, component) => {
        const row = selected[component];
        const index = Number.isInteger(row) && row >= 0 && row < select.options.length ? row : -1;
        if (select.selectedIndex !== index) select.selectedIndex = index;
        select.disabled = disabled;
        select.classList.toggle('is-focused-component', !!s.focused && s.focusedComponent === component);
      });
      entry.el.classList.toggle('is-disabled', disabled);
      entry.control = entry.selects[Number.isInteger(s.focusedComponent) ? s.focusedComponent : 0] || entry.selects[0] || null;
    },
  },

  // A spinbutton (the ARIA Authoring Practices' date picker spin button): a field showing the
  // value, typed into (Enter or leaving it presses the typed text), between − and + like a
  // Stepper's; its arrows and PageUp/PageDown step it (app.js). Dates and times are UTC.
  DatePicker: {
    create() {
      const el = fromPrototype('DatePicker', () => {
        const group = element('div', 'slam-date');
        const spin = element('div', 'slam-date-spin');
        const minus = stepButton('slam-stepper-button slam-date-step', 'decrement');
        const input = element('input', 'slam-date-input');
        input.type = 'text';
        input.setAttribute('role', 'spinbutton');
        input.autocomplete = 'off';
        input.spellcheck = false;
        const weekday = element('span', 'slam-date-weekday');
        weekday.setAttribute('aria-hidden', 'true');
        const plus = stepButton('slam-stepper-button slam-date-step', 'increment');
        spin.append(minus, input, weekday, plus);
        const zone = element('span', 'slam-date-zone', 'UTC');
        zone.title = 'Dates and times are in UTC';
        zone.setAttribute('aria-hidden', 'true');
        group.append(spin, zone);
        return group;
      });
      const spin = el.firstChild;
      const [minus, input, weekday, plus] = spin.children;
      return { el, minus, input, weekday, plus, zone: el.lastChild, control: input, shownText: '' };
    },
    update(entry, s) {
      const { input } = entry;
      const mode = s.mode === 'time' || s.mode === 'dateAndTime' ? s.mode : 'date';
      entry.zone.hidden = mode === 'date';
      entry.el.dataset.mode = mode;
      // Seconds show only when a value or a limit has them.
      const seconds = [s.value, s.minimumDate, s.maximumDate].some((v) => {
        const parts = parseISO(v);
        return parts && parts.second !== 0;
      });
      const text = dateFieldText(mode, s.value, seconds) || (typeof s.value === 'string' ? s.value : '');
      // What a person is typing (focused, changed, not yet pressed) stays until they press it or leave.
      const typing = document.activeElement === input && input.value !== entry.shownText && input.value !== entry.pressedText;
      if (!typing && input.value !== text) input.value = text;
      entry.shownText = text;
      entry.pressedText = null;
      input.style.setProperty('--chars', String(Math.max(text.length, 5)));
      setAttribute(input, 'aria-label', controlName(s));
      setOptional(input, 'aria-valuetext', dateValueText(mode, s.value, undefined, seconds) || (typeof s.valueText === 'string' ? s.valueText : null));
      setText(entry.weekday, mode === 'time' ? '' : dateWeekday(s.value));
      entry.weekday.hidden = mode === 'time';
      const disabled = s.enabled === false;
      setOptional(input, 'aria-disabled', disabled ? 'true' : null);
      input.readOnly = disabled;
      // − and + are off at the bounds (the daemon stops there too).
      const now = dateSeconds(mode, s.value);
      const min = dateSeconds(mode, s.minimumDate);
      const max = dateSeconds(mode, s.maximumDate);
      entry.minus.disabled = disabled || (now !== null && min !== null && now <= min);
      entry.plus.disabled = disabled || (now !== null && max !== null && now >= max);
      entry.el.classList.toggle('is-disabled', disabled);
    },
  },

  SectionedTableView: {
    create() {
      const el = element('div', 'slam-table slam-sectioned');
      el.setAttribute('role', 'table');
      return { el, rows: [], shape: '' };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-label', controlName(s));
      const sections = sectionsOf(s, 'rows');
      const shape = JSON.stringify(sections);
      const multiple = !!s.multipleSelection;
      entry.el.classList.toggle('is-multiple', multiple);
      if (shape !== entry.shape) {
        const refocus = positionFocused(entry.el);
        const parts = [];
        entry.rows = [];
        sections.forEach((section, index) => {
          const group = sectionGroup('slam-table-section', 'slam-table-header', section.header);
          const rows = section.rows.map((row, rowIndex) => {
            const { b, check } = positionButton('slam-row', index, rowIndex);
            const main = element('span', 'slam-row-main');
            main.append(element('span', 'slam-row-text', row.text));
            if (row.detail !== null) main.append(element('span', 'slam-row-detail', row.detail));
            b.append(check, main);
            return b;
          });
          if (!rows.length) group.append(rowOf('cell', element('div', 'slam-table-empty', 'No rows')));
          group.append(...rows.map((b) => rowOf('cell', b)));
          entry.rows.push(...rows);
          parts.push(group);
        });
        if (!sections.length) parts.push(rowOf('cell', element('div', 'slam-table-empty', 'No rows')));
        entry.el.replaceChildren(...parts);
        entry.shape = shape;
        refocus(entry.el);
      }
      const selected = new Set((Array.isArray(s.selectedRows) ? s.selectedRows : []).filter(isPair).map((pair) => pair.join(',')));
      // A table's rows are selected (its cells are not selectable), a grid's cells.
      entry.control = markPressed(entry.rows, (b) => selected.has(b.dataset.position), (b) => b.parentNode.parentNode);
    },
  },

  CollectionView: {
    create() {
      const el = element('div', 'slam-collection');
      el.setAttribute('role', 'grid');
      return { el, items: [], shape: '' };
    },
    update(entry, s) {
      setAttribute(entry.el, 'aria-label', controlName(s));
      const columns = Number.isInteger(s.columns) && s.columns >= 1 ? Math.min(s.columns, 24) : 3;
      if (entry.columns !== columns) {
        entry.el.style.setProperty('--columns', String(columns));
        entry.columns = columns;
      }
      const sections = sectionsOf(s, 'items');
      const shape = `${columns}|${JSON.stringify(sections)}`;
      entry.el.classList.toggle('is-multiple', !!s.multipleSelection);
      setOptional(entry.el, 'aria-multiselectable', s.multipleSelection ? 'true' : null);
      if (shape !== entry.shape) {
        const refocus = positionFocused(entry.el);
        const parts = [];
        entry.items = [];
        sections.forEach((section, index) => {
          const group = sectionGroup('slam-collection-section', 'slam-collection-header', section.header);
          const grid = element('div', 'slam-collection-grid');
          const cells = section.items.map((item, itemIndex) => {
            const { b, check } = positionButton('slam-cell', index, itemIndex);
            b.dataset.key = item.key;
            b.append(element('span', 'slam-cell-text', item.text), check);
            entry.items.push(b);
            const cell = part('gridcell');
            cell.append(b);
            return cell;
          });
          // The grid's rows are its columns' worth of cells; the cells lay out in the section's CSS grid.
          for (const cellsOfRow of gridRows(cells, entry.columns)) {
            const row = part('row');
            row.append(...cellsOfRow);
            grid.append(row);
          }
          if (!section.items.length) grid.append(rowOf('gridcell', element('div', 'slam-table-empty', 'No items')));
          group.append(grid);
          parts.push(group);
        });
        if (!sections.length) parts.push(rowOf('gridcell', element('div', 'slam-table-empty', 'No items')));
        entry.el.replaceChildren(...parts);
        entry.shape = shape;
        refocus(entry.el);
      }
      const selected = new Set(Array.isArray(s.selectedKeys) ? s.selectedKeys.map(String) : []);
      entry.control = markPressed(entry.items, (b) => selected.has(b.dataset.key), (b) => b.parentNode);
      roveTabStop(entry.items, entry.control);
    },
  },

  // An alert's root: the title and message over its buttons (its children), side by side.
  Alert: {
    create() {
      const el = element('div', 'slam-alert');
      const title = element('h2', 'slam-alert-title');
      const message = element('p', 'slam-alert-message');
      const kids = element('div', 'slam-alert-buttons');
      title.id = `slam-alert-${Math.random().toString(36).slice(2)}`;
      message.id = `${title.id}-message`;
      el.append(title, message, kids);
      return { el, title, message, kids };
    },
    update(entry, s) {
      setText(entry.title, s.title);
      setText(entry.message, s.message);
      entry.message.hidden = !s.message;
    },
  },

  // An article of read-only text; a tab stop, so that the keyboard scrolls it.
  TextView: {
    create() {
      const el = element('article', 'slam-textview');
      el.tabIndex = 0;
      return { el };
    },
    update(entry, s) {
      setText(entry.el, s.text);
      setOptional(entry.el, 'aria-label', accessibleOf(s).name);
    },
  },

  WebView: {
    create() {
      const el = element('div', 'slam-webview');
      el.setAttribute('role', 'document');
      const bar = element('div', 'slam-webview-bar');
      const title = element('span', 'slam-webview-title');
      const address = element('span', 'slam-webview-address');
      bar.append(title, address);
      el.append(bar);
      return { el, title, address, frame: null, placeholder: null };
    },
    update(entry, s) {
      setText(entry.title, s.title || (s.html ? 'Untitled page' : 'Web page'));
      setOptional(entry.el, 'aria-label', accessibleOf(s).name);
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
  const level = node.snapshot.type === 'Label' ? headingLevel(node.snapshot) : 0;
  const kind = level ? headingKinds[level - 1] : (kinds[node.snapshot.type] || kinds.Unknown);
  if (node.children.length > 0 && !CONTAINER_TYPES.has(node.snapshot.type)) return kinds.Unknown;
  return kind;
}

/**
 * Notes which row or item (by data-position) holds the browser's focus inside `host`;
 * returns a function that puts it back after `host`'s contents are rebuilt.
 */
function positionFocused(host) {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  const position = active && host.contains(active) ? active.dataset.position : undefined;
  return (rebuilt) => {
    if (position === undefined) return;
    const again = rebuilt.querySelector(`[data-position="${position}"]`);
    if (again) again.focus({ preventScroll: true });
  };
}

/**
 * The DOM element of an entry that the browser's focus goes to: the selected choice, else its
 * control (a spinbutton, a slider, a picker's component), else its first usable tab stop.
 */
export function focusTarget(entry) {
  const el = entry.el;
  if (/^(BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) return el.disabled ? null : el;
  const chosen = el.querySelector('[aria-pressed="true"]:not(:disabled), [role="radio"][aria-checked="true"]:not(:disabled)');
  if (chosen) return chosen;
  const control = entry.control;
  if (control && !control.disabled && control.getAttribute('aria-disabled') !== 'true' && control.tabIndex >= 0) return control;
  return el.querySelector('button:not(:disabled):not([tabindex="-1"]), input:not(:disabled), select:not(:disabled)');
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

/** A snapshot's `valueNow` as its aria-valuenow attribute reads (null when it has none). */
function valueNowOf(s) {
  return typeof s.valueNow === 'number' ? String(s.valueNow) : null;
}

/** What the new controls show that check() compares with their snapshot: selections, values, masks. */
function checkControls(entry, s) {
  const problems = [];
  switch (s.type) {
    case 'PickerView': {
      const rows = Array.isArray(s.selectedRows) ? s.selectedRows : [];
      const shown = entry.selects.map((select) => select.selectedIndex);
      const expected = entry.selects.map((select, component) => (Number.isInteger(rows[component]) && rows[component] < select.options.length ? rows[component] : -1));
      if (shown.join() !== expected.join()) problems.push(`picker shows rows [${shown}] ≠ [${expected}]`);
      break;
    }
    case 'DatePicker':
      if (entry.input.value !== entry.shownText && document.activeElement !== entry.input) problems.push(`date input ${entry.input.value} ≠ ${entry.shownText}`);
      if (entry.input.getAttribute('role') !== 'spinbutton') problems.push('date input is no spinbutton');
      break;
    case 'SectionedTableView': {
      const shown = entry.rows.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.position).sort();
      const expected = (Array.isArray(s.selectedRows) ? s.selectedRows : []).filter(isPair).map((pair) => pair.join(','))
        .filter((position) => entry.rows.some((b) => b.dataset.position === position)).sort();
      if (shown.join(';') !== expected.join(';')) problems.push(`rows marked [${shown.join(';')}] ≠ [${expected.join(';')}]`);
      break;
    }
    case 'CollectionView': {
      const shown = entry.items.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.dataset.key).sort();
      const keys = new Set(entry.items.map((b) => b.dataset.key));
      const expected = (Array.isArray(s.selectedKeys) ? s.selectedKeys : []).map(String).filter((key) => keys.has(key)).sort();
      if (shown.join('\n') !== expected.join('\n')) problems.push(`items marked [${shown}] ≠ [${expected}]`);
      break;
    }
    case 'TextField':
      if ((entry.el.type === 'password') !== !!s.secure) problems.push(`input type ${entry.el.type} but secure ${!!s.secure}`);
      break;
    case 'Slider':
      if (typeof s.value === 'number' && entry.input.valueAsNumber !== s.value) problems.push(`range input ${entry.input.value} ≠ ${s.value}`);
      break;
    case 'Stepper':
      if (entry.value.getAttribute('aria-valuenow') !== valueNowOf(s)) problems.push(`spinbutton says ${entry.value.getAttribute('aria-valuenow')} ≠ ${s.valueNow}`);
      break;
    case 'SegmentedControl': {
      const checked = entry.buttons.findIndex((b) => b.getAttribute('aria-checked') === 'true');
      const expected = Number.isInteger(s.selectedSegment) && s.selectedSegment < entry.buttons.length ? s.selectedSegment : -1;
      if (checked !== expected) problems.push(`radio ${checked} checked ≠ ${expected}`);
      break;
    }
    case 'PageControl':
      if (entry.el.getAttribute('aria-valuenow') !== valueNowOf(s)) problems.push(`page slider says ${entry.el.getAttribute('aria-valuenow')} ≠ ${s.valueNow}`);
      break;
    default:
      break;
  }
  return problems;
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
    /** Nodes whose `focused` turned true in the paint last done (the server moved its focus there). */
    this.focusArrived = [];
    stage.addEventListener('click', (event) => this.clicked(event));
    stage.addEventListener('input', (event) => this.typed(event));
    stage.addEventListener('change', (event) => this.changed(event));
    stage.addEventListener('beforeinput', (event) => this.beforeTyping(event));
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
    if (!control || control.disabled || control.closest('[aria-disabled="true"]')) return;
    const number = this.nodeOf(control);
    const node = number === null ? null : this.model.node(number);
    if (!node) return;
    const raw = control.dataset.press;
    let value;
    if (raw === 'toggle') value = !node.snapshot.isOn;
    else if (raw === 'increment' || raw === 'decrement') value = raw;
    else if (raw.startsWith('[')) value = JSON.parse(raw);
    else if (raw !== '') value = Number(raw);
    if (this.hooks.onPress) this.hooks.onPress(node, value);
  }

  /** A picker's component or a date picker's input was changed: press with the row's position or the ISO value. */
  changed(event) {
    const target = event.target;
    const number = this.nodeOf(target);
    const node = number === null ? null : this.model.node(number);
    if (!node || !this.hooks.onPress) return;
    if (target.classList.contains('slam-picker-component')) {
      if (target.selectedIndex < 0) return;
      this.hooks.onPress(node, [Number(target.dataset.component), target.selectedIndex]);
    } else if (target.classList.contains('slam-date-input')) {
      this.pressTypedDate(number);
    }
  }

  /**
   * A date picker's field was left or Enter pressed in it: what was typed there goes to the
   * daemon as a press (which takes it or refuses it saying why); an emptied field, or one
   * unchanged, shows the daemon's value again.
   */
  pressTypedDate(number) {
    const entry = this.entries.get(number);
    const node = this.model.node(number);
    if (!entry || !node || !this.hooks.onPress) return;
    const { input } = entry;
    if (input.value === entry.shownText || input.value === entry.pressedText) return;
    const value = datePressValue(node.snapshot.mode, input.value);
    if (!value || node.snapshot.enabled === false) { this.restore(number); return; }
    entry.pressedText = input.value;
    this.hooks.onPress(node, value);
  }

  /**
   * Shows a date picker's value again in place of what was typed into its field (Escape, an
   * arrow key); returns whether there was typed text to put back.
   */
  discardTypedDate(number) {
    const entry = this.entries.get(number);
    if (!entry || !entry.input || entry.input.value === entry.shownText) return false;
    entry.input.value = entry.shownText;
    return true;
  }

  /**
   * Typing into a secure field: its text never reaches the page (the server sends
   * one • per character), so each key goes to the server as typed (`onSecureKey`:
   * a string to type, or "Backspace") and the field shows one more or one less •.
   */
  beforeTyping(event) {
    const input = event.target;
    if (!input.classList || !input.classList.contains('slam-textfield') || input.type !== 'password') return;
    event.preventDefault();
    const number = this.nodeOf(input);
    const node = number === null ? null : this.model.node(number);
    if (!node || !this.hooks.onSecureKey) return;
    let key = null;
    // Composition updates are not keys (an input method rewrites them until it commits).
    if (event.isComposing || event.inputType === 'insertCompositionText') return;
    if (event.inputType === 'deleteContentBackward') key = 'Backspace';
    else if (event.inputType.startsWith('insert') && event.inputType !== 'insertLineBreak' && event.inputType !== 'insertParagraph') {
      key = event.data || (event.dataTransfer ? event.dataTransfer.getData('text/plain') : '');
      key = key.replace(/[\r\n]/g, '');
    }
    if (!key) return;
    const limit = input.maxLength >= 0 ? input.maxLength : Infinity;
    if (key === 'Backspace') input.value = input.value.slice(0, -1);
    else input.value = (input.value + '\u2022'.repeat([...key].length)).slice(0, Math.max(limit, input.value.length));
    input.setSelectionRange(input.value.length, input.value.length);
    this.hooks.onSecureKey(node, key);
  }

  /**
   * Shows a node as the model has it again (after the server refused what a person did to it),
   * or as `snapshot` shows it (a reply's, newer than the model until its redraw arrives).
   */
  restore(number, snapshot = null) {
    const entry = this.entries.get(number);
    const node = this.model.node(number);
    const shown = snapshot || (node && node.snapshot);
    if (entry && node) entry.kind.update(entry, shown, shown, this);
  }

  typed(event) {
    const input = event.target;
    if (input.classList && input.classList.contains('slam-slider-input')) {
      this.slid(input);
      return;
    }
    if (!input.classList || !input.classList.contains('slam-textfield')) return;
    // A secure field holds only the mask: its keys went to the server one by one (beforeTyping),
    // and what an autofill or an input method put in it must never be sent as its text.
    if (input.type === 'password') return;
    const number = this.nodeOf(input);
    const node = number === null ? null : this.model.node(number);
    if (node && this.hooks.onText) this.hooks.onText(node, input.value);
  }

  /** A slider's thumb moved (a drag, a key, a click on the track): the value beside it follows, and the server hears it. */
  slid(input) {
    const number = this.nodeOf(input);
    const node = number === null ? null : this.model.node(number);
    const value = input.valueAsNumber;
    if (!node || !Number.isFinite(value)) return;
    const entry = this.entries.get(number);
    if (entry) setText(entry.value, formatNumber(value));
    if (this.hooks.onSlide) this.hooks.onSlide(node, value);
    else if (this.hooks.onPress) this.hooks.onPress(node, value);
  }

  /**
   * Brings a text field's input to `text`, unless `text` is the echo of
   * something this page typed into it (a person typing faster than the
   * replies come back would otherwise see their latest keystrokes undone).
   * Text the app set itself (cleared, transformed) is shown; the caret stays put.
   */
  syncTextField(entry, text, secure = false) {
    const input = entry.el;
    if (input.value === text) return;
    if (secure ? this.hooks.isTypingSecure && this.hooks.isTypingSecure(entry.node) : this.hooks.isEcho && this.hooks.isEcho(entry.node, text)) return;
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
    this.focusArrived = [];
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
    if (s.description !== p.description) {
      // The description goes with the name: on an inner control where a wrapper holds one (a stepper's spinbutton).
      const named = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')
        ? el : el.querySelector('[aria-label], [aria-labelledby]') || el;
      setOptional(named, 'aria-description', typeof s.description === 'string' ? s.description : null);
    }
    // The server's focus: a ring on the element that holds it (CSS shows it on the top screen).
    const focused = s.focused === true;
    if (focused !== (p.focused === true) || (focused && !el.classList.contains('is-focused'))) {
      el.classList.toggle('is-focused', focused);
      if (focused) this.focusArrived.push(entry.node);
    }
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
      if (entry.el.classList.contains('is-focused') !== (node.snapshot.focused === true)) problems.push(`node ${number}: focus ring ≠ focused ${node.snapshot.focused}`);
      problems.push(...checkControls(entry, node.snapshot).map((problem) => `node ${number}: ${problem}`));
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
      const root = this.model.node(screen.root);
      const alert = sheet && !!root && root.type === 'Alert';
      parts.layer.hidden = !shown;
      parts.layer.classList.toggle('is-sheet', sheet && !alert);
      parts.layer.classList.toggle('is-alert', alert);
      parts.layer.classList.toggle('is-base', index === base);
      setFlag(parts.layer, 'data-top', top);
      parts.section.dataset.controller = screen.id;
      parts.section.setAttribute('aria-label', screen.title || screen.id);
      setText(parts.title, screen.title || screen.id);
      // An alert has no sheet header: its title is its own, and its buttons close it.
      parts.header.hidden = !sheet || alert;
      parts.close.hidden = !top;
      if (sheet) {
        parts.section.setAttribute('role', alert ? 'alertdialog' : 'dialog');
        parts.section.setAttribute('aria-modal', top ? 'true' : 'false');
        const alertEntry = alert ? this.entries.get(screen.root) : null;
        if (alertEntry) {
          parts.section.setAttribute('aria-labelledby', alertEntry.title.id);
          parts.section.setAttribute('aria-describedby', alertEntry.message.id);
        } else {
          parts.section.removeAttribute('aria-labelledby');
          parts.section.removeAttribute('aria-describedby');
        }
      } else {
        parts.section.removeAttribute('role');
        parts.section.removeAttribute('aria-modal');
        parts.section.removeAttribute('aria-labelledby');
        parts.section.removeAttribute('aria-describedby');
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
