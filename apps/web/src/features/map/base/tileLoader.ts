/**
 * Tiles of other hosts, loaded so the map canvas stays readable for the map screenshot (issue 24 item 15). A tile
 * is fetched with CORS (`mode: 'cors'`, no credentials) and drawn from a blob of our own origin — the same as an
 * image with `crossOrigin='anonymous'`, but a host that sends no `Access-Control-Allow-Origin` is told apart from
 * a missing tile: the fetch fails outright (TypeError) instead of answering a status. Such a host's tiles are then
 * asked through the server's tile proxy (`/v2/map/tile`, allowed hosts only, cached), and so is every later tile
 * of that origin. A tile that arrives neither way is an error, reported so the map can say so (`tileHealth`).
 */
import type ImageTile from 'ol/ImageTile';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';

/** origins whose tiles come through the proxy (they sent no CORS header) */
const viaProxy = new Set<string>();

export const proxiedTileUrl = (src: string) => `/v2/map/tile?url=${encodeURIComponent(src)}`;

/** The origin's tiles come through the proxy (a test and the map's screenshot journey read it). */
export const isProxiedOrigin = (origin: string) => viaProxy.has(origin);

export function forgetProxiedOrigins(): void {
  viaProxy.clear();
}

export interface TileReport {
  loaded(): void;
  failed(): void;
}

class TileStatusError extends Error {}

async function fetchBlob(url: string): Promise<Blob> {
  const res = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!res.ok) throw new TileStatusError(`tile ${res.status}`);
  return res.blob();
}

/** The tile's image: direct with CORS, else (no CORS header, network error) through the proxy. */
async function loadTileBlob(src: string): Promise<Blob> {
  const { origin } = new URL(src, window.location.href);
  if (viaProxy.has(origin)) return fetchBlob(proxiedTileUrl(src));
  try {
    return await fetchBlob(src);
  } catch (error) {
    if (error instanceof TileStatusError) throw error; // the host answered: a missing tile, not a CORS problem
    const blob = await fetchBlob(proxiedTileUrl(src));
    viaProxy.add(origin);
    return blob;
  }
}

/** An OpenLayers tile load function for a service's tiles; `report` hears of each tile that arrived or not. */
export function corsSafeTileLoad(report?: TileReport) {
  return (tile: Tile, src: string) => {
    const image = (tile as ImageTile).getImage();
    if (!(image instanceof HTMLImageElement)) return;
    if (new URL(src, window.location.href).origin === window.location.origin) {
      image.src = src; // our own origin: nothing to detect, nothing to taint
      return;
    }
    loadTileBlob(src)
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        // a WMS can answer 200 with an XML exception: only a decoded image counts as a tile
        image.addEventListener(
          'load',
          () => {
            URL.revokeObjectURL(url);
            report?.loaded();
          },
          { once: true },
        );
        image.addEventListener(
          'error',
          () => {
            URL.revokeObjectURL(url);
            report?.failed();
          },
          { once: true },
        );
        image.src = url;
      })
      .catch(() => {
        tile.setState(TileState.ERROR);
        report?.failed();
      });
  };
}
