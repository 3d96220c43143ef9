/**
 * Drone WMS layer names from GetCapabilities through the server's map proxy (001 §7: no auth header);
 * a non-200 answer is 'Failed to get WMS capabilities'.
 */
import { texts } from '@panel/domain/locale';

export function capabilitiesUrl(serviceUrl: string): string {
  const url = new URL(serviceUrl, window.location.origin);
  url.searchParams.set('SERVICE', 'WMS');
  url.searchParams.set('REQUEST', 'GetCapabilities');
  return `/v2/map/proxy?url=${encodeURIComponent(url.toString())}`;
}

/** Named layers of a WMS capabilities document (the root layer without a name is skipped). */
export function layerNames(xml: string): { name: string; title: string }[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return [...doc.getElementsByTagName('Layer')]
    .map((layer) => {
      const child = (tag: string) => [...layer.children].find((c) => c.localName === tag)?.textContent?.trim() ?? '';
      return { name: child('Name'), title: child('Title') };
    })
    .filter((l) => l.name);
}

export async function fetchDroneLayers(serviceUrl: string): Promise<{ name: string; title: string }[]> {
  const response = await fetch(capabilitiesUrl(serviceUrl));
  if (!response.ok) throw new Error(texts.map.wmsCapabilitiesFailed);
  return layerNames(await response.text());
}
