/**
 * Attachments through the real app: uploads of jpg, pdf, mp3 and aac, the 422 rules (name, type, content,
 * X-File-Size-Total), 413 at 5 MB for a unit and 10 MB for admin (view Debug), 409/200 for a name reused,
 * 404 for an unknown or invisible event, and downloads: thumbnail sizes, the media_thumbs cache, ETag 304, pdf disposition.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, notInArray } from 'drizzle-orm';
import sharp from 'sharp';
import * as s from '../../../db/schema/index.js';
import { createTestApp, login, type TestApp, type TestSession } from '../../../test/factory.js';

const MB = 1024 * 1024;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const MP3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(64, 0xaa)]);
/** the first bytes of a JPEG (enough for the name, type and magic rules) */
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
const ADTS = Buffer.concat([Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), Buffer.alloc(32)]);

/** a padded JPEG of about `bytes` (an APP15 segment is ignored by decoders but counts) */
function padJpeg(jpeg: Buffer, bytes: number): Buffer {
  const chunks: Buffer[] = [jpeg.subarray(0, 2)];
  let left = bytes - jpeg.length;
  while (left > 4) {
    const len = Math.min(65535, left - 2);
    const seg = Buffer.alloc(len + 2, 0);
    seg[0] = 0xff;
    seg[1] = 0xef;
    seg.writeUInt16BE(len, 2);
    chunks.push(seg);
    left -= len + 2;
  }
  chunks.push(jpeg.subarray(2));
  return Buffer.concat(chunks);
}

