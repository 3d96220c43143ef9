/**
 * The acknowledgement token a push carries: `{sendId}.{expires}.{mac}`, the mac an HMAC-SHA-256 of the first two
 * parts with the server's secret (settings `private.webPush.keys`). The worker has no session while no panel is open, so
 * this token is the only credential of POST /v2/web-push/ack: it names one send and cannot be made for another.
 * It travels only inside the encrypted payload and the ack's body, never in a URL, and is never logged.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** long enough for a tablet that was off over a shift; the push service drops the message earlier anyway */
export const ACK_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

const mac = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signAck(secret: Buffer, sendId: number, now = Date.now()): string {
  const body = `${sendId}.${Math.floor((now + ACK_TOKEN_TTL_MS) / 1000)}`;
  return `${body}.${mac(secret, body)}`;
}

/** The send the token names, or null when it is malformed, forged or expired. */
export function verifyAck(secret: Buffer, token: string, now = Date.now()): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, expires, given] = parts;
  if (!/^\d{1,15}$/.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  const expected = Buffer.from(mac(secret, `${id}.${expires}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  if (Number(expires) * 1000 < now) return null;
  return Number(id);
}
