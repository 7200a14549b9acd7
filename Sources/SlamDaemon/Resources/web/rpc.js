// JSON-RPC 2.0 over a WebSocket: one message per text frame.
//
//   const rpc = new RpcConnection(`ws://${location.host}/rpc`, { protocols: tokenProtocols(token) });
//   rpc.onNotification = (method, params) => …;
//   rpc.onStatus = (status) => …;   // 'connecting' | 'open' | 'closed' | 'refused'
//   rpc.onOpen = () => …;           // every (re)connection: attach and subscribe here
//   rpc.start();
//   const snapshot = await rpc.call('press', {ref: 'increment'});
//
// It reconnects by itself with exponential backoff (0.25 s doubling to 5 s,
// with jitter). A call made while disconnected rejects at once with a
// ConnectionLost error, as do calls in flight when the socket closes (whether
// those ran is unknown): a click is never replayed minutes later.
//
// A browser shows a page nothing of why a WebSocket failed to open, so after each
// failed attempt `checkToken()` (an option) asks the server itself: 'refused' (the
// token is not this server's: a daemon that restarted has a new one) stops the
// retries with status 'refused' until `retryNow` (a new token); anything else
// ('unreachable', 'accepted') goes on retrying.

/** An error response from the server: `code`, `message`, `data`. */
export class RpcError extends Error {
  constructor(error, method) {
    super(error && typeof error.message === 'string' ? error.message : 'unknown error');
    this.name = 'RpcError';
    this.code = error && error.code;
    this.data = error && error.data;
    this.method = method;
  }
}

/** The connection closed before the reply came. */
export class ConnectionLost extends Error {
  constructor(method, sent = true) {
    super(sent ? `connection lost before ${method} was answered` : `not connected: ${method} was not sent`);
    this.name = 'ConnectionLost';
    this.method = method;
  }
}

/**
 * The page's token, taken from its URL's fragment (`#token=…`, which browsers never
 * send to a server) into `sessionStorage` (which only this origin, port included,
 * can read), and the fragment taken out of the address bar and the history; or the
 * one this tab stored before (a reload). Null when there is none.
 */
export function takePageToken(location, storage, history) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  // An address from an older slamd carries the token in the query: it is taken the same way.
  const given = fragment.get('token') || query.get('token');
  if (given) {
    storage.setItem(TOKEN_KEY, given);
    fragment.delete('token');
    query.delete('token');
    const search = query.toString();
    const hash = fragment.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${hash ? `#${hash}` : ''}`);
    return given;
  }
  return storage.getItem(TOKEN_KEY);
}

const TOKEN_KEY = 'slam.token';

/**
 * The WebSocket subprotocols the page offers: `slam.jsonrpc`, which the server
 * selects, and the token as `slam.token.TOKEN` (a browser cannot set an
 * Authorization header on a WebSocket; no cookie carries the token).
 */
export function tokenProtocols(token) {
  return token ? ['slam.jsonrpc', `slam.token.${token}`] : ['slam.jsonrpc'];
}

export class RpcConnection {
  constructor(url, { WebSocketImpl = globalThis.WebSocket, protocols = undefined, minDelayMs = 250, maxDelayMs = 5000,
    checkToken = null } = {}) {
    this.url = url;
    this.checkToken = checkToken;
    this.protocols = protocols;
    this.WebSocketImpl = WebSocketImpl;
    this.minDelayMs = minDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.socket = null;
    this.nextId = 1;
    /** id → {resolve, reject, method} */
    this.pending = new Map();
    this.status = 'closed';
    this.attempt = 0;
    this.retryTimer = null;
    this.retryAt = 0;
    this.stopped = true;
    /** Bumped by `start` and `retryNow`: a token check begun before belongs to an older try. */
    this.epoch = 0;
    this.onNotification = () => {};
    this.onStatus = () => {};
    this.onOpen = () => {};
  }

  /** Opens the connection (and keeps reopening it until `stop`). */
  start() {
    this.epoch += 1;
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close();
  }

  /** Skips the remaining backoff and reconnects now; after 'refused', starts again (with a new token). */
  retryNow() {
    if (this.status === 'refused') {
      this.attempt = 0;
      this.start();
      return;
    }
    if (this.status !== 'closed' || this.stopped) return;
    this.epoch += 1;
    clearTimeout(this.retryTimer);
    this.open();
  }

  open() {
    this.setStatus('connecting');
    let socket;
    try {
      socket = this.protocols ? new this.WebSocketImpl(this.url, this.protocols) : new this.WebSocketImpl(this.url);
    } catch (error) {
      this.closed();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      opened = true;
      this.attempt = 0;
      this.setStatus('open');
      this.onOpen();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.closed();
      if (!opened) this.askWhyRefused();
    };
    socket.onerror = () => {};
  }

  /** After an attempt that never opened: whether the server refuses the token (then no more retries). */
  askWhyRefused() {
    if (!this.checkToken || this.stopped) return;
    const attempt = this.attempt;
    const epoch = this.epoch;
    Promise.resolve()
      .then(() => this.checkToken())
      .catch(() => 'unreachable')
      .then((answer) => {
        // A later attempt (or a stop, or a new token) has taken over meanwhile: the answer is stale.
        if (answer !== 'refused' || this.stopped || this.attempt !== attempt || this.epoch !== epoch || this.status === 'open') return;
        this.refused();
      });
  }

  /** The server refuses the token: stop retrying until `retryNow`. */
  refused() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
    this.setStatus('refused');
  }

  closed() {
    this.socket = null;
    const pending = this.pending;
    this.pending = new Map();
    for (const { reject, method } of pending.values()) reject(new ConnectionLost(method));
    this.setStatus('closed');
    if (this.stopped) return;
    const delay = Math.min(this.maxDelayMs, this.minDelayMs * 2 ** this.attempt) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.onStatus(status);
  }

  /** Sends a request; resolves with its result, rejects with RpcError or ConnectionLost. */
  call(method, params) {
    const id = this.nextId++;
    const message = { jsonrpc: '2.0', method, id };
    if (params !== undefined) message.params = params;
    if (!this.connected) return Promise.reject(new ConnectionLost(method, false));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.socket.send(JSON.stringify(message));
    });
  }

  get connected() {
    return this.socket !== null && this.status === 'open';
  }

  /** Sends a notification (no reply). */
  notify(method, params) {
    const message = { jsonrpc: '2.0', method };
    if (params !== undefined) message.params = params;
    if (this.connected) this.socket.send(JSON.stringify(message));
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch (error) {
      console.warn('slam: a frame that is not JSON', data);
      return;
    }
    for (const one of Array.isArray(message) ? message : [message]) this.dispatch(one);
  }

  dispatch(message) {
    if (message === null || typeof message !== 'object') return;
    if (typeof message.method === 'string' && !('id' in message)) {
      try {
        this.onNotification(message.method, message.params);
      } catch (error) {
        console.error('slam: notification handler failed', message.method, error);
      }
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) {
      if ('error' in message) console.warn('slam: an error for no request', message.error);
      return;
    }
    this.pending.delete(message.id);
    if ('error' in message) waiting.reject(new RpcError(message.error, waiting.method));
    else waiting.resolve(message.result);
  }
}
