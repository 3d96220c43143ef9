/**
 * The state of this node's link to Redis, kept apart from the clients so it can be tested alone. The Redis
 * clients report "ready / not ready" many times per outage (every reconnect attempt fails with an error); the
 * link turns that into one transition each way and logs each transition once: a dispatch room's log must show
 * "Redis lost at 03:12, back at 03:14", not thousands of connection errors.
 */

export type LinkState = 'up' | 'down';

export interface RedisLink {
  /** 'down' until the first successful connection, then 'up' / 'down' as Redis comes and goes */
  state(): LinkState;
  /** the clients' current readiness; `cause` is the error that made them not ready (logged once per outage) */
  report(ready: boolean, cause?: Error): void;
  /** called on each transition (not on repeated reports of the same state) */
  onChange(listener: (state: LinkState) => void): () => void;
}

export interface LinkOptions {
  log: (line: string) => void;
  now?: () => number;
}

export function createRedisLink(opts: LinkOptions): RedisLink {
  const now = opts.now ?? Date.now;
  let state: LinkState = 'down';
  let everUp = false;
  /** an outage has been logged and its recovery not yet */
  let downSince: number | null = null;
  const listeners = new Set<(state: LinkState) => void>();

  function transition(next: LinkState): void {
    if (next === state) return;
    state = next;
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        // a listener's bug must not stop the others nor the Redis client's event loop
        console.error('[panel] redis state listener failed', error);
      }
    }
  }

  return {
    state: () => state,
    report(ready, cause) {
      if (ready) {
        if (downSince !== null) {
          opts.log(`Redis is back after ${Math.round((now() - downSince) / 1000)} s: cross-node push restored`);
          downSince = null;
        }
        everUp = true;
        transition('up');
        return;
      }
      // not ready: before the first connection only a failure counts (connecting is not an outage)
      if (downSince === null && (everUp || cause)) {
        downSince = now();
        const why = cause?.message ? ` (${cause.message})` : '';
        opts.log(
          everUp
            ? `Redis lost${why}: this node keeps serving and pushes to its own sockets only, reconnecting`
            : `Redis unavailable at start${why}: this node serves and pushes to its own sockets only, connecting in the background`,
        );
      }
      transition('down');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
