// The remote-UI model: an exact copy of the daemon's UI, kept up to date from
// the `ui.attach` result and every `ui.redraw` batch (Protocol/README.md,
// "Remote UIs"). Pure: no DOM, no network, so node can test it.
//
//   const model = new UIModel();
//   model.attach(result);               // {seq, stack, state, capabilities}
//   const changes = model.apply(params); // {seq, ops}
//
// Each call returns a `Changes` record telling a renderer what to repaint:
// which screens came and went, which nodes' properties changed, which
// parents' child lists changed, which nodes left (with their subtrees).

/** A batch or attach result the model cannot apply; the renderer should re-attach. */
export class ModelError extends Error {
  constructor(message, details = {}) {
    super(message);
    this.name = 'ModelError';
    this.details = details;
  }
}

/** What one attach or batch changed, for the renderer. */
export class Changes {
  constructor(seq) {
    this.seq = seq;
    /** Everything was replaced (attach): repaint from scratch. */
    this.reset = false;
    /** The stack (order, titles, modality, membership) changed. */
    this.stack = false;
    /** Screen numbers that appeared / left. */
    this.screensAdded = [];
    this.screensRemoved = [];
    /** State keys whose value changed. */
    this.stateKeys = new Set();
    /** Nodes whose own properties changed (by `update`). */
    this.updated = new Set();
    /** Parents whose list of children changed (insert, remove, move). */
    this.reordered = new Set();
    /** Every node number that left the model (subtrees included). */
    this.removed = new Set();
    /** Roots of subtrees inserted by this batch. */
    this.inserted = new Set();
  }

  /** Whether anything at all changed. */
  get empty() {
    return !this.reset && !this.stack && this.stateKeys.size === 0 && this.updated.size === 0 &&
      this.reordered.size === 0 && this.removed.size === 0 && this.inserted.size === 0;
  }
}

/**
 * One element: its number, its properties (the snapshot without `children`
 * and `node`), its parent's number (null for a screen's root), its
 * children's numbers in order, and the screen it belongs to.
 */
export class UINode {
  constructor(node, snapshot, parent, screen) {
    this.node = node;
    this.snapshot = snapshot;
    this.parent = parent;
    this.children = [];
    this.screen = screen;
  }

  get type() { return this.snapshot.type; }
  get ref() { return this.snapshot.ref; }
  /** The element's own visibility flag. */
  get visible() { return this.snapshot.visible !== false; }
}

/** Properties of a snapshot, without `children` and `node`. */
function properties(tree) {
  const snapshot = {};
  for (const key in tree) {
    if (key !== 'children' && key !== 'node') snapshot[key] = tree[key];
  }
  return snapshot;
}

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isNodeNumber(value) {
  return Number.isInteger(value);
}

export class UIModel {
  constructor() {
    /** The state number of the last batch applied (or of the attach result); -1 before attaching. */
    this.seq = -1;
    /** The navigation stack, root first: `{screen, id, title, modal, root}` (root: a node number). */
    this.stack = [];
    /** Every node on every screen, by number. */
    this.nodes = new Map();
    /** The shared state: key → JSON value. */
    this.state = {};
    /** What the server granted of the capabilities asked. */
    this.capabilities = {};
  }

  get attached() { return this.seq >= 0; }

  /** The screen on top of the stack, or null. */
  get top() { return this.stack.length ? this.stack[this.stack.length - 1] : null; }

  /** A screen by its number, or undefined. */
  screen(number) { return this.stack.find((entry) => entry.screen === number); }

  node(number) { return this.nodes.get(number); }

  /** Replaces everything with an attach result `{seq, stack, state, capabilities}`. */
  attach(result) {
    if (!isObject(result) || !isNodeNumber(result.seq) || !Array.isArray(result.stack)) {
      throw new ModelError('ui.attach result lacks seq or stack', { result });
    }
    const nodes = new Map();
    const stack = result.stack.map((entry, index) => {
      if (!isObject(entry) || !isNodeNumber(entry.screen) || !isObject(entry.tree)) {
        throw new ModelError(`stack[${index}] is not a screen with a tree`, { entry });
      }
      const screen = { screen: entry.screen, id: entry.id, title: entry.title, modal: !!entry.modal, root: null };
      screen.root = addTree(nodes, entry.tree, null, entry.screen, `stack[${index}].tree`);
      return screen;
    });
    this.nodes = nodes;
    this.stack = stack;
    this.state = isObject(result.state) ? { ...result.state } : {};
    this.capabilities = isObject(result.capabilities) ? result.capabilities : {};
    this.seq = result.seq;
    const changes = new Changes(this.seq);
    changes.reset = true;
    changes.stack = true;
    changes.screensAdded = stack.map((entry) => entry.screen);
    for (const key of Object.keys(this.state)) changes.stateKeys.add(key);
    return changes;
  }

