/**
 * Login throttling (issue 24 item 9: nobody can lock a dispatcher out), counted in the database
 * (`login_failures`) so every server node sees the same failures. docs/ARCHITECTURE.md "auth".
 *
 * Every attempt has a source: a **trusted** one — a confirmed workstation (its trust token, `d:<id>`) or an address
 * this account logged in from successfully within `trustDays` (`a:<address>`) — or an unknown one (null). Failures
 * are counted per counter, and a counter over its free failures makes the next attempt wait a growing delay after
 * its newest failure (`waitSeconds`), answered as 429 with `Retry-After` — no request is held open, no timer runs:
 * - unknown sources: per client address (20 free: a dispatch room shares one NAT address) and per account (5 free)
 *   — what stops a guesser, and what a guesser can only run into from where the account never worked;
 * - a trusted source: its own counter for this account (5 free, the delay capped at a minute), so strangers'
 *   failures never refuse the right password from a confirmed device or a known good address, and a guesser
 *   sitting on that source still gets at most one try a minute.
 *
 * An attempt is recorded *before* the password is checked and counted together with the others: concurrent guesses
 * cannot all pass a check made before any of them failed. A throttled attempt removes its row again (being refused
 * does not extend the delay); a wrong password keeps it; a success removes the failures of its own source only (an
 * attacker's counter elsewhere is not reset by the real user). An administrator's unlock removes all of an
 * account's failures. Times come from the database (`now()`), not from each node's clock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { loginFailures, loginTrust } from '../../db/schema/index.js';

/** Free failures, then a delay of `baseSeconds`, doubling with each further failure up to `capSeconds`. */
export interface ThrottleRule {
  free: number;
  baseSeconds: number;
  capSeconds: number;
}

export interface ThrottleLimits {
  /** failures older than this are forgotten (and pruned) */
  windowMinutes: number;
  perAddress: ThrottleRule;
  perAccount: ThrottleRule;
  perTrustedSource: ThrottleRule;
  /** a known good address or a confirmed device stops counting after this many days without a success */
  trustDays: number;
}

export const LOGIN_LIMITS: ThrottleLimits = {
  windowMinutes: 60,
  perAddress: { free: 20, baseSeconds: 30, capSeconds: 15 * 60 },
  perAccount: { free: 5, baseSeconds: 30, capSeconds: 15 * 60 },
  perTrustedSource: { free: 5, baseSeconds: 5, capSeconds: 60 },
  trustDays: 60,
};

/** Seconds the next attempt waits after the newest of `failures` failures; 0 while they are within the free ones. */
export function waitSeconds(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.capSeconds, rule.baseSeconds * 2 ** Math.min(failures - rule.free, 30));
}

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

export const hashTrustToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The source key of an attempt: null unknown, `a:<address>` known good address, `d:<id>` confirmed device. */
export type Source = string | null;

export type AttemptStart =
  | { throttled: false; attemptId: number; source: Source; bypassed: boolean }
  | { throttled: true; retryAfterSeconds: number };

export interface LoginThrottle {
  /** The attempt's source: a valid trust token of this user, else a known good address, else unknown. */
  sourceOf(userId: number | null, address: string, trustToken: string | undefined): Promise<Source>;
  /**
   * Records an attempt and answers whether it may go on (then `succeeded`, or leave it as a failure).
   * `bypassed`: a trusted attempt that the unknown-source counters would have refused (a lock-out avoided).
   */
  begin(username: string, address: string, source: Source): Promise<AttemptStart>;
  /** The right password: the failures of this source go; the address becomes (stays) a known good one. */
  succeeded(username: string, userId: number, address: string, source: Source): Promise<void>;
  /** A new trust token for a workstation the user just confirmed (replaces the device's older one). */
  trustDevice(userId: number, deviceId: number): Promise<string>;
  /** An administrator's unlock: every failure of the account, from every source; answers how many went. */
  unlock(username: string): Promise<number>;
}

interface CounterState {
  failures: number;
  /** seconds since the newest of them; null without any */
  age: number | null;
}

const toState = (failures: unknown, age: unknown): CounterState => ({
  failures: Number(failures),
  age: age == null ? null : Number(age),
});

/** Seconds left to wait on one counter (0: may go on). */
function leftToWait(state: CounterState, rule: ThrottleRule): number {
  const wait = waitSeconds(state.failures, rule);
  if (wait === 0 || state.age === null) return 0;
  return Math.max(0, Math.ceil(wait - state.age));
}

