// Small DOM builders the inspector's panels share (the renderer keeps its own, tuned for 10k-element screens).

/** An element with a class and a text (nothing for null or undefined). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** A `type="button"` button, with an accessible name when its text does not say it. */
export function button(className, text, label) {
  const node = el('button', className, text);
  node.type = 'button';
  if (label) node.setAttribute('aria-label', label);
  return node;
}
