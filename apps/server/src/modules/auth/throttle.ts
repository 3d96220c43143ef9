/**
 * Login throttling, per username and per client address, counted in the database (`login_failures`) so every
 * server node sees the same failures.
 *
 * Numbers (docs/ARCHITECTURE.md "Security"): in a 15-minute window at most 5 failures per username and 20 per
 * address. The address limit is higher because a dispatch room sits behind one NAT address: a few people
 * mistyping must not lock the whole room out, while one machine trying many names is still stopped.
 *
 * An attempt is recorded *before* the password is checked and counted together with the others: concurrent
 * guesses cannot all pass a check made before any of them failed (each sees at least its own row and every
 * row committed before it). A throttled attempt removes its row again, so being refused does not extend the
 * lockout; a wrong password keeps it; a success removes every row of that username (which also takes this
 * user's failures off the address counters). While throttled even the right password is refused — otherwise
 * the throttle would only slow guessing down, not stop it.
 *
 * Times come from the database (`now()`), not from each node's clock.
 */
import { and, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';

export interface ThrottleLimits {
  windowMinutes: number;
  perUsername: number;
  perAddress: number;
}

export const LOGIN_LIMITS: ThrottleLimits = { windowMinutes: 15, perUsername: 5, perAddress: 20 };

export const throttleTexts = {
  /** ours (the spec has no text for it); {n} = whole minutes, at least 1 */
  tooManyAttempts: 'Příliš mnoho neúspěšných pokusů o přihlášení. Zkuste to znovu za {n} min.',
} as const;

export function throttledMessage(retryAfterSeconds: number): string {
  return throttleTexts.tooManyAttempts.replace('{n}', String(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
}

/** The counter key of a typed username: trimmed, lower case, capped (a huge name must not bloat the table). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase().slice(0, 200);
}

export type AttemptStart = { throttled: false; attemptId: number } | { throttled: true; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Records an attempt and answers whether it may go on (then `succeeded` or leave it as a failure). */
  begin(username: string, address: string): Promise<AttemptStart>;
  /** The right password: this username's counter (on every address) starts from zero. */
  succeeded(username: string): Promise<void>;
}

export function loginThrottle(db: Database, limits: ThrottleLimits = LOGIN_LIMITS): LoginThrottle {
  const windowStart = sql`now() - make_interval(mins => ${limits.windowMinutes})`;

  /** Seconds until the `limit`-th newest failure (not counting `excludeId`) leaves the window; 0 if none. */
  async function secondsUntilBelow(column: 'username' | 'address', value: string, limit: number, excludeId: number) {
    const col = column === 'username' ? loginFailures.username : loginFailures.address;
    const rows = await db
      .select({
        seconds: sql<string>`extract(epoch from (${loginFailures.failedAt} + make_interval(mins => ${limits.windowMinutes}) - now()))`,
      })
      .from(loginFailures)
      .where(and(eq(col, value), gt(loginFailures.failedAt, windowStart), ne(loginFailures.id, excludeId)))
      .orderBy(sql`${loginFailures.failedAt} desc`)
      .limit(1)
      .offset(limit - 1);
    return rows.length ? Math.max(1, Math.ceil(Number(rows[0].seconds))) : 0;
  }

  return {
    async begin(username, address) {
      const name = usernameKey(username);
      const [row] = await db
        .insert(loginFailures)
        .values({ username: name, address })
        .returning({ id: loginFailures.id });
      const [counts] = await db
        .select({
          byName: sql<number>`count(*) filter (where ${loginFailures.username} = ${name})`.mapWith(Number),
          byAddress: sql<number>`count(*) filter (where ${loginFailures.address} = ${address})`.mapWith(Number),
        })
        .from(loginFailures)
        .where(
          and(
            gt(loginFailures.failedAt, windowStart),
            or(eq(loginFailures.username, name), eq(loginFailures.address, address)),
          ),
        );
      const overName = counts.byName > limits.perUsername;
      const overAddress = counts.byAddress > limits.perAddress;
      if (!overName && !overAddress) return { throttled: false, attemptId: row.id };

      await db.delete(loginFailures).where(eq(loginFailures.id, row.id));
      const waits = await Promise.all([
        overName ? secondsUntilBelow('username', name, limits.perUsername, row.id) : 0,
        overAddress ? secondsUntilBelow('address', address, limits.perAddress, row.id) : 0,
      ]);
      // concurrent attempts still in flight may be all that is over the limit: then wait a whole window
      const retryAfterSeconds = Math.max(...waits) || limits.windowMinutes * 60;
      return { throttled: true, retryAfterSeconds };
    },

    async succeeded(username) {
      await db.delete(loginFailures).where(eq(loginFailures.username, usernameKey(username)));
    },
  };
}

/** Drops failures that left the window (every node may run it; the delete is idempotent). */
export async function pruneLoginFailures(db: Database, windowMinutes = LOGIN_LIMITS.windowMinutes): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, sql`now() - make_interval(mins => ${windowMinutes})`));
}
