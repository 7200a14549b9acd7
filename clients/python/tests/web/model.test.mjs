// Unit tests of the browser page's remote-UI model (Sources/SlamDaemon/Resources/web/model.js),
// run by `node --test` (clients/python/tests/test_web_model.py runs them under pytest).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { UIModel, ModelError } from '../../../../Sources/SlamDaemon/Resources/web/model.js';

let counter = 100;
/** A leaf snapshot with a fresh node number. */
function leaf(type, ref, props = {}) {
  return { type, ref, visible: true, ...props, node: counter++, children: [] };
}
function view(ref, children, props = {}) {
  return { type: 'View', ref, visible: true, axis: 'vertical', spacing: 8, ...props, node: counter++, children };
}
function stripNodes(tree) {
  const { node, children, ...rest } = tree;
  return { ...rest, children: children.map(stripNodes) };
}
function refs(model, number) {
  return model.node(number).children.map((child) => model.node(child).ref);
}

function homeAttach() {
  const root = view('root', [
    leaf('Label', 'count', { text: 'Count: 0' }),
    view('buttons', [leaf('Button', 'increment', { enabled: true, text: '+1' }), leaf('Button', 'decrement', { enabled: false, text: '-1' })], { axis: 'horizontal' }),
  ]);
  return { seq: 7, stack: [{ screen: 1, id: 'Home', title: 'Slam Demo', modal: false, tree: root }], state: { count: 0 }, capabilities: {} };
}

test('attach builds the model: stack, nodes, state, seq; tree() gives back what came in', () => {
  const model = new UIModel();
  const result = homeAttach();
  const changes = model.attach(result);
  assert.equal(model.seq, 7);
  assert.equal(changes.reset, true);
  assert.deepEqual(changes.screensAdded, [1]);
  assert.deepEqual(model.controllers(), [{ id: 'Home', title: 'Slam Demo', modal: false }]);
  assert.deepEqual(model.tree(1, { withNodes: true }), result.stack[0].tree);
  assert.deepEqual(model.tree(1), stripNodes(result.stack[0].tree));
  assert.equal(model.nodes.size, 5);
  assert.deepEqual(model.state, { count: 0 });
  const [count] = model.findByRef('count');
  assert.equal(count.snapshot.text, 'Count: 0');
  assert.equal('node' in count.snapshot, false);
  assert.equal('children' in count.snapshot, false);
  assert.deepEqual(model.path(count.node).map((n) => n.ref), ['root', 'count']);
});

test('attaching again replaces everything', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const second = homeAttach();
  second.seq = 40;
  model.attach(second);
  assert.equal(model.seq, 40);
  assert.equal(model.nodes.size, 5);
  assert.deepEqual(model.tree(1, { withNodes: true }), second.stack[0].tree);
});

test('update replaces an element\'s properties', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const count = model.findByRef('count')[0];
  const changes = model.apply({ seq: 8, ops: [{ op: 'update', node: count.node, snapshot: { type: 'Label', ref: 'count', visible: true, text: 'Count: 1' } }] });
  assert.equal(model.seq, 8);
  assert.equal(model.node(count.node).snapshot.text, 'Count: 1');
  assert.deepEqual([...changes.updated], [count.node]);
  assert.equal(changes.stack, false);
});

test('an update snapshot that carries node or children is stored without them', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const buttons = model.findByRef('buttons')[0];
  model.apply({ seq: 8, ops: [{ op: 'update', node: buttons.node, snapshot: { type: 'View', ref: 'buttons', visible: false, axis: 'vertical', spacing: 4, node: buttons.node, children: [] } }] });
  assert.deepEqual(model.node(buttons.node).snapshot, { type: 'View', ref: 'buttons', visible: false, axis: 'vertical', spacing: 4 });
  assert.equal(model.node(buttons.node).children.length, 2, 'children are changed only by insert, remove and move');
  assert.equal(model.shown(model.findByRef('increment')[0].node), false, 'a hidden ancestor hides');
});

