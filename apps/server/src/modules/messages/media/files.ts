/**
 * Rules of an uploaded attachment (000 §5, 001 §2): a safe file name with extension jpg/jpeg, pdf, mp3 or aac,
 * a content type that fits the extension (application/octet-stream takes the one of the extension) and
 * content whose first bytes fit that type. Pure functions; the routes turn the errors into 422.
 */
import type { FieldError } from '../../../texts.js';

export const MEDIA_NAME_PATTERN = /^[A-Za-z0-9._-]{1,120}$/;

/** content types the upload route reads as raw bytes */
export const MEDIA_CONTENT_TYPES = [
  'image/jpeg',
  'application/pdf',
  'audio/mpeg',
  'audio/aac',
  'audio/mp4',
  'application/octet-stream',
] as const;

export type MediaExtension = 'jpg' | 'jpeg' | 'pdf' | 'mp3' | 'aac';

/** content types accepted per extension; the first is the canonical one */
const TYPES_OF: Record<MediaExtension, readonly string[]> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  pdf: ['application/pdf'],
  mp3: ['audio/mpeg'],
  aac: ['audio/aac', 'audio/mp4'],
};

export const mediaTexts = {
  badName: 'Neplatný název souboru (povolena jsou písmena bez diakritiky, číslice, tečka, pomlčka a podtržítko).',
  badExtension: 'Nepodporovaný typ souboru, povolené přípony jsou jpg, pdf, mp3 a aac.',
  typeMismatch: (type: string, ext: string) => `Typ obsahu ${type || '(žádný)'} neodpovídá příponě .${ext}.`,
  badContent: (type: string) => `Obsah souboru neodpovídá typu ${type}.`,
  badImage: 'Soubor není platný obrázek JPEG.',
  empty: 'Soubor je prázdný.',
  sizeMismatch: 'Velikost souboru neodpovídá hlavičce X-File-Size-Total.',
  exists: (name: string) => `Soubor ${name} již u události existuje s jiným obsahem.`,
  mediaNotFound: 'Soubor nebyl nalezen.',
} as const;

/** `image/jpeg; charset=x` → `image/jpeg` */
export function baseContentType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/** The extension (lower case) of a safe name, or a field error. */
export function checkFileName(name: string): { ext: MediaExtension } | { error: FieldError } {
  if (!MEDIA_NAME_PATTERN.test(name) || name.includes('..') || name.startsWith('.')) {
    return { error: { field: 'fileName', message: mediaTexts.badName } };
  }
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(ext in TYPES_OF)) return { error: { field: 'fileName', message: mediaTexts.badExtension } };
  return { ext: ext as MediaExtension };
}

const startsWith = (data: Buffer, text: string) =>
  data.length >= text.length && data.subarray(0, text.length).toString('latin1') === text;

const isJpeg = (d: Buffer) => d.length >= 3 && d[0] === 0xff && d[1] === 0xd8 && d[2] === 0xff;
const isPdf = (d: Buffer) => startsWith(d, '%PDF-');
/** an ID3v2 tag or an MPEG audio frame sync (11 bits set) */
const isMp3 = (d: Buffer) => startsWith(d, 'ID3') || (d.length >= 2 && d[0] === 0xff && (d[1] & 0xe0) === 0xe0);
/** an ADTS header (sync 0xFFF, layer 00: FF F0/F1/F8/F9) */
const isAdts = (d: Buffer) => d.length >= 2 && d[0] === 0xff && (d[1] & 0xf6) === 0xf0;
/** an ISO base media file (m4a): box `ftyp` at offset 4 */
const isMp4 = (d: Buffer) => d.length >= 8 && d.subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * The content type to store for an upload of `ext` declared as `declared` with `data`, or a field error:
 * the type must fit the extension and the first bytes must fit the type.
 */
export function checkContent(
  ext: MediaExtension,
  declared: string,
  data: Buffer,
): { contentType: string } | { error: FieldError } {
  const allowed = TYPES_OF[ext];
  if (declared !== 'application/octet-stream' && !allowed.includes(declared)) {
    return { error: { field: 'contentType', message: mediaTexts.typeMismatch(declared, ext) } };
  }
  if (data.length === 0) return { error: { field: 'file', message: mediaTexts.empty } };
  let contentType: string | null = null;
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      contentType = isJpeg(data) ? 'image/jpeg' : null;
      break;
    case 'pdf':
      contentType = isPdf(data) ? 'application/pdf' : null;
      break;
    case 'mp3':
      contentType = isMp3(data) ? 'audio/mpeg' : null;
      break;
    case 'aac':
      // recorders send either container under either type: store the type of what came
      if (isAdts(data)) contentType = 'audio/aac';
      else if (isMp4(data)) contentType = 'audio/mp4';
      break;
  }
  if (!contentType) {
    const shown = declared === 'application/octet-stream' ? allowed[0] : declared;
    return { error: { field: 'file', message: mediaTexts.badContent(shown) } };
  }
  return { contentType };
}
