/**
 * Coordinate display (pointer position, 6 decimals, copy button) and coordinate entry (001 §5: digits, dot and
 * comma; latitude first; inside the Czech bounds; then the map moves there and marks the point).
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { MAP_ZOOM_TO } from '@panel/domain/constants';
import { cleanCoordinateInput, formatCoordinates, parseCoordinateEntry, roundCoordinate } from '@panel/domain/map';
import { copyMapCoordinates } from '../../messages/clipboard';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { toLonLat, toView } from '../projection';
import { MAP_TEXTS } from './texts';

const ENTRY_ZOOM = MAP_ZOOM_TO;

/** The external map (001 §7: opens with x and y): mapy.cz at [lon, lat] (x = longitude, y = latitude). */
export function externalMapUrl([lon, lat]: [number, number]): string {
  const x = lon.toFixed(6);
  const y = lat.toFixed(6);
  return `https://mapy.cz/zakladni?x=${x}&y=${y}&z=16&source=coor&id=${x}%2C${y}`;
}

export function CoordinateBar() {
  const map = useMap();
  const [pointer, setPointer] = useState<string | null>(null);
  const [entry, setEntry] = useState('');
  const [error, setError] = useState(false);

  useEffect(() => {
    const onMove = (e: { coordinate: number[]; dragging: boolean }) => {
      if (e.dragging) return;
      const [longitude, latitude] = toLonLat(e.coordinate);
      setPointer(formatCoordinates({ latitude, longitude }));
    };
    map.on('pointermove', onMove);
    return () => map.un('pointermove', onMove);
  }, [map]);

  function go() {
    const point = parseCoordinateEntry(entry);
    if (!point) {
      setError(true);
      return;
    }
    setError(false);
    const latitude = roundCoordinate(point.latitude);
    const longitude = roundCoordinate(point.longitude);
    const text = formatCoordinates({ latitude, longitude });
    useMapStore.getState().set({ autoCenter: false });
    useMapStore.getState().addPoint({
      id: `coordinates:${latitude},${longitude}`,
      uuid: `coordinates:${latitude},${longitude}`,
      title: MAP_TEXTS.coordinatePoint(text),
      type_code: 'custom',
      coordinates: [longitude, latitude],
    });
    map.getView().animate({ center: toView([longitude, latitude]), zoom: ENTRY_ZOOM, duration: 500 });
  }

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      go();
    }
  };

  return (
    <Paper
      elevation={3}
      sx={{ position: 'absolute', left: 12, bottom: 12, zIndex: 2, px: 1, py: 0.5 }}
      data-testid="coordinate-bar"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography
          variant="caption"
          data-testid="pointer-coordinates"
          sx={{ minWidth: 150, fontVariantNumeric: 'tabular-nums' }}
        >
          {pointer ?? '–'}
        </Typography>
        <Tooltip title={MAP_TEXTS.copyCoordinates}>
          <span>
            <IconButton
              size="small"
              aria-label={MAP_TEXTS.copyCoordinates}
              disabled={!pointer}
              onClick={() => pointer && void copyMapCoordinates(pointer)}
            >
              <ContentCopyIcon fontSize="inherit" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={MAP_TEXTS.externalMap}>
          <IconButton
            size="small"
            aria-label={MAP_TEXTS.externalMap}
            onClick={() => {
              const center = map.getView().getCenter();
              if (center) window.open(externalMapUrl(toLonLat(center)), '_blank', 'noopener');
            }}
          >
            <OpenInNewIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
        <TextField
          size="small"
          value={entry}
          error={error}
          placeholder={MAP_TEXTS.coordinateEntryPlaceholder}
          title={error ? MAP_TEXTS.coordinateInvalid : MAP_TEXTS.coordinateEntry}
          onChange={(e) => {
            setEntry(cleanCoordinateInput(e.target.value));
            setError(false);
          }}
          onKeyDown={onKey}
          slotProps={{ htmlInput: { 'aria-label': MAP_TEXTS.coordinateEntry, inputMode: 'decimal' } }}
          sx={{ width: 190, '& input': { py: 0.5, fontSize: 13 } }}
        />
      </Stack>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block' }}>
          {MAP_TEXTS.coordinateInvalid}
        </Typography>
      )}
    </Paper>
  );
}
