/**
 * Fan-out between server processes through Redis: the socket.io Redis adapter carries room emits and
 * presence queries (fetchSockets) between nodes, and a plain channel `panel:revision` tells every node the
 * newest committed revision so its in-memory "nothing changed" answer of POST /v2/app stays honest. Both are
 * named by a prefix (`REDIS_PREFIX`, default `panel`): panels that share one Redis (a test and a production
 * installation, or test files side by side) each keep their own prefix and never hear each other.
 *
 * Redis is a convenience, not a dependency the node may die of (docs/ARCHITECTURE.md "Realtime"):
 * - the clients connect in the background and reconnect forever with a delay capped at ~1 s;
 * - no command waits in an offline queue (`disableOfflineQueue`): while Redis is away a cross-node emit is
 *   dropped at once (memory stays flat; panels catch up on their next poll), and no command promise can reject
 *   later with node-redis' TimeoutError;
 * - the adapter gets guarded clients: `publish` and `PUBSUB NUMSUB` never reject (the adapter calls them
 *   without a catch), NUMSUB answers "only me" while down so presence answers with this node's sockets, and
 *   subscriptions are recorded and (re)issued whenever the subscriber connection is ready, so a node started
 *   without Redis joins the fan-out when it comes.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { createAdapter } from '@socket.io/redis-adapter';
import { createRedisLink, type LinkState, type RedisLink } from './redisLink.js';

/** the default of REDIS_PREFIX: the adapter's key and the revision channel's first part */
export const DEFAULT_REDIS_PREFIX = 'panel';
/** longest wait between reconnect attempts: Redis back → fan-out back within about a second */
export const RECONNECT_CAP_MS = 1000;
/**
 * A Redis that stops answering without closing the connection (a network partition) leaves node-redis "ready"
 * until TCP keepalive gives up, minutes later. A PING this often, answered within PING_TIMEOUT_MS, tells.
 */
export const PING_EVERY_MS = 2000;
export const PING_TIMEOUT_MS = 1500;

type Client = ReturnType<typeof createClient>;
type Listener = (message: Buffer | string, channel: Buffer | string) => void;

export interface RedisFanout {
  /** pass to `io.adapter(...)` */
  adapter: ReturnType<typeof createAdapter>;
  /**
   * announce a committed revision to the other nodes (dropped while Redis is down); `moves`: it moved positions
   * alone (their pushers let a write's push go first, deltaPush.ts)
   */
  publishRevision(revision: number, moves?: boolean): void;
  /** 'up' when publishing and every subscription work; 'down' otherwise (also while first connecting) */
  state(): LinkState;
  onStateChange(listener: (state: LinkState) => void): () => void;
  close(): Promise<void>;
}

export interface FanoutOptions {
  onRemoteRevision?: (revision: number, moves: boolean) => void;
  /** what names this installation's channels in Redis (config REDIS_PREFIX); default DEFAULT_REDIS_PREFIX */
  prefix?: string;
  /** the revision channel's name (tests keep theirs apart from running nodes'); default `{prefix}:revision` */
  revisionChannel?: string;
  /** one line per transition (default console.warn) */
  log?: (line: string) => void;
}

export const reconnectDelay = (retries: number): number =>
  Math.min(50 * 2 ** Math.min(retries, 10), RECONNECT_CAP_MS) + Math.floor(Math.random() * 100);

function errorText(error: unknown): Error {
  if (error instanceof Error) {
    // ECONNREFUSED on 127.0.0.1 and ::1 arrives as an AggregateError with an empty message
    const code = (error as { code?: unknown }).code;
    return error.message ? error : new Error(typeof code === 'string' ? code : error.name);
  }
  return new Error(String(error));
}