  /**
   * Applies one `ui.redraw` batch `{seq, ops}`. Its seq must be the next one;
   * a gap, an unknown node or a malformed op throws ModelError and leaves the
   * model as far as it got (the caller re-attaches).
   */
  apply(params) {
    if (!this.attached) throw new ModelError('ui.redraw before ui.attach');
    if (!isObject(params) || !isNodeNumber(params.seq) || !Array.isArray(params.ops)) {
      throw new ModelError('ui.redraw params lack seq or ops', { params });
    }
    if (params.seq !== this.seq + 1) {
      throw new ModelError(`ui.redraw ${params.seq} does not follow ${this.seq}`, { expected: this.seq + 1, got: params.seq });
    }
    const changes = new Changes(params.seq);
    params.ops.forEach((op, index) => this.applyOp(op, changes, index));
    this.seq = params.seq;
    // A node updated and then removed in the same batch needs no repaint.
    for (const node of changes.removed) {
      changes.updated.delete(node);
      changes.reordered.delete(node);
      changes.inserted.delete(node);
    }
    return changes;
  }

  applyOp(op, changes, index) {
    if (!isObject(op)) throw new ModelError(`op ${index} is not an object`, { op });
    switch (op.op) {
      case 'stack': return this.applyStack(op, changes, index);
      case 'state': return this.applyState(op, changes, index);
      case 'remove': return this.applyRemove(op, changes, index);
      case 'insert': return this.applyInsert(op, changes, index);
      case 'move': return this.applyMove(op, changes, index);
      case 'update': return this.applyUpdate(op, changes, index);
      default: throw new ModelError(`op ${index}: unknown op ${JSON.stringify(op.op)}`, { op });
    }
  }

  applyStack(op, changes, index) {
    if (!Array.isArray(op.stack)) throw new ModelError(`op ${index}: stack lacks its stack`, { op });
    const known = new Map(this.stack.map((entry) => [entry.screen, entry]));
    const listed = new Set();
    const stack = op.stack.map((entry, position) => {
      if (!isObject(entry) || !isNodeNumber(entry.screen)) {
        throw new ModelError(`op ${index}: stack[${position}] has no screen number`, { entry });
      }
      listed.add(entry.screen);
      const existing = known.get(entry.screen);
      if (existing) {
        existing.id = entry.id;
        existing.title = entry.title;
        existing.modal = !!entry.modal;
        return existing;
      }
      if (!isObject(entry.tree)) {
        throw new ModelError(`op ${index}: new screen ${entry.screen} has no tree`, { entry });
      }
      const screen = { screen: entry.screen, id: entry.id, title: entry.title, modal: !!entry.modal, root: null };
      screen.root = addTree(this.nodes, entry.tree, null, entry.screen, `op ${index} stack[${position}].tree`);
      changes.screensAdded.push(entry.screen);
      return screen;
    });
    for (const entry of this.stack) {
      if (!listed.has(entry.screen)) {
        removeSubtree(this.nodes, entry.root, changes.removed);
        changes.screensRemoved.push(entry.screen);
      }
    }
    this.stack = stack;
    changes.stack = true;
  }

  applyState(op, changes, index) {
    if (!isObject(op.values)) throw new ModelError(`op ${index}: state lacks values`, { op });
    for (const key of Object.keys(op.values)) {
      this.state[key] = op.values[key];
      changes.stateKeys.add(key);
    }
    // Keys the state no longer holds (after a reset).
    for (const key of Array.isArray(op.removed) ? op.removed : []) {
      delete this.state[key];
      changes.stateKeys.add(key);
    }
  }

  applyRemove(op, changes, index) {
    const node = this.requireNode(op.node, op, index);
    if (node.parent === null) throw new ModelError(`op ${index}: cannot remove the root of screen ${node.screen}`, { op });
    const parent = this.nodes.get(node.parent);
    const position = parent.children.indexOf(node.node);
    if (position >= 0) parent.children.splice(position, 1);
    removeSubtree(this.nodes, node.node, changes.removed);
    changes.reordered.add(parent.node);
  }

  applyInsert(op, changes, index) {
    const parent = this.requireNode(op.parent, op, index, 'parent');
    if (!isNodeNumber(op.index) || op.index < 0 || op.index > parent.children.length) {
      throw new ModelError(`op ${index}: insert index ${op.index} out of 0…${parent.children.length}`, { op });
    }
    if (!isObject(op.tree)) throw new ModelError(`op ${index}: insert lacks its tree`, { op });
    const root = addTree(this.nodes, op.tree, parent.node, parent.screen, `op ${index}.tree`);
    parent.children.splice(op.index, 0, root);
    changes.reordered.add(parent.node);
    changes.inserted.add(root);
  }

