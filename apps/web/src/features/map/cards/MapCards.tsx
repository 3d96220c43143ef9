/** The cards shown over the map (filled by the cards work). */
export function MapCards() {
  return null;
}