/** Closes a client: gracefully when it is connected, but never waits on a Redis that does not answer. */
async function shut(client: Client): Promise<void> {
  if (!client.isOpen) return;
  if (!client.isReady) return client.destroy();
  // close() drains the queue first; a peer that died a moment ago never answers it, and node-redis' close() does
  // not settle by itself when the connection dies during the drain (redisClose.test.ts). So after 500 ms the client
  // is destroyed and the close no longer waited for, whether or not the destroy settles it.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.destroy();
      resolve();
    }, 500);
  });
  try {
    await Promise.race([client.close(), givenUp]);
  } catch {
    client.destroy();
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the clients in the background; never throws and never waits for Redis. */
export function createRedisFanout(url: string, opts: FanoutOptions = {}): RedisFanout {
  const nodeId = randomUUID();
  const link: RedisLink = createRedisLink({ log: opts.log ?? ((line) => console.warn(`[panel] ${line}`)) });
  const pub: Client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
  const sub: Client = pub.duplicate();

  // Subscriptions this node wants (the adapter's and the revision channel), issued on every `ready` of the
  // subscriber. node-redis resubscribes what it had confirmed by itself; a subscribe that failed (Redis down
  // at start, or dropped mid-flight) is only registered once it succeeds, hence the replay. Re-issuing a
  // subscription node-redis already holds is a no-op (listeners are a Set).
  const wanted: { pattern: boolean; channels: string[]; listener: Listener; buffers: boolean }[] = [];
  let subsConfirmed = false;
  let subEpoch = 0;
  let closing = false;
  let lastError: Error | undefined;
  /** the last watchdog PING went unanswered */
  let silent = false;

  function evaluate(): void {
    if (closing) return;
    link.report(pub.isReady && sub.isReady && subsConfirmed && !silent, lastError);
  }

  let pinging = false;
  const watchdog = setInterval(() => {
    if (pinging || !pub.isReady) return;
    pinging = true;
    // node-redis' command timeout stops once a command is written, so it cannot see an unanswered one
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unanswered = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to PING within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
    });
    Promise.race([pub.sendCommand(['PING']), unanswered])
      .then(
        () => {
          silent = false;
        },
        (error: unknown) => {
          silent = true;
          lastError = errorText(error);
        },
      )
      .finally(() => {
        clearTimeout(timer);
        pinging = false;
        evaluate();
      });
  }, PING_EVERY_MS);
  watchdog.unref();

  function issue(w: (typeof wanted)[number]): Promise<unknown> {
    return w.pattern
      ? sub.pSubscribe(w.channels, w.listener, w.buffers)
      : sub.subscribe(w.channels, w.listener, w.buffers);
  }

  function resubscribeAll(): void {
    const epoch = ++subEpoch;
    subsConfirmed = false;
    Promise.all(wanted.map(issue)).then(
      () => {
        if (epoch !== subEpoch) return;
        subsConfirmed = true;
        lastError = undefined;
        evaluate();
      },
      (error: unknown) => {
        // the connection dropped meanwhile: the next `ready` replays
        lastError = errorText(error);
        evaluate();
      },
    );
  }

  for (const client of [pub, sub]) {
    // node-redis emits an error per failed reconnect attempt: the link logs the outage once, not these
    client.on('error', (error: unknown) => {
      lastError = errorText(error);
      if (client === sub) {
        subEpoch++;
        subsConfirmed = false;
      }
      evaluate();
    });
    client.on('end', () => evaluate());
    client.on('reconnecting', () => evaluate());
  }
  pub.on('ready', () => {
    silent = false; // a fresh connection answered its handshake
    evaluate();
  });
  sub.on('ready', () => resubscribeAll());

  function want(pattern: boolean, channels: string | string[], listener: Listener, buffers = false): Promise<void> {
    const w = { pattern, channels: Array.isArray(channels) ? channels : [channels], listener, buffers };
    wanted.push(w);
    if (sub.isReady) {
      const epoch = subEpoch;
      issue(w).catch((error: unknown) => {
        lastError = errorText(error);
        if (epoch === subEpoch) subsConfirmed = false;
        evaluate();
      });
    }
    return Promise.resolve();
  }

  function unwant(pattern: boolean, channels: string | string[], listener?: Listener, buffers = false): Promise<void> {
    const list = Array.isArray(channels) ? channels : [channels];
    for (let i = wanted.length - 1; i >= 0; i--) {
      const w = wanted[i];
      if (w.pattern === pattern && (!listener || w.listener === listener) && w.channels.some((c) => list.includes(c))) {
        wanted.splice(i, 1);
      }
    }
    if (!sub.isReady) return Promise.resolve();
    const done = pattern ? sub.pUnsubscribe(list, listener, buffers) : sub.unsubscribe(list, listener, buffers);
    return done.then(
      () => undefined,
      () => undefined,
    );
  }

  const guardedPub = new Proxy(pub, {
    get(target, prop) {
      if (prop === 'publish' || prop === 'PUBLISH') {
        return (channel: string, message: string | Buffer) =>
          target.isReady ? target.publish(channel, message).catch(() => 0) : Promise.resolve(0);
      }
      if (prop === 'sendCommand') {
        // the adapter's only use: PUBSUB NUMSUB (how many nodes answer a fetchSockets / serverSideEmit)
        return (args: string[]) => {
          const alone = [args[2] ?? '', 1];
          if (link.state() !== 'up') return Promise.resolve(alone);
          return target.sendCommand(args).catch(() => alone);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  const guardedSub = new Proxy(sub, {
    get(target, prop) {
      switch (prop) {
        case 'subscribe':
        case 'SUBSCRIBE':
          return (channels: string | string[], listener: Listener, buffers?: boolean) =>
            want(false, channels, listener, buffers);
        case 'pSubscribe':
        case 'PSUBSCRIBE':
          return (patterns: string | string[], listener: Listener, buffers?: boolean) =>
            want(true, patterns, listener, buffers);
        case 'unsubscribe':
        case 'UNSUBSCRIBE':
          return (channels: string | string[], listener?: Listener, buffers?: boolean) =>
            unwant(false, channels, listener, buffers);
        case 'pUnsubscribe':
        case 'PUNSUBSCRIBE':
          return (patterns: string | string[], listener?: Listener, buffers?: boolean) =>
            unwant(true, patterns, listener, buffers);
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  const prefix = opts.prefix ?? DEFAULT_REDIS_PREFIX;
  const revisionChannel = opts.revisionChannel ?? `${prefix}:revision`;
  void want(false, revisionChannel, (message) => {
    try {
      const { node, revision, moves } = JSON.parse(String(message)) as {
        node?: string;
        revision?: unknown;
        moves?: unknown;
      };
      if (node !== nodeId && typeof revision === 'number' && Number.isFinite(revision)) {
        opts.onRemoteRevision?.(revision, moves === true);
      }
    } catch {
      // a foreign message on our channel: ignore
    }
  });

  // in the background: connect() retries by itself until Redis answers (or close() ends it)
  for (const client of [pub, sub]) client.connect().catch(() => undefined);

  return {
    adapter: createAdapter(guardedPub, guardedSub, { key: prefix, requestsTimeout: 2000 }),
    publishRevision(revision, moves = false) {
      void guardedPub.publish(revisionChannel, JSON.stringify({ node: nodeId, revision, ...(moves && { moves }) }));
    },
    state: () => link.state(),
    onStateChange: (listener) => link.onChange(listener),
    async close() {
      closing = true;
      clearInterval(watchdog);
      await Promise.all([sub, pub].map(shut));
    },
  };
}