  applyMove(op, changes, index) {
    const node = this.requireNode(op.node, op, index);
    if (node.parent === null) throw new ModelError(`op ${index}: cannot move the root of screen ${node.screen}`, { op });
    const parent = this.nodes.get(node.parent);
    const from = parent.children.indexOf(node.node);
    parent.children.splice(from, 1);
    if (!isNodeNumber(op.index) || op.index < 0 || op.index > parent.children.length) {
      parent.children.splice(from, 0, node.node);
      throw new ModelError(`op ${index}: move index ${op.index} out of 0…${parent.children.length}`, { op });
    }
    parent.children.splice(op.index, 0, node.node);
    changes.reordered.add(parent.node);
  }

  applyUpdate(op, changes, index) {
    const node = this.requireNode(op.node, op, index);
    if (!isObject(op.snapshot)) throw new ModelError(`op ${index}: update lacks its snapshot`, { op });
    node.snapshot = properties(op.snapshot);
    changes.updated.add(node.node);
  }

  requireNode(number, op, index, member = 'node') {
    const node = isNodeNumber(number) ? this.nodes.get(number) : undefined;
    if (!node) throw new ModelError(`op ${index}: unknown ${member} ${JSON.stringify(number)}`, { op });
    return node;
  }

  // Reading the model.

  /** The element tree of a screen as `tree` returns it (children everywhere); with `withNodes`, the `node` numbers too. */
  tree(screenNumber, { withNodes = false } = {}) {
    const screen = this.screen(screenNumber);
    return screen ? this.subtree(screen.root, { withNodes }) : null;
  }

  subtree(number, { withNodes = false } = {}) {
    const node = this.nodes.get(number);
    const tree = { ...node.snapshot };
    if (withNodes) tree.node = node.node;
    tree.children = node.children.map((child) => this.subtree(child, { withNodes }));
    return tree;
  }

  /** The stack as `controllers` returns it: `[{id, title, modal}]`. */
  controllers() {
    return this.stack.map(({ id, title, modal }) => ({ id, title, modal }));
  }

  /** Ancestors of a node, root first, the node last. */
  path(number) {
    const path = [];
    for (let node = this.nodes.get(number); node; node = node.parent === null ? null : this.nodes.get(node.parent)) {
      path.unshift(node);
    }
    return path;
  }

  /** Whether the node and all its ancestors are visible. */
  shown(number) {
    return this.path(number).every((node) => node.visible);
  }

  /** Nodes with this reference on a screen (the top one by default), in tree order. */
  findByRef(ref, screenNumber = this.top && this.top.screen) {
    const screen = this.screen(screenNumber);
    const found = [];
    if (!screen) return found;
    const walk = (number) => {
      const node = this.nodes.get(number);
      if (node.ref === ref) found.push(node);
      node.children.forEach(walk);
    };
    walk(screen.root);
    return found;
  }
}

/** Adds a tree (with `node` numbers) under `parent`; returns its root's number. Iterative: deep trees do not overflow. */
function addTree(nodes, tree, parent, screen, where) {
  const pending = [[tree, parent, where, null]];
  let rootNumber = null;
  while (pending.length) {
    const [subtree, parentNumber, path, siblings] = pending.pop();
    if (!isObject(subtree) || !isNodeNumber(subtree.node)) {
      throw new ModelError(`${path} has no node number`, { tree: subtree });
    }
    if (nodes.has(subtree.node)) {
      throw new ModelError(`${path}: node ${subtree.node} is already in the model`, { node: subtree.node });
    }
    const node = new UINode(subtree.node, properties(subtree), parentNumber, screen);
    nodes.set(node.node, node);
    if (siblings) siblings.push(node.node); else rootNumber = node.node;
    const children = Array.isArray(subtree.children) ? subtree.children : [];
    // Pushed in reverse so that they are popped, and appended to this node's children, in order.
    for (let index = children.length - 1; index >= 0; index -= 1) {
      pending.push([children[index], node.node, `${path}.children[${index}]`, node.children]);
    }
  }
  return rootNumber;
}

/** Forgets a node and its subtree, noting each number in `removed`. */
function removeSubtree(nodes, number, removed) {
  const pending = [number];
  while (pending.length) {
    const current = nodes.get(pending.pop());
    if (!current) continue;
    nodes.delete(current.node);
    removed.add(current.node);
    pending.push(...current.children);
  }
}
