// The page's instance helpers (Sources/SlamDaemon/Resources/web/instances.js): which instance an
// address asks for, the address that keeps showing one after a reload, and the words the page uses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MAIN_INSTANCE, instanceFromAddress, addressForInstance, instanceName, instanceSummary, missingInstanceText,
} from '../../../../Sources/SlamDaemon/Resources/web/instances.js';

test('the address names the instance; without ?instance= (or with an empty one) the page shows main', () => {
  assert.equal(instanceFromAddress('?instance=i3'), 'i3');
  assert.equal(instanceFromAddress('?screen=2&instance=i12'), 'i12');
  assert.equal(instanceFromAddress(''), MAIN_INSTANCE);
  assert.equal(instanceFromAddress('?instance='), MAIN_INSTANCE);
  assert.equal(instanceFromAddress('?instance=%20'), MAIN_INSTANCE);
});

test('switching writes ?instance= into the address, keeping the rest; main takes it out', () => {
  const at = (href) => { const url = new URL(href); return { pathname: url.pathname, search: url.search, hash: url.hash }; };
  assert.equal(addressForInstance(at('http://127.0.0.1:8080/'), 'i2'), '/?instance=i2');
  assert.equal(addressForInstance(at('http://127.0.0.1:8080/?instance=i1'), 'i2'), '/?instance=i2');
  assert.equal(addressForInstance(at('http://127.0.0.1:8080/?x=1&instance=i1#y=2'), MAIN_INSTANCE), '/?x=1#y=2');
  assert.equal(addressForInstance(at('http://127.0.0.1:8080/?instance=i1'), MAIN_INSTANCE), '/');
  assert.equal(instanceFromAddress(new URL(addressForInstance(at('http://h/'), 'i7'), 'http://h').search), 'i7', 'a reload reads it back');
});

test('an instance is named by its handle and label, and summed up by what it runs and who uses it', () => {
  assert.equal(instanceName({ instance: 'i1', label: 'checkout' }), 'i1 · checkout');
  assert.equal(instanceName({ instance: 'main', label: null }), 'main');
  assert.equal(instanceSummary({ app: 'launched', storyboard: null, connections: 1 }), 'launched app · 1 connection');
  assert.equal(instanceSummary({ app: 'demo', storyboard: null, connections: 0 }), 'demo · 0 connections');
  assert.equal(instanceSummary({ app: 'storyboard', storyboard: '/srv/apps/shop.json', connections: 3 }), 'shop.json · 3 connections');
});

test('a page that cannot show its instance says why and names those open', () => {
  assert.equal(missingInstanceText('i9', { reason: 'missing', open: ['main', 'i1', 'i2'] }),
    'No instance i9 is open in this daemon. Open: main, i1 and i2.');
  assert.equal(missingInstanceText('i3', { reason: 'closed', open: ['main'] }), 'Instance i3 was closed. Open: main.');
  assert.equal(missingInstanceText('i3', { reason: 'closed' }), 'Instance i3 was closed.');
});
