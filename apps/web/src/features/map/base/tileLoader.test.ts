/**
 * Tiles of a host without CORS come through the tile proxy (issue 24 item 15): a fetch that fails outright
 * (what the browser does without Access-Control-Allow-Origin) is asked again through /v2/map/tile and the origin
 * is remembered; a host that answers a status (404) is a missing tile, not a CORS problem; a tile that arrives
 * neither way is an error the map hears of.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';
import { corsSafeTileLoad, forgetProxiedOrigins, isProxiedOrigin, proxiedTileUrl } from './tileLoader';

const NO_CORS = 'https://tiles.nocors.example';
const WITH_CORS = 'https://tiles.cors.example';

/** what the browser's fetch does: no CORS header → TypeError; a proxied or CORS-enabled tile → an image blob */
function fakeFetch(status: Record<string, number> = {}) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith(NO_CORS)) throw new TypeError('Failed to fetch');
    const code = status[url] ?? 200;
    // the part of a Response the loader reads (jsdom's Blob is not undici's, so no real Response here)
    return { ok: code === 200, status: code, blob: async () => new Blob(['png'], { type: 'image/png' }) };
  });
}

function fakeTile() {
  const image = document.createElement('img');
  const states: number[] = [];
  const tile = { getImage: () => image, setState: (s: number) => states.push(s) } as unknown as Tile;
  return { tile, image, states };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('corsSafeTileLoad', () => {
  let fetchMock: ReturnType<typeof fakeFetch>;
  beforeEach(() => {
    forgetProxiedOrigins();
    URL.createObjectURL = vi.fn(() => 'blob:tile');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  async function load(src: string, status: Record<string, number> = {}) {
    fetchMock = fakeFetch(status);
    vi.stubGlobal('fetch', fetchMock);
    const report = { loaded: vi.fn(), failed: vi.fn() };
    const t = fakeTile();
    corsSafeTileLoad(report)(t.tile, src);
    await vi.waitFor(() => expect(t.image.src || t.states.length).toBeTruthy());
    if (t.image.src) t.image.dispatchEvent(new Event('load'));
    await settle();
    return { ...t, report, calls: fetchMock.mock.calls.map(([u]) => String(u)) };
  }

  it('a host without CORS: the tile comes through the proxy, and so do the next ones of that origin', async () => {
    const first = await load(`${NO_CORS}/7/70/43.png`);
    expect(first.calls).toEqual([`${NO_CORS}/7/70/43.png`, proxiedTileUrl(`${NO_CORS}/7/70/43.png`)]);
    expect(first.image.src).toBe('blob:tile');
    expect(first.report.loaded).toHaveBeenCalledOnce();
    expect(isProxiedOrigin(NO_CORS)).toBe(true);
    const next = await load(`${NO_CORS}/7/71/43.png`);
    expect(next.calls).toEqual([proxiedTileUrl(`${NO_CORS}/7/71/43.png`)]);
  });

  it('a host with CORS is asked directly, cors mode without credentials', async () => {
    const tile = await load(`${WITH_CORS}/1/2/3.png`);
    expect(tile.calls).toEqual([`${WITH_CORS}/1/2/3.png`]);
    expect(fetchMock.mock.calls[0][1]).toEqual({ mode: 'cors', credentials: 'omit' });
    expect(isProxiedOrigin(WITH_CORS)).toBe(false);
    expect(tile.report.loaded).toHaveBeenCalledOnce();
  });

  it('a missing tile (404) is an error without asking the proxy', async () => {
    const src = `${WITH_CORS}/1/2/4.png`;
    const tile = await load(src, { [src]: 404 });
    expect(tile.calls).toEqual([src]);
    expect(tile.states).toEqual([TileState.ERROR]);
    expect(tile.report.failed).toHaveBeenCalledOnce();
  });

  it('neither directly nor through the proxy: an error the map hears of', async () => {
    const src = `${NO_CORS}/9/9/9.png`;
    const tile = await load(src, { [proxiedTileUrl(src)]: 502 });
    expect(tile.calls).toEqual([src, proxiedTileUrl(src)]);
    expect(tile.states).toEqual([TileState.ERROR]);
    expect(tile.report.failed).toHaveBeenCalledOnce();
    expect(isProxiedOrigin(NO_CORS)).toBe(false);
  });
});
