/**
 * Mapy.com's JS Panorama inside our panorama view (issue 15 item 3): their viewer draws into our box; our
 * chrome (capture date chip, heading and field of view, zoom, close) lies over it. Their camera is radians with
 * pitch + down; ours degrees with + up (domain `toMapyCamera`/`fromMapyCamera`). The field of view stays within
 * 10–75° (001 §5): their viewer lets the user zoom further, so a camera outside is set back. An error code other
 * than NONE closes the view and the map just moves (001 §8); a script that cannot load says so in the box.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { PANORAMA_FOV } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import {
  PANORAMA_RADIUS,
  clampPanoramaFov,
  fromMapyCamera,
  mapyFovOutOfRange,
  toMapyCamera,
  type PanoramaCamera,
} from '@panel/domain/map';
import { headingDegrees, PANORAMA_ZOOM_STEP } from '../../messages/viewers/panoramaMath';
import { formatWire, type PanoramaState } from './cardRules';
import { useCardsStore } from './cardsStore';
import { loadMapyPanorama, type MapyPanoramaInfo, type MapyPanoramaView } from './mapyPanorama';
import { PanoramaChrome } from './PanoramaChrome';
import { CARD_TEXTS } from './texts';

type MapyPanorama = Extract<PanoramaState, { provider: 'mapy' }>;
type ViewerState = 'pending' | 'ready' | 'failed';

/** Their `pano-place` event carries the new panorama's `info` (their docs: `placeData.info.lon`). */
function placeInfo(data: unknown): MapyPanoramaInfo | null {
  const info = (data as { info?: Partial<MapyPanoramaInfo> } | null)?.info;
  return info && Number.isFinite(info.lon) && Number.isFinite(info.lat) ? (info as MapyPanoramaInfo) : null;
}

export function MapyPanoramaBody({ panorama, onClose }: { panorama: MapyPanorama; onClose: () => void }) {
  const host = useRef<HTMLDivElement | null>(null);
  const viewer = useRef<MapyPanoramaView | null>(null);
  const [state, setState] = useState<ViewerState>('pending');
  const [view, setView] = useState<PanoramaCamera>(panorama.view);
  const initial = useRef({ panorama, view: panorama.view });
  const [originLon, originLat] = panorama.origin;

  useEffect(() => {
    const { apiKey, scriptUrl } = initial.current.panorama;
    const store = useCardsStore.getState();
    let alive = true;
    let pano: MapyPanoramaView | null = null;
    const onView = () => {
      if (!pano) return;
      const camera = pano.getCamera();
      if (mapyFovOutOfRange(camera)) {
        pano.setCamera({ ...camera, fov: toMapyCamera({ fov: clampPanoramaFov(camera.fov * (180 / Math.PI)) }).fov });
      }
      const ours = fromMapyCamera(camera);
      setView({ ...ours, fov: clampPanoramaFov(ours.fov) });
    };
    const onPlace = (data: unknown) => {
      const info = placeInfo(data);
      if (info) store.panoramaMoved([info.lon, info.lat], info.date ?? null);
    };
    loadMapyPanorama(scriptUrl)
      .then((api) => {
        if (!alive || !host.current) return null;
        return api.panoramaFromPosition({
          parent: host.current,
          lon: originLon,
          lat: originLat,
          apiKey,
          radius: PANORAMA_RADIUS,
          ...toMapyCamera(initial.current.view),
          showNavigation: true,
          lang: 'cs',
        });
      })
      .then((result) => {
        if (!result) return;
        if (!alive) return result.destroy();
        if (result.errorCode !== 'NONE') {
          result.destroy?.();
          store.panoramaUnavailable(result.errorCode);
          return;
        }
        pano = result;
        viewer.current = result;
        result.addListener('pano-view', onView);
        result.addListener('pano-place', onPlace);
        setState('ready');
        onView();
      })
      .catch((error: unknown) => {
        if (!alive) return;
        console.warn('[panorama] Mapy.com panorama failed', error);
        setState('failed');
      });
    return () => {
      alive = false;
      viewer.current = null;
      if (pano) {
        pano.removeListener('pano-view', onView);
        pano.removeListener('pano-place', onPlace);
        pano.destroy();
      }
    };
  }, [originLon, originLat]);

  const zoom = (factor: number) => {
    const pano = viewer.current;
    if (!pano) return;
    const fov = Math.min(PANORAMA_FOV.max, Math.max(PANORAMA_FOV.min, view.fov / factor));
    pano.setCamera({ ...pano.getCamera(), fov: toMapyCamera({ fov }).fov });
    setView((v) => ({ ...v, fov }));
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: 'grey.900', overflow: 'hidden' }}>
      <Box
        ref={host}
        data-testid="map-panorama-mapy"
        data-state={state}
        aria-label={CARD_TEXTS.panorama}
        sx={{ position: 'absolute', inset: 0 }}
      />
      {state !== 'ready' && (
        <Typography
          sx={{ position: 'absolute', inset: 0, m: 'auto', height: 'fit-content', textAlign: 'center', color: '#fff' }}
        >
          {state === 'failed' ? CARD_TEXTS.panoramaFailed : texts.media.loading}
        </Typography>
      )}
      <PanoramaChrome
        captured={formatWire(panorama.capturedAt)}
        viewLabel={state === 'ready' ? `${headingDegrees(view.yaw)}° · ${Math.round(view.fov)}°` : null}
        onZoomIn={() => zoom(PANORAMA_ZOOM_STEP)}
        onZoomOut={() => zoom(1 / PANORAMA_ZOOM_STEP)}
        onClose={onClose}
      />
    </Box>
  );
}
