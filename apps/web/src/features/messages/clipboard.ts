/**
 * Copying to the clipboard with the notices of 001 §8, each where it applies:
 * - 'text' — a message's text or transcript ('zkopírovat', 'zkopírovat přepis', DZIN_INPUT):
 *   'Text zkopírováno do paměti' / 'Chyba při kopírování textu do paměti';
 * - 'value' — anything else copied whole (the debug JSON of a message): 'Zkopírováno do paměti' /
 *   'Chyba pri kopírování do paměti';
 * - 'coordinates' — coordinates of a message or a photo (context panel, viewers): 'Souřadnice zkopírovány do
 *   paměti' / 'Chyba pri kopírování';
 * - 'mapCoordinates' — the map's coordinate display: the same success, and on failure 'Chyba kopírování do
 *   paměti:' with the browser's reason (the spec's third coordinate text, the one that carries a reason).
 * A failure is also logged; the success notice is a 3 s toast, the failure an error toast.
 */
import { texts } from '@panel/domain/locale';
import { toast } from '../../ui/toasts';

export type CopyKind = 'text' | 'value' | 'coordinates' | 'mapCoordinates';

/** The browser's reason: an Error's or a DOMException's message (a DOMException is no Error everywhere). */
function reasonOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { message, name } = error as { message?: unknown; name?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof name === 'string') return name;
  }
  return String(error ?? '');
}

export const COPY_NOTICES: Record<CopyKind, { copied: string; failed: (error: unknown) => string }> = {
  text: { copied: texts.map.textCopied, failed: () => texts.map.textCopyFailed },
  value: { copied: texts.map.copied, failed: () => texts.map.copyFailed },
  coordinates: { copied: texts.map.coordinatesCopied, failed: () => texts.map.coordinatesCopyFailed },
  mapCoordinates: {
    copied: texts.map.coordinatesCopied,
    failed: (error) => `${texts.map.copyErrorPrefix} ${reasonOf(error)}`.trim(),
  },
};

/** Copies `text`; the notice of its kind tells how it went. Resolves true when copied. */
export async function copyToClipboard(text: string, kind: CopyKind): Promise<boolean> {
  const notice = COPY_NOTICES[kind];
  try {
    // no clipboard at all (an insecure origin) is a failure like a refused write
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API není k dispozici');
    await navigator.clipboard.writeText(text);
    toast.success(notice.copied);
    return true;
  } catch (error) {
    console.warn('[clipboard] copy failed', kind, error);
    toast.error(notice.failed(error));
    return false;
  }
}

/** A message's text or transcript. */
export const copyText = (text: string) => copyToClipboard(text, 'text');
/** Something copied whole that is not a message text (debug JSON). */
export const copyValue = (text: string) => copyToClipboard(text, 'value');
/** 'lat, lon' of a message or a photo. */
export const copyCoordinates = (text: string) => copyToClipboard(text, 'coordinates');
/** 'lat, lon' of the map's coordinate display. */
export const copyMapCoordinates = (text: string) => copyToClipboard(text, 'mapCoordinates');

export function formatCoordinates(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || latitude === undefined || longitude === undefined) return null;
  return `${Number(latitude).toFixed(6)}, ${Number(longitude).toFixed(6)}`;
}