export function loginThrottle(db: Database, limits: ThrottleLimits = LOGIN_LIMITS): LoginThrottle {
  const windowStart = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const trustedSince = sql`now() - make_interval(days => ${limits.trustDays})`;

  /** count and age of the newest failure for the rows matching `where`, not counting the attempt's own row */
  const counter = (where: ReturnType<typeof sql>, own: number) => ({
    n: sql<string>`count(*) filter (where ${where} and ${loginFailures.id} <> ${own})`,
    age: sql<
      string | null
    >`extract(epoch from now() - max(${loginFailures.failedAt}) filter (where ${where} and ${loginFailures.id} <> ${own}))`,
  });

  return {
    async sourceOf(userId, address, trustToken) {
      if (userId === null) return null;
      if (trustToken) {
        const [device] = await db
          .select({ id: loginTrust.id })
          .from(loginTrust)
          .where(
            and(
              eq(loginTrust.userId, userId),
              eq(loginTrust.kind, 'device'),
              eq(loginTrust.key, hashTrustToken(trustToken)),
              gt(loginTrust.lastSuccessAt, trustedSince),
            ),
          )
          .limit(1);
        if (device) return `d:${device.id}`;
      }
      const [known] = await db
        .select({ id: loginTrust.id })
        .from(loginTrust)
        .where(
          and(
            eq(loginTrust.userId, userId),
            eq(loginTrust.kind, 'address'),
            eq(loginTrust.key, address),
            gt(loginTrust.lastSuccessAt, trustedSince),
          ),
        )
        .limit(1);
      return known ? `a:${address}` : null;
    },

    async begin(username, address, source) {
      const name = usernameKey(username);
      const [row] = await db
        .insert(loginFailures)
        .values({ username: name, address, source })
        .returning({ id: loginFailures.id });
      const unknownAddress = counter(
        sql`${loginFailures.address} = ${address} and ${loginFailures.source} is null`,
        row.id,
      );
      const unknownAccount = counter(
        sql`${loginFailures.username} = ${name} and ${loginFailures.source} is null`,
        row.id,
      );
      const ownSource = counter(
        sql`${loginFailures.username} = ${name} and ${loginFailures.source} = ${source ?? ''}`,
        row.id,
      );
      const [c] = await db
        .select({
          addressN: unknownAddress.n,
          addressAge: unknownAddress.age,
          accountN: unknownAccount.n,
          accountAge: unknownAccount.age,
          sourceN: ownSource.n,
          sourceAge: ownSource.age,
        })
        .from(loginFailures)
        .where(
          and(
            gt(loginFailures.failedAt, windowStart),
            or(eq(loginFailures.username, name), eq(loginFailures.address, address)),
          ),
        );
      const strangers = Math.max(
        leftToWait(toState(c.addressN, c.addressAge), limits.perAddress),
        leftToWait(toState(c.accountN, c.accountAge), limits.perAccount),
      );
      const wait = source === null ? strangers : leftToWait(toState(c.sourceN, c.sourceAge), limits.perTrustedSource);
      if (wait === 0) {
        return { throttled: false, attemptId: row.id, source, bypassed: source !== null && strangers > 0 };
      }
      await db.delete(loginFailures).where(eq(loginFailures.id, row.id));
      return { throttled: true, retryAfterSeconds: wait };
    },

    async succeeded(username, userId, address, source) {
      const name = usernameKey(username);
      const ofSource =
        source === null
          ? and(isNull(loginFailures.source), eq(loginFailures.address, address))
          : eq(loginFailures.source, source);
      await db.delete(loginFailures).where(and(eq(loginFailures.username, name), ofSource));
      await db
        .insert(loginTrust)
        .values({ userId, kind: 'address', key: address })
        .onConflictDoUpdate({
          target: [loginTrust.userId, loginTrust.kind, loginTrust.key],
          set: { lastSuccessAt: sql`now()` },
        });
      if (source?.startsWith('d:')) {
        await db
          .update(loginTrust)
          .set({ lastSuccessAt: sql`now()` })
          .where(eq(loginTrust.id, Number(source.slice(2))));
      }
    },

    async trustDevice(userId, deviceId) {
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx
          .delete(loginTrust)
          .where(and(eq(loginTrust.userId, userId), eq(loginTrust.kind, 'device'), eq(loginTrust.deviceId, deviceId)));
        await tx.insert(loginTrust).values({ userId, kind: 'device', key: hashTrustToken(token), deviceId });
      });
      return token;
    },

    async unlock(username) {
      const gone = await db
        .delete(loginFailures)
        .where(eq(loginFailures.username, usernameKey(username)))
        .returning({ id: loginFailures.id });
      return gone.length;
    },
  };
}

/** Drops failures that left the window and trust not used for `trustDays` (every node may run it; idempotent). */
export async function pruneLoginFailures(db: Database, limits: ThrottleLimits = LOGIN_LIMITS): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.failedAt, sql`now() - make_interval(mins => ${limits.windowMinutes})`));
  await db
    .delete(loginTrust)
    .where(lt(loginTrust.lastSuccessAt, sql`now() - make_interval(days => ${limits.trustDays})`));
}
