// The page's token (Sources/SlamDaemon/Resources/web/rpc.js): taken from the URL's fragment into
// sessionStorage, the address bar cleaned, and offered to the server as a WebSocket subprotocol.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { takePageToken, tokenProtocols, RpcConnection } from '../../../../Sources/SlamDaemon/Resources/web/rpc.js';

function fakes(href) {
  const url = new URL(href);
  const stored = new Map();
  const storage = { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) };
  const replaced = [];
  const history = { state: null, replaceState: (_state, _title, address) => replaced.push(address) };
  return { location: { pathname: url.pathname, search: url.search, hash: url.hash }, storage, history, replaced, stored };
}

test('the token in the fragment is stored for this origin and leaves the address bar', () => {
  const page = fakes('http://127.0.0.1:8080/#token=abc123');
  assert.equal(takePageToken(page.location, page.storage, page.history), 'abc123');
  assert.equal(page.stored.get('slam.token'), 'abc123');
  assert.deepEqual(page.replaced, ['/']);
});

test('a reload finds the stored token; other parts of the address are kept', () => {
  const page = fakes('http://127.0.0.1:8080/?screen=2#token=abc123&x=1');
  takePageToken(page.location, page.storage, page.history);
  assert.deepEqual(page.replaced, ['/?screen=2#x=1']);
  const reload = { ...page, location: { pathname: '/', search: '?screen=2', hash: '#x=1' } };
  assert.equal(takePageToken(reload.location, page.storage, page.history), 'abc123');
  assert.equal(page.replaced.length, 1, 'nothing to clean on a reload');
});

test('an older address with the token in its query is taken the same way', () => {
  const page = fakes('http://127.0.0.1:8080/?token=old');
  assert.equal(takePageToken(page.location, page.storage, page.history), 'old');
  assert.deepEqual(page.replaced, ['/']);
});

test('no token anywhere is null, and the page still offers its protocol', () => {
  const page = fakes('http://127.0.0.1:8080/');
  assert.equal(takePageToken(page.location, page.storage, page.history), null);
  assert.deepEqual(tokenProtocols(null), ['slam.jsonrpc']);
  assert.deepEqual(tokenProtocols('abc'), ['slam.jsonrpc', 'slam.token.abc']);
});

test('the connection opens its WebSocket with the protocols', () => {
  const opened = [];
  class FakeSocket { constructor(url, protocols) { opened.push([url, protocols]); } close() {} }
  const rpc = new RpcConnection('ws://127.0.0.1:8080/rpc', { WebSocketImpl: FakeSocket, protocols: tokenProtocols('abc') });
  rpc.start();
  rpc.stop();
  assert.deepEqual(opened, [['ws://127.0.0.1:8080/rpc', ['slam.jsonrpc', 'slam.token.abc']]]);
});

/** A WebSocket the test opens and closes by hand. */
function socketFake() {
  const sockets = [];
  class FakeSocket {
    constructor(url, protocols) { this.protocols = protocols; sockets.push(this); }
    close() { this.closedByPage = true; }
  }
  return { FakeSocket, sockets };
}

/** Resolves once `condition()` holds (polled), rejects after a generous deadline. */
async function until(condition, what) {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

test('an attempt the server refuses for the token stops the retries until retryNow', async () => {
  const { FakeSocket, sockets } = socketFake();
  let checks = 0;
  const statuses = [];
  const rpc = new RpcConnection('ws://h/rpc', { WebSocketImpl: FakeSocket, minDelayMs: 1, maxDelayMs: 1,
    checkToken: async () => { checks += 1; return 'refused'; } });
  rpc.onStatus = (status) => statuses.push(status);
  rpc.start();
  sockets[0].onclose();
  await until(() => rpc.status === 'refused', 'the refused status');
  assert.equal(checks, 1);
  // A retry may have begun before the answer came: it is closed, and none follows.
  const count = sockets.length;
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(sockets.length, count, 'no retry with a refused token');
  assert.ok(sockets.slice(1).every((socket) => socket.closedByPage));
  assert.equal(statuses.at(-1), 'refused');
  // A new token (the address pasted again): it tries again.
  rpc.protocols = tokenProtocols('new');
  rpc.retryNow();
  assert.equal(rpc.status, 'connecting');
  assert.deepEqual(sockets.at(-1).protocols, ['slam.jsonrpc', 'slam.token.new']);
  rpc.stop();
});

test('an attempt that fails while the server is away keeps retrying', async () => {
  const { FakeSocket, sockets } = socketFake();
  let checks = 0;
  const rpc = new RpcConnection('ws://h/rpc', { WebSocketImpl: FakeSocket, minDelayMs: 1, maxDelayMs: 1,
    checkToken: async () => { checks += 1; return 'unreachable'; } });
  rpc.start();
  sockets[0].onclose();
  await until(() => sockets.length >= 2, 'a retry');
  sockets[1].onclose();
  await until(() => sockets.length >= 3 && checks >= 2, 'another retry');
  assert.notEqual(rpc.status, 'refused');
  rpc.stop();
});

test('a connection that was open and closed retries without asking about its token', async () => {
  const { FakeSocket, sockets } = socketFake();
  let checks = 0;
  const rpc = new RpcConnection('ws://h/rpc', { WebSocketImpl: FakeSocket, minDelayMs: 1, maxDelayMs: 1,
    checkToken: async () => { checks += 1; return 'refused'; } });
  rpc.start();
  sockets[0].onopen();
  assert.equal(rpc.status, 'open');
  sockets[0].onclose();
  await until(() => sockets.length >= 2, 'a retry');
  assert.equal(checks, 0);
  rpc.stop();
});
