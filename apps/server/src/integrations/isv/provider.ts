/**
 * ISV provider: hands a message over to the external ISV system (000 §4 "ISV sends the message to an external
 * system, then applies the tag"; 000 §7 POST /ktc/panel/sendMessage).
 *
 * - Default (no `ISV_URL`): records `{messageId, unitUid, payload, at}` in the `outbox` table (kind 'isv',
 *   status 'pending') for a worker to deliver; answers `{status: 1, msg: 'Zpráva předána do ISV'}`.
 * - With `ISV_URL` (read from process.env on each call): POSTs the same JSON there with a 10 s timeout (000 §9
 *   "Railway service request timeout 10 s"). A 2xx answer is success (its JSON `msg`, when given, is passed on;
 *   a JSON `status: 0` is a failure); a timeout, a network error or another status maps to `{status: 0, msg}`.
 */
import type { Queryable } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import type { IsvResult } from '@panel/domain/events';
import { postJson } from '../postJson.js';

export interface IsvRequest {
  messageId: number;
  unitUid: string;
  /** the wire message */
  payload: unknown;
  /** ISO time of the hand-over */
  at: string;
}

/** the answer of the KTC call; its schema is the contract (domain events/ktc.ts) */
export type { IsvResult };

export interface IsvProvider {
  readonly kind: 'outbox' | 'http';
  send(request: IsvRequest): Promise<IsvResult>;
}

export const isvTexts = {
  sent: 'Zpráva předána do ISV',
  timeout: 'ISV neodpověděl včas.',
  unreachable: 'ISV není dostupný.',
  refused: (status: number) => `ISV zprávu odmítl (HTTP ${status}).`,
} as const;

export const ISV_TIMEOUT_MS = 10_000;

/** `q` may be a transaction: the caller's journal row and the outbox row then commit together. */
export function outboxIsvProvider(q: Queryable): IsvProvider {
  return {
    kind: 'outbox',
    async send(request) {
      await q.insert(outbox).values({ kind: 'isv', payload: request });
      return { status: 1, msg: isvTexts.sent };
    },
  };
}

export function httpIsvProvider(url: string, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): IsvProvider {
  const timeoutMs = opts.timeoutMs ?? ISV_TIMEOUT_MS;
  return {
    kind: 'http',
    async send(request) {
      const r = await postJson(url, request, { timeoutMs, fetch: opts.fetch });
      if (r.kind === 'failed') {
        return { status: 0, msg: r.reason === 'timeout' ? isvTexts.timeout : isvTexts.unreachable };
      }
      if (!r.ok) return { status: 0, msg: r.msg ?? isvTexts.refused(r.status) };
      if (r.answer.status === 0 || r.answer.status === '0') {
        return { status: 0, msg: r.msg ?? isvTexts.refused(r.status) };
      }
      return { status: 1, msg: r.msg ?? isvTexts.sent };
    },
  };
}

/** The provider for this call: `ISV_URL` from the environment selects the real system, else the outbox. */
export function isvProvider(q: Queryable, env: NodeJS.ProcessEnv = process.env): IsvProvider {
  const url = env.ISV_URL?.trim();
  return url ? httpIsvProvider(url) : outboxIsvProvider(q);
}
