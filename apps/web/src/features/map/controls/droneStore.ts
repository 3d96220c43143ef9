/** The drone WMS layers read from the service's capabilities (DroneControl fills it, DroneLayer draws from it). */
import { create } from 'zustand';
import type { DroneLayerInfo } from './droneCapabilities';

interface DroneState {
  /** null until the capabilities have been read */
  layers: DroneLayerInfo[] | null;
  setLayers(layers: DroneLayerInfo[] | null): void;
}

export const useDroneStore = create<DroneState>()((set) => ({
  layers: null,
  setLayers: (layers) => set({ layers }),
}));