test('insert, remove and move change child lists; move indexes count after taking the node out', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const buttons = model.findByRef('buttons')[0];
  const increment = model.findByRef('increment')[0];
  const reset = leaf('Button', 'reset', { enabled: true, text: 'Reset' });
  let changes = model.apply({ seq: 8, ops: [{ op: 'insert', parent: buttons.node, index: 1, tree: reset }] });
  assert.deepEqual(refs(model, buttons.node), ['increment', 'reset', 'decrement']);
  assert.deepEqual([...changes.inserted], [reset.node]);
  assert.deepEqual([...changes.reordered], [buttons.node]);

  changes = model.apply({ seq: 9, ops: [{ op: 'move', node: increment.node, index: 2 }] });
  assert.deepEqual(refs(model, buttons.node), ['reset', 'decrement', 'increment']);
  model.apply({ seq: 10, ops: [{ op: 'move', node: increment.node, index: 0 }] });
  assert.deepEqual(refs(model, buttons.node), ['increment', 'reset', 'decrement']);

  changes = model.apply({ seq: 11, ops: [{ op: 'remove', node: reset.node }] });
  assert.deepEqual(refs(model, buttons.node), ['increment', 'decrement']);
  assert.equal(model.node(reset.node), undefined);
  assert.deepEqual([...changes.removed], [reset.node]);
});

test('removing a subtree forgets every node in it', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const root = model.top.root;
  const buttons = model.findByRef('buttons')[0];
  const inside = model.node(buttons.node).children.slice();
  const changes = model.apply({ seq: 8, ops: [{ op: 'update', node: inside[0], snapshot: { type: 'Button', ref: 'increment', visible: true, enabled: false, text: '+1' } }, { op: 'remove', node: buttons.node }] });
  assert.deepEqual(refs(model, root), ['count']);
  for (const number of [buttons.node, ...inside]) {
    assert.equal(model.node(number), undefined);
    assert.ok(changes.removed.has(number));
  }
  assert.equal(changes.updated.size, 0, 'a node removed in the batch needs no repaint');
  assert.equal(model.nodes.size, 2);
});

test('an inserted subtree keeps its nested order and node numbers', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const tree = view('t1', [leaf('Switch', 't1/done', { isOn: false }), leaf('Label', 't1/title', { text: 'Buy milk' }), view('t1/more', [leaf('Label', 't1/a'), leaf('Label', 't1/b')])]);
  model.apply({ seq: 8, ops: [{ op: 'insert', parent: model.top.root, index: 2, tree }] });
  assert.deepEqual(model.subtree(tree.node, { withNodes: true }), tree);
  assert.deepEqual(refs(model, model.top.root), ['count', 'buttons', 't1']);
  assert.equal(model.node(tree.children[2].children[1].node).parent, tree.children[2].node);
});

test('stack: push adds a screen with its tree, titles change in place, pop forgets the screen\'s nodes', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const home = { screen: 1, id: 'Home', title: 'Slam Demo', modal: false };
  const settingsTree = view('root', [leaf('Switch', 'wifi', { enabled: true, isOn: true })]);
  let changes = model.apply({ seq: 8, ops: [{ op: 'stack', stack: [home, { screen: 2, id: 'Settings', title: 'Settings', modal: false, tree: settingsTree }] }] });
  assert.deepEqual(model.controllers().map((c) => c.id), ['Home', 'Settings']);
  assert.equal(model.top.screen, 2);
  assert.deepEqual(changes.screensAdded, [2]);
  assert.equal(changes.stack, true);
  assert.equal(model.findByRef('wifi')[0].screen, 2);
  assert.equal(model.findByRef('count').length, 0, 'findByRef looks in the top screen');
  assert.equal(model.findByRef('count', 1).length, 1);

  changes = model.apply({ seq: 9, ops: [{ op: 'stack', stack: [home, { screen: 2, id: 'Settings', title: 'Preferences', modal: false }] }] });
  assert.equal(model.top.title, 'Preferences');
  assert.deepEqual(changes.screensAdded, []);

  const sizeWithSettings = model.nodes.size;
  changes = model.apply({ seq: 10, ops: [{ op: 'stack', stack: [home] }] });
  assert.deepEqual(changes.screensRemoved, [2]);
  assert.equal(model.nodes.size, sizeWithSettings - 2);
  assert.ok(changes.removed.has(settingsTree.node));
  assert.equal(model.screen(2), undefined);
});