describe('media', () => {
  let t: TestApp;
  const sessions: Record<string, TestSession> = {};
  let ownEventId: number;
  let foreignEventId: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    for (const u of ['admin', 'jednotka']) sessions[u] = await login(t.app, u);
    const [pha] = await t.db.select().from(s.bases).where(eq(s.bases.code, 'PHA'));
    const shared = (
      await t.db.select({ id: s.eventToBase.eventId }).from(s.eventToBase).where(eq(s.eventToBase.baseId, pha.id))
    ).map((r) => r.id);
    const [own] = await t.db.select().from(s.events).where(eq(s.events.baseId, pha.id));
    const [foreign] = await t.db
      .select()
      .from(s.events)
      .where(and(notInArray(s.events.baseId, [pha.id]), shared.length ? notInArray(s.events.id, shared) : undefined));
    expect(own).toBeDefined();
    expect(foreign.baseId).not.toBe(pha.id);
    ownEventId = own.id;
    foreignEventId = foreign.id;
    // 3000 × 2000, stored rotated: EXIF orientation 6 makes it 2000 × 3000 upright
    photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c03030' } })
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (
    user: string | null,
    eventId: number,
    name: string,
    body: Buffer | string,
    contentType: string,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/v2/media/event/${eventId}/${name}`,
      headers: { ...(user ? sessions[user].headers : {}), 'content-type': contentType, ...extra },
      payload: body,
    });
  const download = (
    user: string | null,
    eventId: number,
    name: string,
    query = '',
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/v2/media/event/${eventId}/${name}${query}`,
      headers: { ...(user ? sessions[user].headers : {}), ...extra },
    });

  it('uploads a photo, a pdf, an mp3 and an aac: 201 with name, size and type', async () => {
    const jpg = await upload(
      'jednotka',
      ownEventId,
      `${ownEventId}-20260101_101010-T-PHA-01.jpg`,
      photo,
      'image/jpeg',
      {
        'x-file-size-total': String(photo.length),
      },
    );
    expect(jpg.statusCode, jpg.body).toBe(201);
    expect(jpg.json()).toEqual({
      fileName: `${ownEventId}-20260101_101010-T-PHA-01.jpg`,
      size: photo.length,
      contentType: 'image/jpeg',
    });
    const pdf = await upload('jednotka', ownEventId, 'zprava.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    const mp3 = await upload('jednotka', ownEventId, 'radio.mp3', MP3, 'audio/mpeg');
    expect(mp3.statusCode, mp3.body).toBe(201);
    const aac = await upload('jednotka', ownEventId, 'radio.aac', ADTS, 'application/octet-stream');
    expect(aac.statusCode, aac.body).toBe(201);
    expect(aac.json()).toMatchObject({ contentType: 'audio/aac' });
    const rows = await t.db.select().from(s.media).where(eq(s.media.eventId, ownEventId));
    expect(rows.map((r) => r.fileName).sort()).toEqual(
      [`${ownEventId}-20260101_101010-T-PHA-01.jpg`, 'radio.aac', 'radio.mp3', 'zprava.pdf'].sort(),
    );
    const stored = rows.find((r) => r.fileName === 'radio.mp3')!;
    expect(stored.data.equals(MP3)).toBe(true);
    expect(stored.userId).toBe(sessions.jednotka.user.id);
    expect(stored.deviceId).toBe(sessions.jednotka.device!.id);
  });

  it('the same name again: 200 with the same bytes, 409 with other bytes', async () => {
    const again = await upload('jednotka', ownEventId, 'zprava.pdf', PDF, 'application/pdf');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ fileName: 'zprava.pdf', size: PDF.length, contentType: 'application/pdf' });
    const other = await upload('jednotka', ownEventId, 'zprava.pdf', Buffer.concat([PDF, PDF]), 'application/pdf');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ current: { fileName: 'zprava.pdf', size: PDF.length } });
    const rows = await t.db
      .select()
      .from(s.media)
      .where(and(eq(s.media.eventId, ownEventId), eq(s.media.fileName, 'zprava.pdf')));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a name with a path', '..%2Fetc.jpg', JPEG_HEAD, 'image/jpeg', 'fileName'],
    ['dots', 'a..jpg', JPEG_HEAD, 'image/jpeg', 'fileName'],
    ['a diacritic name', 'fotka%C5%BE.jpg', JPEG_HEAD, 'image/jpeg', 'fileName'],
    ['another extension', 'soubor.png', JPEG_HEAD, 'image/png', 'fileName'],
    ['no extension', 'soubor', JPEG_HEAD, 'image/jpeg', 'fileName'],
    ['a type other than the extension', 'foto.jpg', PDF, 'application/pdf', 'contentType'],
    ['text/plain', 'foto.jpg', 'ahoj', 'text/plain', 'contentType'],
    ['json', 'foto.jpg', '{"a":1}', 'application/json', 'contentType'],
    ['a pdf named jpg', 'foto.jpg', PDF, 'image/jpeg', 'file'],
    ['a jpg named pdf', 'doc.pdf', JPEG_HEAD, 'application/pdf', 'file'],
    ['an mp3 without ID3 or frame sync', 'a.mp3', Buffer.from('RIFF....WAVE'), 'audio/mpeg', 'file'],
    ['an aac that is neither ADTS nor MP4', 'a.aac', MP3, 'audio/aac', 'file'],
    ['a JPEG header only', 'kus.jpg', JPEG_HEAD, 'image/jpeg', 'file'],
  ])('422 for %s', async (_label, name, body, type, field) => {
    const res = await upload('jednotka', ownEventId, name, body, type);
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json() as { field: string; message: string }[];
    expect(errors[0].field).toBe(field);
    expect(errors[0].message).toMatch(/[a-zěščřžýáíéůú]/);
  });

  it('422 when X-File-Size-Total differs from the body', async () => {
    const res = await upload('jednotka', ownEventId, 'velikost.pdf', PDF, 'application/pdf', {
      'x-file-size-total': String(PDF.length + 1),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual([
      { field: 'fileSizeTotal', message: 'Velikost souboru neodpovídá hlavičce X-File-Size-Total.' },
    ]);
  });

  it('413 over 5 MB for a unit; admin (view Debug) up to 10 MB', async () => {
    const six = padJpeg(photo, 6 * MB);
    expect(six.length).toBeGreaterThan(5 * MB);
    const unit = await upload('jednotka', ownEventId, 'velka.jpg', six, 'image/jpeg');
    expect(unit.statusCode).toBe(413);
    expect(unit.json()).toEqual({ message: 'Příloha překročila povolenou velikost 5MB.' });
    const admin = await upload('admin', ownEventId, 'velka.jpg', six, 'image/jpeg');
    expect(admin.statusCode, admin.body).toBe(201);
    const eleven = padJpeg(photo, 10 * MB + 1);
    const over = await upload('admin', ownEventId, 'obri.jpg', eleven, 'image/jpeg');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'Příloha překročila povolenou velikost 10MB.' });
    const far = await upload('admin', ownEventId, 'obri.jpg', padJpeg(photo, 12 * MB), 'image/jpeg');
    expect(far.statusCode).toBe(413);
    expect(far.json()).toEqual({ message: 'Příloha překročila povolenou velikost 10MB.' });
    // without Content-Length (a stream): the body limit stops it, with the same text
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/v2/media/event/${ownEventId}/proud.jpg`,
      headers: { ...sessions.jednotka.headers, 'content-type': 'image/jpeg' },
      payload: Readable.from([padJpeg(photo, 12 * MB)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ message: 'Příloha překročila povolenou velikost 5MB.' });
  });

  it('404 alike for an event of another base and an unknown event, 401 without a session', async () => {
    const up = await upload('jednotka', foreignEventId, 'cizi.pdf', PDF, 'application/pdf');
    expect(up.statusCode).toBe(404);
    expect((await t.db.select().from(s.media).where(eq(s.media.eventId, foreignEventId))).length).toBe(0);
    expect((await upload('jednotka', 999999, 'x.pdf', PDF, 'application/pdf')).statusCode).toBe(404);
    expect((await upload(null, ownEventId, 'x.pdf', PDF, 'application/pdf')).statusCode).toBe(401);
    // admin sees the foreign event; the unit does not see the file there
    expect((await upload('admin', foreignEventId, 'cizi.pdf', PDF, 'application/pdf')).statusCode).toBe(201);
    expect((await download('jednotka', foreignEventId, 'cizi.pdf')).statusCode).toBe(404);
    expect((await download('admin', foreignEventId, 'cizi.pdf')).statusCode).toBe(200);
    expect((await download(null, ownEventId, 'zprava.pdf')).statusCode).toBe(401);
    expect((await download('jednotka', 999999, 'zprava.pdf')).statusCode).toBe(404);
    expect((await download('jednotka', ownEventId, 'neni.pdf')).statusCode).toBe(404);
    expect((await download('jednotka', ownEventId, 'zprava.pdf', '?size=huge')).statusCode).toBe(422);
  });

  it('downloads thumbnails of 240, 800 and 1900 px upright by EXIF, and the original without size', async () => {
    const name = `${ownEventId}-20260101_101010-T-PHA-01.jpg`;
    for (const [size, px] of [
      ['small', 240],
      ['normal', 800],
      ['large', 1900],
    ] as const) {
      const res = await download('jednotka', ownEventId, name, `?size=${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.height).toBe(px);
      expect(meta.width).toBe(Math.round((px * 2000) / 3000));
    }
    const original = await download('jednotka', ownEventId, name);
    expect(original.rawPayload.equals(photo)).toBe(true);
  });

  it('never upscales a small photo', async () => {
    const tiny = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2040a0' } })
      .jpeg()
      .toBuffer();
    expect((await upload('jednotka', ownEventId, 'male.jpg', tiny, 'image/jpeg')).statusCode).toBe(201);
    const res = await download('jednotka', ownEventId, 'male.jpg', '?size=large');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('keeps each size in media_thumbs: the second request serves the cached bytes', async () => {
    const name = `${ownEventId}-20260101_101010-T-PHA-01.jpg`;
    const [row] = await t.db
      .select({ id: s.media.id })
      .from(s.media)
      .where(and(eq(s.media.eventId, ownEventId), eq(s.media.fileName, name)));
    const thumbs = await t.db.select().from(s.mediaThumbs).where(eq(s.mediaThumbs.mediaId, row.id));
    expect(thumbs.map((th) => [th.size, th.width, th.height]).sort()).toEqual([
      ['large', 1267, 1900],
      ['normal', 533, 800],
      ['small', 160, 240],
    ]);
    // replace the cached small one: a request that ran sharp again would not answer these bytes
    const marker = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    await t.db
      .update(s.mediaThumbs)
      .set({ data: marker })
      .where(and(eq(s.mediaThumbs.mediaId, row.id), eq(s.mediaThumbs.size, 'small')));
    const res = await download('jednotka', ownEventId, name, '?size=small');
    expect(res.rawPayload.equals(marker)).toBe(true);
    expect(await t.db.select().from(s.mediaThumbs).where(eq(s.mediaThumbs.mediaId, row.id))).toHaveLength(3);
  });

  it('answers 304 for a matching If-None-Match; the ETag differs per size', async () => {
    const first = await download('jednotka', ownEventId, 'radio.mp3');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}-original"$/);
    const second = await download('jednotka', ownEventId, 'radio.mp3', '', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.rawPayload.length).toBe(0);
    expect(second.headers.etag).toBe(etag);
    const name = `${ownEventId}-20260101_101010-T-PHA-01.jpg`;
    const normal = await download('jednotka', ownEventId, name, '?size=normal');
    expect(normal.headers.etag).toMatch(/-normal"$/);
    const stale = await download('jednotka', ownEventId, name, '?size=normal', { 'if-none-match': `W/${etag}` });
    expect(stale.statusCode).toBe(200);
    const hit = await download('jednotka', ownEventId, name, '?size=normal', {
      'if-none-match': `"x", ${normal.headers.etag as string}`,
    });
    expect(hit.statusCode).toBe(304);
  });

  it('serves a pdf as a download and ignores size for non-images', async () => {
    const res = await download('jednotka', ownEventId, 'zprava.pdf', '?size=small');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="zprava.pdf"; filename*=UTF-8''zprava.pdf`);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const aac = await download('jednotka', ownEventId, 'radio.aac');
    expect(aac.headers['content-type']).toBe('audio/aac');
    expect(aac.rawPayload.equals(ADTS)).toBe(true);
  });
});
