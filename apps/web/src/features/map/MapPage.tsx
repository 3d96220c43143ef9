/** The map screen with its base layers, controls and tools (issue 6). Loaded as its own chunk. */
import { BaseLayers } from './base/BaseLayers';
import { CoordinateBar } from './controls/CoordinateBar';
import { MapToolbar } from './controls/MapToolbar';
import { MeasureTool } from './controls/MeasureTool';
import { ZoomControl } from './controls/ZoomControl';
import { AutoCenter } from './AutoCenter';
import { EventsLayer } from './layers/EventsLayer';
import { PointsLayer } from './layers/PointsLayer';
import { useMapClick } from './layers/useMapClick';
import { MapView } from './MapView';
import { useAutoCenterWatch } from './useAutoCenterWatch';

function Behaviour() {
  useAutoCenterWatch();
  useMapClick();
  return null;
}

export default function MapPage() {
  return (
    <MapView>
      <Behaviour />
      <BaseLayers />
      <PointsLayer />
      <EventsLayer />
      <AutoCenter />
      <MeasureTool />
      <MapToolbar />
      <ZoomControl />
      <CoordinateBar />
    </MapView>
  );
}