test('the same controller pushed twice is two screens; a modal screen is marked', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const home = { screen: 1, id: 'Home', title: 'Slam Demo', modal: false };
  model.apply({ seq: 8, ops: [{ op: 'stack', stack: [home, { screen: 2, id: 'Home', title: 'Slam Demo', modal: false, tree: view('root', [leaf('Label', 'count', { text: 'Count: 0' })]) }, { screen: 3, id: 'Sheet', title: 'Sheet', modal: true, tree: view('root', []) }] }] });
  assert.deepEqual(model.stack.map((s) => [s.screen, s.id, s.modal]), [[1, 'Home', false], [2, 'Home', false], [3, 'Sheet', true]]);
  assert.equal(model.findByRef('count', 2).length, 1);
  assert.equal(model.findByRef('count', 1).length, 1);
});

test('ops in one batch: stack first, then state, then element ops', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const count = model.findByRef('count')[0];
  const home = { screen: 1, id: 'Home', title: 'Slam Demo', modal: false };
  const changes = model.apply({ seq: 8, ops: [
    { op: 'stack', stack: [home, { screen: 5, id: 'List', title: 'List', modal: false, tree: view('root', [leaf('SingleItemTableView', 'items', { items: ['Milk'], selectedRow: null, selectUI: true })]) }] },
    { op: 'state', values: { count: 3, todos: ['a'] } },
    { op: 'update', node: count.node, snapshot: { type: 'Label', ref: 'count', visible: true, text: 'Count: 3' } },
  ] });
  assert.deepEqual(model.state, { count: 3, todos: ['a'] });
  assert.deepEqual([...changes.stateKeys].sort(), ['count', 'todos']);
  assert.equal(model.node(count.node).snapshot.text, 'Count: 3');
  assert.equal(model.seq, 8);
});

test('a gap in seq, an unknown node, a reused node number, a bad index are ModelErrors', () => {
  const model = new UIModel();
  assert.throws(() => model.apply({ seq: 1, ops: [] }), ModelError, 'a batch before attach');
  model.attach(homeAttach());
  assert.throws(() => model.apply({ seq: 9, ops: [] }), (error) => error instanceof ModelError && error.details.expected === 8);
  assert.throws(() => model.apply({ seq: 7, ops: [] }), ModelError, 'an old batch');
  assert.throws(() => model.apply({ seq: 8, ops: [{ op: 'update', node: 999999, snapshot: {} }] }), ModelError);
  const fresh = new UIModel();
  fresh.attach(homeAttach());
  const existing = fresh.findByRef('count')[0].node;
  assert.throws(() => fresh.apply({ seq: 8, ops: [{ op: 'insert', parent: fresh.top.root, index: 0, tree: { type: 'Label', ref: 'x', node: existing, children: [] } }] }), ModelError);
  const other = new UIModel();
  other.attach(homeAttach());
  assert.throws(() => other.apply({ seq: 8, ops: [{ op: 'insert', parent: other.top.root, index: 5, tree: leaf('Label', 'x') }] }), ModelError);
  assert.throws(() => other.apply({ seq: 8, ops: [{ op: 'frobnicate' }] }), ModelError);
  assert.throws(() => other.apply({ seq: 8, ops: [{ op: 'remove', node: other.top.root }] }), ModelError);
});

test('an empty batch advances seq and changes nothing', () => {
  const model = new UIModel();
  model.attach(homeAttach());
  const changes = model.apply({ seq: 8, ops: [] });
  assert.equal(model.seq, 8);
  assert.equal(changes.empty, true);
});

