/** Trains, special rail vehicles, intervention zones and estimated routes (filled by the trains work). */
export function MapTrains() {
  return null;
}
