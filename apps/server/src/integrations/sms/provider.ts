/**
 * SMS gateway provider (000 §7 POST /{product}/contact/sms; docs/API.md "Contacts, commander and SMS (issue 5)").
 *
 * - Default (no `SMS_GATEWAY_URL`): records `{number, to, content, baseUid, eventId, userId, at}` in the `outbox`
 *   table (kind 'sms', status 'pending') for a worker to deliver; answers success. The caller runs it inside the
 *   command whose journal row records the SMS on the event, so both commit together.
 * - With `SMS_GATEWAY_URL` (config `smsGatewayUrl`): POSTs the same JSON there with a 10 s timeout. A 2xx answer is
 *   success unless its JSON says `status: 0` (or `result: false`); a timeout, a network error or another status is
 *   a failure with a reason (the panel shows 'Sms nebyla odeslána').
 */
import type { Queryable } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';
import { postJson } from '../postJson.js';

export interface SmsRequest {
  /** 9 digits as stored */
  number: string;
  /** international form, +420… */
  to: string;
  content: string;
  /** the sending unit (base uid) */
  baseUid: string;
  eventId: number | null;
  userId: number | null;
  /** ISO time of the hand-over */
  at: string;
}

export interface SmsResult {
  ok: boolean;
  /** why it failed (or the gateway's message) */
  detail: string | null;
}

export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(request: SmsRequest): Promise<SmsResult>;
}

export const smsGatewayTexts = {
  timeout: 'SMS brána neodpověděla včas.',
  unreachable: 'SMS brána není dostupná.',
  refused: (status: number) => `SMS brána zprávu odmítla (HTTP ${status}).`,
} as const;

export const SMS_TIMEOUT_MS = 10_000;

/** `q` may be a transaction: the caller's journal row and the outbox row then commit together. */
export function outboxSmsProvider(q: Queryable): SmsProvider {
  return {
    kind: 'outbox',
    async send(request) {
      await q.insert(outbox).values({ kind: 'sms', payload: request });
      return { ok: true, detail: null };
    },
  };
}

export function httpSmsProvider(url: string, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): SmsProvider {
  const timeoutMs = opts.timeoutMs ?? SMS_TIMEOUT_MS;
  return {
    kind: 'http',
    async send(request) {
      const r = await postJson(url, request, { timeoutMs, fetch: opts.fetch });
      if (r.kind === 'failed') {
        return { ok: false, detail: r.reason === 'timeout' ? smsGatewayTexts.timeout : smsGatewayTexts.unreachable };
      }
      if (!r.ok) return { ok: false, detail: r.msg ?? smsGatewayTexts.refused(r.status) };
      const refused = r.answer.status === 0 || r.answer.status === '0' || r.answer.result === false;
      if (refused) return { ok: false, detail: r.msg ?? smsGatewayTexts.refused(r.status) };
      return { ok: true, detail: r.msg };
    },
  };
}

/** The provider for this call: a gateway URL selects the real gateway, else the outbox. */
export function smsProvider(q: Queryable, gatewayUrl: string | undefined | null): SmsProvider {
  const url = gatewayUrl?.trim();
  return url ? httpSmsProvider(url) : outboxSmsProvider(q);
}