test('a very deep tree attaches without overflowing the stack', () => {
  let tree = leaf('Label', 'bottom', { text: 'deep' });
  for (let depth = 0; depth < 20000; depth += 1) tree = view(`v${depth}`, [tree]);
  const model = new UIModel();
  model.attach({ seq: 0, stack: [{ screen: 1, id: 'Deep', title: 'Deep', modal: false, tree }], state: {}, capabilities: {} });
  assert.equal(model.nodes.size, 20001);
  const changes = model.apply({ seq: 1, ops: [{ op: 'remove', node: tree.children[0].node }] });
  assert.equal(changes.removed.size, 20000);
  assert.equal(model.nodes.size, 1);
});

// A reference implementation of child lists (plain arrays of node numbers)
// against which random batches of insert / remove / move / update are checked,
// including a state view's keyed re-render shape: remove some, insert some, move the rest.
function mulberry32(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('random batches of element ops keep the model equal to a reference tree', () => {
  const random = mulberry32(42);
  const pick = (array) => array[Math.floor(random() * array.length)];
  for (let round = 0; round < 30; round += 1) {
    const model = new UIModel();
    const root = view('root', [view('a', [leaf('Label', 'a1')]), view('b', []), leaf('Label', 'c')]);
    model.attach({ seq: 0, stack: [{ screen: 1, id: 'Home', title: 'Home', modal: false, tree: root }], state: {}, capabilities: {} });
    // Reference: node → {snapshot, children}
    const reference = new Map();
    const index = (tree, parent) => {
      const { node, children, ...snapshot } = tree;
      reference.set(node, { snapshot, children: children.map((c) => c.node), parent });
      tree.children.forEach((child) => index(child, tree.node));
    };
    index(model.tree(1, { withNodes: true }), null);
    const referenceTree = (number) => {
      const entry = reference.get(number);
      return { ...entry.snapshot, children: entry.children.map(referenceTree) };
    };
    const dropSubtree = (number) => { const e = reference.get(number); reference.delete(number); e.children.forEach(dropSubtree); };
    for (let seq = 1; seq <= 40; seq += 1) {
      const ops = [];
      const opCount = 1 + Math.floor(random() * 6);
      for (let k = 0; k < opCount; k += 1) {
        const numbers = [...reference.keys()];
        const containers = numbers.filter((n) => reference.get(n).snapshot.type === 'View');
        const nonRoots = numbers.filter((n) => reference.get(n).parent !== null);
        const choice = random();
        if (choice < 0.3 || nonRoots.length === 0) {
          const parent = pick(containers);
          const at = Math.floor(random() * (reference.get(parent).children.length + 1));
          const tree = random() < 0.5 ? leaf('Label', `l${counter}`) : view(`v${counter}`, [leaf('Label', `x${counter}`)]);
          ops.push({ op: 'insert', parent, index: at, tree });
          index(tree, parent);
          reference.get(parent).children.splice(at, 0, tree.node);
        } else if (choice < 0.5) {
          const node = pick(nonRoots);
          const entry = reference.get(node);
          const siblings = reference.get(entry.parent).children;
          siblings.splice(siblings.indexOf(node), 1);
          dropSubtree(node);
          ops.push({ op: 'remove', node });
        } else if (choice < 0.8) {
          const node = pick(nonRoots);
          const siblings = reference.get(reference.get(node).parent).children;
          siblings.splice(siblings.indexOf(node), 1);
          const at = Math.floor(random() * (siblings.length + 1));
          siblings.splice(at, 0, node);
          ops.push({ op: 'move', node, index: at });
        } else {
          const node = pick(numbers);
          const entry = reference.get(node);
          entry.snapshot = { ...entry.snapshot, visible: random() < 0.5 };
          ops.push({ op: 'update', node, snapshot: { ...entry.snapshot } });
        }
      }
      model.apply({ seq, ops });
      assert.deepEqual(model.tree(1), referenceTree(model.top.root), `round ${round} seq ${seq}`);
      assert.equal(model.nodes.size, reference.size);
    }
  }
});
