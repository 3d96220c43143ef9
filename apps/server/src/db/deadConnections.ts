/**
 * Dead-connection watchdog for the PostgreSQL pool. A server restart resets our sockets and the calls fail at
 * once; a failover that moves an address, or a network that silently drops packets, does not: a query on such a
 * connection waits for TCP to give up (minutes), holds its pool slot, and with the pool full the node cannot even
 * probe its way back. Every statement has a server-side `statement_timeout`, so a query unanswered well past it
 * is on a dead connection: its socket is destroyed, the query fails ("Connection terminated" → 503), the
 * transaction is gone with the connection (the server rolls it back), and the slot is free.
 *
 * It reads node-postgres' `_activeQuery` (internal; pg 8). Without that field it does nothing. Connections that
 * legitimately run long (migrations, statement_timeout 0) are exempted with `allowLongStatements`.
 */
import type pg from 'pg';

interface ClientInternals {
  _activeQuery?: unknown;
  connection?: { stream?: { destroy(error?: Error): void } };
}

const exempt = new WeakSet<object>();

/** Exempt a client (e.g. the migration connection) from the watchdog while `on`. */
export function allowLongStatements(client: pg.PoolClient, on: boolean): void {
  if (on) exempt.add(client);
  else exempt.delete(client);
}

/** Watches the pool's clients; returns a stop function. The timer does not keep the process alive. */
export function watchDeadConnections(
  pool: pg.Pool,
  deadAfterMs: number,
  onDead: (error: Error) => void = () => undefined,
): () => void {
  const clients = new Set<pg.PoolClient>();
  const busy = new Map<pg.PoolClient, { query: unknown; since: number }>();
  pool.on('connect', (client) => clients.add(client));
  pool.on('remove', (client) => {
    clients.delete(client);
    busy.delete(client);
  });
  const check = () => {
    const now = Date.now();
    for (const client of clients) {
      const query = (client as unknown as ClientInternals)._activeQuery ?? null;
      const seen = busy.get(client);
      if (!query || exempt.has(client)) {
        busy.delete(client);
      } else if (!seen || seen.query !== query) {
        busy.set(client, { query, since: now });
      } else if (now - seen.since > deadAfterMs) {
        busy.delete(client);
        const error = new Error(`Connection terminated: no answer within ${deadAfterMs} ms`);
        onDead(error);
        (client as unknown as ClientInternals).connection?.stream?.destroy(error);
      }
    }
  };
  const timer = setInterval(check, Math.max(50, Math.min(5000, Math.floor(deadAfterMs / 4))));
  timer.unref();
  return () => clearInterval(timer);
}
