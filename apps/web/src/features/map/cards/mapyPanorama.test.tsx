/**
 * Mapy.com's JS Panorama in our panorama view, against a fake `window.Panorama` shaped exactly as their
 * documentation gives it (public repository mapycom/developer, docs/js-panorama/README.md: radians, yaw from
 * north, pitch + down, errorCode NONE / PANORAMA_NOT_FOUND / MISSING_API_KEY / WRONG_API_KEY,
 * info {lon, lat, date 'YYYY-MM-DD hh:mm:ss'}, addListener 'pano-view' / 'pano-place', getCamera / setCamera).
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderUi } from '../../../test/utils';
import { useToastStore } from '../../../ui/toasts';
import { useCardsStore } from './cardsStore';
import { PRAHA, setupCardTests } from './cardsTestSetup';
import { loadMapyPanorama, resetMapyPanoramaLoader, type MapyPanoramaApi } from './mapyPanorama';
import { PanoramaPanel } from './PanoramaPanel';

setupCardTests();

const SCRIPT = 'https://api.mapy.cz/js/panorama/v1/panorama.js';
/** Our server's answer with MAPY_API_KEY (apps/server mapservicesCards.api.test.ts asserts the same shape). */
const serverAnswer = {
  provider: 'mapy',
  lon: PRAHA[0],
  lat: PRAHA[1],
  yaw: 90,
  pitch: 30,
  fov: 60,
  radius: 150,
  apiKey: 'test-Key_123',
  scriptUrl: SCRIPT,
};
/** Their docs' example point (Brno) and `info` as documented. */
const found = { lon: 16.608037, lat: 49.1949758, date: '2022-06-15 10:20:30' };

function fakeMapy(opts: { exists?: boolean; errorCode?: string } = {}) {
  const listeners = new Map<string, (data: unknown) => void>();
  let camera = { yaw: 0, pitch: 0, fov: 1.2 };
  const view = {
    info: found,
    error: opts.errorCode && opts.errorCode !== 'NONE' ? 'Chyba' : '',
    errorCode: opts.errorCode ?? 'NONE',
    addListener: vi.fn((name: string, cb: (data: unknown) => void) => listeners.set(name, cb)),
    removeListener: vi.fn((name: string) => listeners.delete(name)),
    getCamera: vi.fn(() => camera),
    setCamera: vi.fn((c: typeof camera) => {
      camera = c;
    }),
    destroy: vi.fn(),
  };
  const api: MapyPanoramaApi = {
    panoramaExists: vi.fn(async () =>
      opts.exists === false ? { exists: false } : { exists: true, info: { ...found } },
    ),
    panoramaFromPosition: vi.fn(async (o: { yaw?: number | string; pitch?: number; fov?: number }) => {
      camera = { yaw: Number(o.yaw), pitch: o.pitch ?? 0, fov: o.fov ?? 1.2 };
      return view;
    }),
  };
  window.Panorama = api;
  const fire = (name: string, data?: unknown) => act(() => listeners.get(name)?.(data));
  return { api, view, fire, setCamera: (c: typeof camera) => (camera = c) };
}

afterEach(() => {
  delete window.Panorama;
  resetMapyPanoramaLoader();
});

