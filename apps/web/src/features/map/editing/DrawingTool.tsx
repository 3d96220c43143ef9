/**
 * Drawing lines and polygons into the active event (001 §4, §5, §6): an ol/interaction/Draw on a layer of its
 * own; finishing (double-click, or the first point of a polygon) asks for an optional title and saves the object
 * (POST /v2/event-geos). While the drawing status is not 0 measuring is reset and disabled; the draw type resets
 * when the active event changes; Escape cancels.
 */
import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import GeoJSON from 'ol/format/GeoJSON';
import { LAYER_Z, MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { useUiStore } from '../../../stores/uiStore';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { toast } from '../../../ui/toasts';
import { errorText } from '../../events/actions/errors';
import { useMap } from '../MapContext';
import { useMapStore } from '../mapStore';
import { createGeo } from './editingApi';
import { newUuid, useEditingStore, type PendingGeo } from './editingStore';
import { StatusBar } from './StatusBar';
import { sketchStyle } from './styles';
import { EDIT_TEXTS } from './texts';

const format = new GeoJSON();
const stop = () => useEditingStore.getState().set({ drawType: 'none' });

export function DrawingTool() {
  const map = useMap();
  const drawType = useEditingStore((s) => s.drawType);
  const drawStatus = useEditingStore((s) => s.drawStatus);
  const activeUuid = useUiStore((s) => s.activeEventUuid);
  const active = useActiveEvent();
  const eventId = active?.kind === 'saved' ? active.event.id : null;

  // the draw type resets when the active event changes (001 §4)
  useEffect(() => {
    useEditingStore.getState().set({ drawType: 'none', editGeoId: null });
  }, [activeUuid]);

  // a drawing status other than 0 resets (and the toolbar disables) measuring
  useEffect(() => {
    if (drawStatus !== 0) useMapStore.getState().set({ measure: 'none' });
  }, [drawStatus]);

  useEffect(() => {
    if (drawType === 'none') return;
    if (eventId == null) {
      stop();
      return;
    }
    const source = new VectorSource();
    const layer = new VectorLayer({
      source,
      style: sketchStyle,
      zIndex: LAYER_Z.measure - 1,
      properties: { name: 'map-drawing' },
    });
    const draw = new Draw({ source, type: drawType, style: sketchStyle });
    draw.on('drawend', (e) => {
      const geometry = e.feature.getGeometry();
      if (!geometry) return;
      const json = format.writeGeometryObject(geometry, {
        dataProjection: MAP_DATA_PROJECTION,
        featureProjection: MAP_VIEW_PROJECTION,
        decimals: 8,
      }) as PendingGeo['geometry'];
      // the interaction goes at once (a finishing double-click must not start another sketch)
      setTimeout(() => map.removeInteraction(draw), 0);
      useEditingStore.getState().set({ drawStatus: 2, pendingGeo: { uuid: newUuid(), eventId, geometry: json } });
    });
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const status = useEditingStore.getState().drawStatus;
      if (status === 1) {
        draw.abortDrawing();
        stop();
      }
    };
    document.addEventListener('keydown', onKey);
    map.addLayer(layer);
    map.addInteraction(draw);
    useEditingStore.getState().set({ drawStatus: 1, pendingGeo: null });
    return () => {
      document.removeEventListener('keydown', onKey);
      map.removeInteraction(draw);
      map.removeLayer(layer);
      useEditingStore.getState().set({ drawStatus: 0, pendingGeo: null });
    };
  }, [map, drawType, eventId]);

  return (
    <>
      {drawStatus === 1 && (
        <StatusBar
          testId="drawing-status"
          text={drawType === 'Polygon' ? EDIT_TEXTS.drawingPolygon : EDIT_TEXTS.drawingLine}
        >
          <Button size="small" onClick={stop}>
            {EDIT_TEXTS.cancel}
          </Button>
        </StatusBar>
      )}
      <GeoTitleDialog />
    </>
  );
}

/** The optional title of a finished drawing; Uložit saves it, Zrušit throws the sketch away. */
export function GeoTitleDialog() {
  const pending = useEditingStore((s) => s.pendingGeo);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setTitle('');
    setBusy(false);
  }, [pending?.uuid]);

  async function save() {
    if (!pending) return;
    setBusy(true);
    const clean = title.trim() || null;
    try {
      await createGeo({
        uuid: pending.uuid,
        eventId: pending.eventId,
        geojson: { type: 'Feature', geometry: pending.geometry, properties: { type: 'draw', title: clean } },
        title: clean,
      });
      stop();
    } catch (error) {
      toast.error(EDIT_TEXTS.geoSaveFailed(errorText(error)));
      setBusy(false);
    }
  }

  return (
    <Dialog open={pending !== null} onClose={stop} maxWidth="xs" fullWidth data-testid="geo-title-dialog">
      <DialogTitle>{EDIT_TEXTS.geoTitle}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          size="small"
          margin="dense"
          label={EDIT_TEXTS.geoTitle}
          helperText={EDIT_TEXTS.geoTitleHint}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
          slotProps={{ htmlInput: { maxLength: 255 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={stop} disabled={busy}>
          {EDIT_TEXTS.cancel}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {EDIT_TEXTS.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
