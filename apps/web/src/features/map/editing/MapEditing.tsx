/** Note banner, drawing, terrain dialog, destination editor and the link overlay (filled by the map editing work). */
export function MapEditing() {
  return null;
}
