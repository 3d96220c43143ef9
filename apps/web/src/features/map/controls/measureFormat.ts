/** Measured lengths and areas in Czech notation. */
import { formatDistance } from '@panel/domain/locale';

export const formatLength = (metres: number): string => formatDistance(metres);

/** '850 m²', '1,25 ha' (from 1 ha), '3,42 km²' (from 1 km²). */
export function formatArea(squareMetres: number): string {
  if (squareMetres >= 1_000_000) return `${(squareMetres / 1_000_000).toFixed(2).replace('.', ',')} km²`;
  if (squareMetres >= 10_000) return `${(squareMetres / 10_000).toFixed(2).replace('.', ',')} ha`;
  return `${Math.round(squareMetres)} m²`;
}
