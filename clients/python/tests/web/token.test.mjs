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