describe("Mapy.com's panorama (MAPY_API_KEY)", () => {
  it('asks their panoramaExists with our key and radius; a panorama opens at its own point with its date', async () => {
    mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: serverAnswer }) });
    const { api } = fakeMapy();
    const move = vi.fn();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, move));
    expect(api.panoramaExists).toHaveBeenCalledWith({
      lon: PRAHA[0],
      lat: PRAHA[1],
      apiKey: 'test-Key_123',
      radius: 150,
    });
    expect(move).not.toHaveBeenCalled();
    expect(useCardsStore.getState().panorama).toMatchObject({
      provider: 'mapy',
      lonLat: [found.lon, found.lat],
      capturedAt: found.date,
      view: { yaw: 90, pitch: 30, fov: 60 },
    });
  });

  it('no panorama there: the map just moves (001 §8), nothing opens', async () => {
    mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: serverAnswer }) });
    fakeMapy({ exists: false });
    const move = vi.fn();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, move));
    expect(move).toHaveBeenCalledWith(PRAHA);
    expect(useCardsStore.getState().panorama).toBeNull();
  });

  it('draws their viewer with our camera in radians, shows the capture date, keeps the fov within 10–75°', async () => {
    mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: serverAnswer }) });
    const mapy = fakeMapy();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, vi.fn()));
    renderUi(<PanoramaPanel />);
    await waitFor(() => expect(screen.getByTestId('map-panorama-mapy')).toHaveAttribute('data-state', 'ready'));
    const options = vi.mocked(mapy.api.panoramaFromPosition).mock.calls[0][0];
    expect(options).toMatchObject({
      lon: found.lon,
      lat: found.lat,
      apiKey: 'test-Key_123',
      showNavigation: true,
      lang: 'cs',
    });
    expect(options.parent).toBe(screen.getByTestId('map-panorama-mapy'));
    expect(options.yaw).toBeCloseTo(Math.PI / 2); // east
    expect(options.pitch).toBeCloseTo(-Math.PI / 6); // up is negative there
    expect(options.fov).toBeCloseTo(Math.PI / 3);
    expect(screen.getByTestId('panorama-captured')).toHaveTextContent('Pořízeno: 15.06.2022 10:20');
    expect(screen.getByTestId('panorama-view')).toHaveTextContent('90° · 60°');

    // the user zooms out in their viewer to 90°: set back to 75°
    mapy.setCamera({ yaw: Math.PI, pitch: 0, fov: Math.PI / 2 });
    await mapy.fire('pano-view', {});
    expect(mapy.view.setCamera).toHaveBeenLastCalledWith({
      yaw: Math.PI,
      pitch: 0,
      fov: expect.closeTo((75 * Math.PI) / 180, 6),
    });
    expect(screen.getByTestId('panorama-view')).toHaveTextContent('180° · 75°');

    // our zoom button narrows the fov through their setCamera
    fireEvent.click(screen.getByRole('button', { name: 'Přiblížit' }));
    expect(mapy.view.setCamera).toHaveBeenLastCalledWith(
      expect.objectContaining({ fov: expect.closeTo((60 * Math.PI) / 180, 6) }),
    );

    // navigating to a neighbour panorama moves our point and its date
    await mapy.fire('pano-place', { info: { lon: 16.6085, lat: 49.195, date: '2023-04-02 08:00:00' } });
    expect(useCardsStore.getState().panorama?.lonLat).toEqual([16.6085, 49.195]);
    expect(screen.getByTestId('panorama-captured')).toHaveTextContent('Pořízeno: 02.04.2023 08:00');

    fireEvent.click(screen.getByTestId('panorama-close'));
    expect(useCardsStore.getState().panorama).toBeNull();
    await waitFor(() => expect(mapy.view.destroy).toHaveBeenCalled());
  });

  it('their viewer answers WRONG_API_KEY: the view closes and the map moves to the asked point', async () => {
    mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: serverAnswer }) });
    const mapy = fakeMapy({ errorCode: 'WRONG_API_KEY' });
    const move = vi.fn();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, move));
    renderUi(<PanoramaPanel />);
    await waitFor(() => expect(useCardsStore.getState().panorama).toBeNull());
    expect(move).toHaveBeenCalledWith(PRAHA);
    expect(mapy.view.destroy).toHaveBeenCalled();
  });

  it('their script does not load: the panel says the panorama could not be loaded; a later try loads again', async () => {
    mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: serverAnswer }) });
    const move = vi.fn();
    const opening = useCardsStore.getState().openPanorama(PRAHA, move);
    const script = await waitFor(() => {
      const s = document.querySelector<HTMLScriptElement>('script[data-mapy-panorama]');
      expect(s).not.toBeNull();
      return s!;
    });
    expect(script.src).toBe(SCRIPT);
    await act(async () => {
      script.dispatchEvent(new Event('error'));
      await opening;
    });
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('Panorama se nepodařilo načíst.');
    expect(move).not.toHaveBeenCalled();
    expect(document.querySelector('script[data-mapy-panorama]')).toBeNull();

    // a script that never answers times out; the next call appends a new one
    await expect(loadMapyPanorama(SCRIPT, 20)).rejects.toThrow('no answer in 20 ms');
    const again = loadMapyPanorama(SCRIPT, 1000);
    const second = document.querySelector<HTMLScriptElement>('script[data-mapy-panorama]')!;
    window.Panorama = fakeMapy().api;
    second.dispatchEvent(new Event('load'));
    await expect(again).resolves.toBe(window.Panorama);
  });
});
