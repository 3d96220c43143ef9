/** Trains, special rail vehicles (toggle), intervention zones (toggle) and estimated routes of the map (issue 6). */
import { useMapStore } from '../map/mapStore';
import { RoutesLayer } from './RoutesLayer';
import { SpecialVehiclesLayer } from './SpecialVehiclesLayer';
import { TrainsLayer } from './TrainsLayer';
import { ZonesLayer } from './ZonesLayer';

export function MapTrains() {
  const specialVehicles = useMapStore((s) => s.specialVehicles);
  const zones = useMapStore((s) => s.zones);
  return (
    <>
      <TrainsLayer />
      {specialVehicles && <SpecialVehiclesLayer />}
      {zones && <ZonesLayer />}
      <RoutesLayer />
    </>
  );
}
