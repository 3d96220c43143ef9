/**
 * Masks secrets in text that goes to a log (issue 23): a tracker authenticates with the secret in its ingest URL
 * (`/v2/positions/osmand/<secret>`, `/v2/positions/traccar/<secret>`, or `?key=<secret>`), and a connection
 * string may carry a password (`postgres://user:password@host`). The secrets are stored hashed so that a
 * database dump reveals none; the log must not reveal them either.
 */

/** the tracker ingest paths with the secret as their last segment (modules/positions/routes.ts) */
const INGEST_SECRET = /(\/v2\/positions\/(?:osmand|traccar)\/)[^/?#\s]+/gi;
/** query parameters that carry a credential: OsmAnd's `key` (the tracker secret), tokens, passwords */
const SECRET_PARAM = /([?&](?:key|token|access_token|secret|password)=)[^&#\s]*/gi;
/** the password of a URL with credentials (postgres://, redis://, http://user:pw@…) */
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:)[^@/?#\s]+@/gi;

export const MASK = '***';

/** A URL (or any text holding URLs) with its secrets replaced by `***`. */
export function maskSecrets(text: string): string {
  return text
    .replace(INGEST_SECRET, `$1${MASK}`)
    .replace(SECRET_PARAM, `$1${MASK}`)
    .replace(URL_PASSWORD, `$1${MASK}@`);
}
