/** Which push endpoints a subscription may name (imported by the schema; no other imports). */

/** `https://host[:port]/path…` without user info; the domain has no URL class (no DOM, no Node). */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?][^\s]*)?$/;

/**
 * A push endpoint is an https URL of a push service (RFC 8030), without credentials in it: the server POSTs
 * the VAPID token and the encrypted payload there, never over plain http.
 */
export function isAllowedEndpoint(url: string): boolean {
  return HTTPS_URL.test(url);
}
