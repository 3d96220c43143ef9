/**
 * Tracker secrets: 32 random bytes, base64url (43 characters, safe in a URL path and a query); only the SHA-256
 * is stored, so a database dump reveals none. A fast hash is enough: the secret has 256 bits of entropy, nobody
 * guesses it, and the ingest looks it up ~100 times a second (argon2 would cost a core).
 */
import { createHash, randomBytes } from 'node:crypto';

export const newTrackerSecret = (): string => randomBytes(32).toString('base64url');

export const hashTrackerSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** What may be a secret at all (a longer or odd value is refused without a lookup). */
export const looksLikeSecret = (s: string): boolean => /^[A-Za-z0-9_-]{16,128}$/.test(s);
