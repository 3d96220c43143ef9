/**
 * Demo media messages on the tank wagon leak (KOPIS-T-2025-7781, Ostrava hl.n. kolej 12): an X50 before/after
 * comparison (the leaking tank wagon on the track, then the track cleared) and an X55 360° panorama of the site
 * (an equirectangular 2:1 JPEG: sky, ground, a horizon grid, the tracks, the wagon, the station and the compass
 * letters S/J/V/Z, so looking around visibly works). Not on the first events: their message and media counts
 * are fixed by other tests. The pictures are SVG drawings rendered by sharp at seed time and stored through the media
 * store, like an upload.
 */
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, max } from 'drizzle-orm';
import { loadSharp } from '../integrations/sharp.js';
import { mediaFileName } from '@panel/domain/messages';
import type { Tx } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { saveMedia } from '../modules/messages/media/store.js';
import { panorama, trackScene } from './mediaPictures.js';

export const MEDIA_DEMO_EVENT_UUID = '0f6d2c1e-5a4b-4e0b-9a51-1c2d3e4f5a04';
const DEVICE = 'M-OVA-01';
const SENDER = 'Velitel OVA';

// ---------------------------------------------------------------- rendering (once per process) and seeding

interface DemoPictures {
  before: Buffer;
  after: Buffer;
  panorama: Buffer;
}

let pictures: Promise<DemoPictures> | null = null;

/**
 * Renders the SVG to a JPEG; the result is kept in the temp directory under the drawing's hash, so the many
 * databases a test run seeds (each test file in its own module context) render each picture once.
 */
async function jpeg(svg: string, quality: number): Promise<Buffer> {
  const key = createHash('sha256').update(`${quality}:${svg}`).digest('hex').slice(0, 16);
  const cached = path.join(os.tmpdir(), `panel-demo-media-${key}.jpg`);
  try {
    return await readFile(cached);
  } catch {
    // not rendered yet
  }
  const sharp = await loadSharp();
  const data = await sharp(Buffer.from(svg))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
  await writeFile(cached, data).catch(() => undefined); // a read-only temp only costs the next render
  return data;
}

/** The three demo JPEGs, rendered once per process (tests seed many databases). */
export function demoPictures(): Promise<DemoPictures> {
  pictures ??= (async () => {
    const [before, after, pano] = await Promise.all([
      jpeg(trackScene(true), 82),
      jpeg(trackScene(false), 82),
      jpeg(panorama(), 80),
    ]);
    return { before, after, panorama: pano };
  })().catch((error: unknown) => {
    pictures = null;
    throw error;
  });
  return pictures;
}

/** Adds the X50 and X55 messages with their media to the demo event (a no-op when the event is missing). */
export async function seedMediaMessages(tx: Tx, now = Date.now()): Promise<void> {
  const [event] = await tx
    .select({ id: s.events.id, latitude: s.events.targetLatitude, longitude: s.events.targetLongitude })
    .from(s.events)
    .where(eq(s.events.uuid, MEDIA_DEMO_EVENT_UUID));
  if (!event) return;
  const [conversation] = await tx
    .select({ id: s.conversations.id })
    .from(s.conversations)
    .where(and(eq(s.conversations.eventId, event.id), eq(s.conversations.type, 1)));
  const [device] = await tx.select({ id: s.devices.id }).from(s.devices).where(eq(s.devices.code, DEVICE));
  const [last] = await tx
    .select({ n: max(s.messages.sequence) })
    .from(s.messages)
    .where(eq(s.messages.eventId, event.id));
  let sequence = Number(last?.n ?? 0);
  const deviceId = device?.id ?? null;
  const pics = await demoPictures();
  const latitude = event.latitude !== null ? event.latitude + 0.0002 : null;
  const longitude = event.longitude !== null ? event.longitude - 0.0002 : null;

  const store = async (at: Date, data: Buffer) => {
    const fileName = mediaFileName(event.id, at, DEVICE, 'jpg');
    await saveMedia(tx, {
      eventId: event.id,
      fileName,
      size: data.length,
      contentType: 'image/jpeg',
      data,
      userId: null,
      deviceId,
    });
    return fileName;
  };
  const message = async (uuid: string, type: string, content: string, at: Date, media: string[]) => {
    sequence += 1;
    await tx.insert(s.messages).values({
      uuid,
      eventId: event.id,
      conversationId: conversation?.id ?? null,
      messageCategoryId: 1,
      type,
      content,
      data: {},
      media,
      deviceId,
      deviceCode: DEVICE,
      senderName: SENDER,
      latitude,
      longitude,
      accuracy: 8,
      sequence,
      createdAt: at,
      insertedAt: at,
      updatedAt: at,
    });
  };

  const panoramaAt = new Date(now - 20 * 60_000);
  await message(
    '0f6d2c1e-5a4b-4e0b-9a51-5a0000000055',
    'X55',
    'Panorama 360° místa zásahu od koleje 10. Poloha: https://mapy.cz/zakladni?x=18.2705&y=49.8483&z=18',
    panoramaAt,
    [await store(panoramaAt, pics.panorama)],
  );
  const beforeAt = new Date(now - 4 * 60_000);
  const afterAt = new Date(beforeAt.getTime() + 1000);
  await message(
    '0f6d2c1e-5a4b-4e0b-9a51-5a0000000050',
    'X50',
    'Kolej 12 před zásahem a po odsunu cisterny, únik zachycen sorbentem, kolej volná.',
    afterAt,
    [await store(beforeAt, pics.before), await store(afterAt, pics.after)],
  );
}
