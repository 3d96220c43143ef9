import { texts } from '@panel/domain/locale';
import { toast } from '../../ui/toasts';

/** Copies a text; a success toast when given. */
export async function copyText(text: string, success?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    if (success) toast.success(success);
    return true;
  } catch (error) {
    console.warn('[clipboard] copy failed', error);
    toast.error(texts.map.textCopyFailed);
    return false;
  }
}

export function formatCoordinates(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || latitude === undefined || longitude === undefined) return null;
  return `${Number(latitude).toFixed(6)}, ${Number(longitude).toFixed(6)}`;
}

/** Copies 'lat, lon' with 'Souřadnice zkopírovány do paměti'. */
export const copyCoordinates = (text: string) => copyText(text, texts.map.coordinatesCopied);
