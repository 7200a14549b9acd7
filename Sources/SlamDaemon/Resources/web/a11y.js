// What assistive technology is told about an element, and the keyboard of the ARIA
// Authoring Practices, as pure functions (node tests them; render.js and app.js use them).
//
// A snapshot carries its WAI-ARIA `role`, accessible `name` and `description` and the
// states that apply (`checked`, `disabled`, `level`, `valueNow`…; Protocol/elements.md):
// the page shows what the daemon says, it works none of it out itself.

/** An element's role, accessible name and description, as its snapshot gives them (a type of no role is `generic`). */
export function accessibleOf(snapshot) {
  return {
    role: typeof snapshot.role === 'string' && snapshot.role ? snapshot.role : 'generic',
    name: typeof snapshot.name === 'string' ? snapshot.name : '',
    description: typeof snapshot.description === 'string' ? snapshot.description : '',
  };
}

/**
 * The name the page gives a control: its accessible name, else its reference, else its type,
 * so that no control is left without one (the daemon's name is '' when the app gave it none).
 */
export function controlName(snapshot) {
  return accessibleOf(snapshot).name || snapshot.ref || snapshot.type;
}

/** The heading level (1–6) a Label is shown at, or 0 when it is not a heading. */
export function headingLevel(snapshot) {
  if (accessibleOf(snapshot).role !== 'heading') return 0;
  return Number.isInteger(snapshot.level) && snapshot.level >= 1 && snapshot.level <= 6 ? snapshot.level : 2;
}

/** The role a View is shown with (generic, group or region) and its name. */
export function viewRole(snapshot) {
  const { role, name } = accessibleOf(snapshot);
  if ((role === 'group' || role === 'region') && name) return { role, name };
  return { role: 'generic', name: '' };
}

/**
 * A spinbutton's key (ARIA Authoring Practices), as presses of its Stepper: ArrowUp and
 * ArrowRight one step up, ArrowDown and ArrowLeft one down, PageUp and PageDown ten steps,
 * Home and End to the minimum and maximum. Returns {press: 'increment'|'decrement', count}
 * (count 0: already there), or null for a key it does not take.
 */
export function spinPresses(key, snapshot) {
  const value = typeof snapshot.value === 'number' ? snapshot.value : 0;
  const step = typeof snapshot.stepValue === 'number' && snapshot.stepValue > 0 ? snapshot.stepValue : 1;
  const min = typeof snapshot.minimumValue === 'number' ? snapshot.minimumValue : -Infinity;
  const max = typeof snapshot.maximumValue === 'number' ? snapshot.maximumValue : Infinity;
  const stepsTo = (limit) => (Number.isFinite(limit) ? Math.max(0, Math.ceil(Math.abs(limit - value) / step - 1e-9)) : 0);
  switch (key) {
    case 'ArrowUp': case 'ArrowRight': return { press: 'increment', count: value < max ? 1 : 0 };
    case 'ArrowDown': case 'ArrowLeft': return { press: 'decrement', count: value > min ? 1 : 0 };
    case 'PageUp': return { press: 'increment', count: Math.min(10, stepsTo(max)) };
    case 'PageDown': return { press: 'decrement', count: Math.min(10, stepsTo(min)) };
    case 'Home': return { press: 'decrement', count: stepsTo(min) };
    case 'End': return { press: 'increment', count: stepsTo(max) };
    default: return null;
  }
}

/**
 * A date picker spin button's key (ARIA Authoring Practices), as presses of its DatePicker:
 * ArrowUp one `step` later, ArrowDown one earlier, PageUp and PageDown `page` steps, never past
 * `min` and `max` (seconds, like `value`; null for none). Its other keys edit the field's text.
 * Returns {press: 'increment'|'decrement', count} (count 0: already there), or null.
 */
export function dateSpinPresses(key, { value, min, max, step, page }) {
  const stepsTo = (limit) => (value === null || limit === null ? Infinity : Math.max(0, Math.ceil(Math.abs(limit - value) / step - 1e-9)));
  switch (key) {
    case 'ArrowUp': return { press: 'increment', count: Math.min(1, stepsTo(max)) };
    case 'ArrowDown': return { press: 'decrement', count: Math.min(1, stepsTo(min)) };
    case 'PageUp': return { press: 'increment', count: Math.min(page, stepsTo(max)) };
    case 'PageDown': return { press: 'decrement', count: Math.min(page, stepsTo(min)) };
    default: return null;
  }
}

/**
 * The choice a key moves to among `count` (ARIA Authoring Practices): in a radio group the
 * arrows go round (`wrap`), in a slider they stop at the ends; Home and End go to the first
 * and last. Null for a key that moves nothing (or when there is nothing to choose).
 */
export function movedChoice(key, index, count, wrap) {
  if (count <= 0) return null;
  const current = Number.isInteger(index) && index >= 0 && index < count ? index : -1;
  const step = (delta) => {
    if (current < 0) return delta > 0 ? 0 : count - 1;
    const next = current + delta;
    if (wrap) return (next + count) % count;
    return Math.min(count - 1, Math.max(0, next));
  };
  switch (key) {
    case 'ArrowRight': case 'ArrowDown': return step(1);
    case 'ArrowLeft': case 'ArrowUp': return step(-1);
    case 'Home': return 0;
    case 'End': return count - 1;
    default: return null;
  }
}

/** Splits a section's items into the rows of a grid of `columns` cells. */
export function gridRows(items, columns) {
  const width = Number.isInteger(columns) && columns >= 1 ? columns : 1;
  const rows = [];
  for (let start = 0; start < items.length; start += width) rows.push(items.slice(start, start + width));
  return rows;
}
