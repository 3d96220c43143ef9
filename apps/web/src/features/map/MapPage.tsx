/** The map screen with its base layers, controls and tools (issue 6). Loaded as its own chunk. */
import { BaseLayers } from './base/BaseLayers';
import { MapNotice } from './base/MapNotice';
import { CoordinateBar } from './controls/CoordinateBar';
import { MapToolbar } from './controls/MapToolbar';
import { MeasureTool } from './controls/MeasureTool';
import { ZoomControl } from './controls/ZoomControl';
import { AutoCenter } from './AutoCenter';
import { MapCards } from './cards/MapCards';
import { MapContextMenu } from './contextMenu/MapContextMenu';
import { MapEditing } from './editing/MapEditing';
import { MapTrains } from '../trains/MapTrains';
import { MapTracking } from '../tracking/MapTracking';
import { TrackFocus } from '../tracking/TrackFocus';
import { EventsLayer } from './layers/EventsLayer';
import { PointsLayer } from './layers/PointsLayer';
import { MapObjectsLayer } from './layers/MapObjectsLayer';
import { MessagesLayer } from './layers/MessagesLayer';
import { useMapClick } from './layers/useMapClick';
import { VehiclesLayer } from './layers/VehiclesLayer';
import { MapView } from './MapView';
import { MapSearchPanel } from './search/MapSearchPanel';
import { VehicleTooltip } from './tooltip/VehicleTooltip';
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
      <MapNotice />
      <PointsLayer />
      <EventsLayer />
      <VehiclesLayer />
      <VehicleTooltip />
      <MessagesLayer />
      <MapObjectsLayer />
      <MapTrains />
      <MapTracking />
      <MapEditing />
      <MapCards />
      <MapContextMenu />
      <AutoCenter />
      {/* after AutoCenter: a track the event view asked for is the later, explicit choice */}
      <TrackFocus />
      <MeasureTool />
      <MapToolbar />
      <MapSearchPanel />
      <ZoomControl />
      <CoordinateBar />
    </MapView>
  );
}
