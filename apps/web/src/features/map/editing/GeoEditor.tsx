/**
 * Editing a drawn object (001 §6): its shape is copied onto a layer of its own with an ol/interaction/Modify;
 * Uložit PUTs the new geometry (/v2/event-geos/{id}), Zrušit or Escape leaves it as it was. The drawing status
 * is 3 meanwhile (measuring disabled).
 */
import { useEffect, useRef } from 'react';
import { Button } from '@mui/material';
import type Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { MAP_DATA_PROJECTION, MAP_VIEW_PROJECTION } from '@panel/domain/constants';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { toast } from '../../../ui/toasts';
import { errorText } from '../../events/actions/errors';
import { geoFeatures, OBJECTS_Z } from '../layers/MapObjectsLayer';
import { useMap } from '../MapContext';
import { updateGeo } from './editingApi';
import { useEditingStore } from './editingStore';
import { StatusBar } from './StatusBar';
import { editedStyle } from './styles';
import { EDIT_TEXTS } from './texts';

const format = new GeoJSON();
const done = () => useEditingStore.getState().set({ editGeoId: null });

export function GeoEditor() {
  const map = useMap();
  const editGeoId = useEditingStore((s) => s.editGeoId);
  const edited = useRef<Feature | null>(null);

  useEffect(() => {
    if (editGeoId == null) return;
    const geo = useEntitiesStore.getState().eventGeos[editGeoId];
    const [feature] = geo ? geoFeatures(geo) : [];
    if (!feature) {
      done();
      return;
    }
    edited.current = feature;
    const source = new VectorSource({ features: [feature] });
    const layer = new VectorLayer({
      source,
      style: editedStyle,
      zIndex: OBJECTS_Z + 1,
      properties: { name: 'map-geo-edit' },
    });
    const modify = new Modify({ source });
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && done();
    document.addEventListener('keydown', onKey);
    map.addLayer(layer);
    map.addInteraction(modify);
    useEditingStore.getState().set({ drawStatus: 3 });
    return () => {
      document.removeEventListener('keydown', onKey);
      map.removeInteraction(modify);
      map.removeLayer(layer);
      edited.current = null;
      useEditingStore.getState().set({ drawStatus: 0 });
    };
  }, [map, editGeoId]);

  if (editGeoId == null) return null;

  async function save() {
    const geometry = edited.current?.getGeometry();
    const geo = editGeoId != null ? useEntitiesStore.getState().eventGeos[editGeoId] : undefined;
    if (!geometry || !geo) return done();
    const json = format.writeGeometryObject(geometry, {
      dataProjection: MAP_DATA_PROJECTION,
      featureProjection: MAP_VIEW_PROJECTION,
      decimals: 8,
    });
    try {
      await updateGeo(geo.id, {
        geojson: { type: 'Feature', geometry: json, properties: { type: 'draw', title: geo.title } },
      });
      done();
    } catch (error) {
      toast.error(EDIT_TEXTS.geoSaveFailed(errorText(error)));
    }
  }

  return (
    <StatusBar testId="geo-edit-status" text={EDIT_TEXTS.geoEditing}>
      <Button size="small" onClick={done}>
        {EDIT_TEXTS.cancel}
      </Button>
      <Button size="small" variant="contained" onClick={() => void save()}>
        {EDIT_TEXTS.save}
      </Button>
    </StatusBar>
  );
}
