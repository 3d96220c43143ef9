/**
 * Media in the database: the event check (404 unknown or not visible), saving an upload (one row per event
 * and file name; the same bytes again is a no-op, other bytes a 409) and reading a file or its JPEG thumbnail
 * (small 240, normal 800, large 1900 px on the longer side, never upscaled, quality 85, rotated by EXIF),
 * made with sharp once and kept in media_thumbs.
 */
import { and, eq } from 'drizzle-orm';
import type { MediaSize, UploadedMedia } from '@panel/domain/messages';
import { loadSharp } from '../../../integrations/sharp.js';
import type { Database } from '../../../db/client.js';
import { media, mediaThumbs } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import { findVisibleEvent, type Auth } from '../../events/access.js';
import { mediaTexts } from './files.js';

export const THUMB_SIZES: Record<MediaSize, number> = { small: 240, normal: 800, large: 1900 };
export type ThumbSize = MediaSize;

export const THUMB_QUALITY = 85;

export type MediaInfo = UploadedMedia;

/**
 * 404 when the event does not exist or the user may not see it: one answer for both, so event ids of other
 * bases cannot be probed (as `visibleEvent` of the event calls).
 */
export async function requireVisibleEvent(db: Database, auth: Pick<Auth, 'user' | 'permissions'>, eventId: number) {
  if (!(await findVisibleEvent(db, auth, eventId))) throw notFound();
}

/**
 * Stores the file; `created` false when the same name already holds the same bytes. Another content under
 * the name is a 409 with the stored file as `current`.
 */
export async function saveMedia(
  db: Database,
  input: MediaInfo & { eventId: number; data: Buffer; userId: number | null; deviceId: number | null },
): Promise<{ media: MediaInfo; created: boolean }> {
  const info = (m: MediaInfo): MediaInfo => ({ fileName: m.fileName, size: m.size, contentType: m.contentType });
  const [inserted] = await db
    .insert(media)
    .values(input)
    .onConflictDoNothing({ target: [media.eventId, media.fileName] })
    .returning({ fileName: media.fileName, size: media.size, contentType: media.contentType });
  if (inserted) return { media: info(inserted), created: true };
  const [existing] = await db
    .select()
    .from(media)
    .where(and(eq(media.eventId, input.eventId), eq(media.fileName, input.fileName)));
  if (!existing) throw new Error(`media ${input.eventId}/${input.fileName}: conflict without a row`);
  if (!existing.data.equals(input.data)) throw conflict(info(existing), mediaTexts.exists(input.fileName));
  return { media: info(existing), created: false };
}

export interface MediaFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

/** The stored file, or its thumbnail of `size` when it is a JPEG; 404 when the event has no such file. */
export async function readMedia(
  db: Database,
  eventId: number,
  fileName: string,
  size: ThumbSize | undefined,
): Promise<MediaFile> {
  const [row] = await db
    .select({ id: media.id, contentType: media.contentType, fileName: media.fileName })
    .from(media)
    .where(and(eq(media.eventId, eventId), eq(media.fileName, fileName)));
  if (!row) throw notFound(mediaTexts.mediaNotFound);
  const original = async () => {
    const [full] = await db.select({ data: media.data }).from(media).where(eq(media.id, row.id));
    return full.data;
  };
  if (!size || row.contentType !== 'image/jpeg') {
    return { data: await original(), contentType: row.contentType, fileName: row.fileName };
  }
  const [cached] = await db
    .select({ data: mediaThumbs.data })
    .from(mediaThumbs)
    .where(and(eq(mediaThumbs.mediaId, row.id), eq(mediaThumbs.size, size)));
  if (cached) return { data: cached.data, contentType: 'image/jpeg', fileName: row.fileName };
  const data = await original();
  let thumb: Awaited<ReturnType<typeof makeThumbnail>>;
  try {
    thumb = await makeThumbnail(data, THUMB_SIZES[size]);
  } catch {
    // a JPEG sharp cannot decode (checked at upload, so only a damaged one): the original as it is
    return { data, contentType: row.contentType, fileName: row.fileName };
  }
  await db
    .insert(mediaThumbs)
    .values({ mediaId: row.id, size, width: thumb.width, height: thumb.height, data: thumb.data })
    .onConflictDoNothing();
  return { data: thumb.data, contentType: 'image/jpeg', fileName: row.fileName };
}

/** A JPEG of at most `px` on the longer side (never larger than the source), upright by EXIF, quality 85. */
export async function makeThumbnail(
  source: Buffer,
  px: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(source)
    .rotate()
    .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: THUMB_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** true when sharp can read the JPEG header */
export async function isReadableJpeg(data: Buffer): Promise<boolean> {
  try {
    const sharp = await loadSharp();
    const meta = await sharp(data).metadata();
    return meta.format === 'jpeg' && (meta.width ?? 0) > 0 && (meta.height ?? 0) > 0;
  } catch {
    return false;
  }
}
