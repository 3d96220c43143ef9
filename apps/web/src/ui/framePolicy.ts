/**
 * Which pages the iframe modal may show, and with which sandbox. The panel keeps its session token in
 * localStorage: a framed page with both `allow-scripts` and `allow-same-origin` on the panel's own origin
 * could read it. So:
 * - only absolute http(s) URLs are framed (never javascript:, data:, blob:, relative paths);
 * - a page of another origin keeps its own origin (`allow-same-origin`, many sites need their storage);
 * - a page of the panel's own origin is never framed with `allow-same-origin` (it runs as an opaque origin);
 *   message links to our origin open in a new tab instead (`opensInNewTab`).
 * Defence in depth on the server: every answer of the panel says `frame-ancestors 'none'`, the map proxy
 * answers with `sandbox`, so a foreign page that redirects the frame to our origin gets nothing either.
 */
const BASE_SANDBOX = 'allow-scripts allow-forms allow-popups allow-downloads';

/** The URL when it is an absolute http(s) URL with a host, else null. */
export function frameableUrl(raw: string | null | undefined): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url;
  } catch {
    return null;
  }
}

export function isPanelOrigin(url: URL, origin: string = window.location.origin): boolean {
  return url.origin === origin;
}

/** The sandbox of a framed page: `allow-same-origin` only for another origin than the panel's. */
export function frameSandbox(url: URL, origin: string = window.location.origin): string {
  return isPanelOrigin(url, origin) ? BASE_SANDBOX : `${BASE_SANDBOX} allow-same-origin`;
}

/** A message link the iframe modal does not show: the panel's own pages open in a new tab. */
export function opensInNewTab(raw: string, origin: string = window.location.origin): boolean {
  const url = frameableUrl(raw);
  return url !== null && isPanelOrigin(url, origin);
}
