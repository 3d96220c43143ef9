/**
 * Field units answering in the event chat (living demo): now and then (default every 3–6 minutes overall) the
 * commander of a unit whose vehicle is deployed on an active event writes from the unit's phone (M-{unit}-01):
 * a text that fits the job's stage, a photo from the scene (the demo's track pictures, mediaMessages.ts), or a
 * radio recording (the text spoken by the server's speech synthesis, in the render worker, never on the event
 * loop). Media are stored like an upload (saveMedia) and the message goes through the message write of
 * modules/messages (`writeMessage`: one command, the change log, the push), as a device without a session — the
 * same shape the demo seed gives field messages (no user, the device and the sender's name).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { JOB_STATUS, MESSAGE_TYPES, PHOTO_DEFAULT_CATEGORY, RADIO_DEFAULT_CATEGORY } from '@panel/domain/constants';
import { mediaFileName } from '@panel/domain/messages';
import type { PushHub } from '../../context.js';
import type { Database } from '../../db/client.js';
import { events, messages } from '../../db/schema/index.js';
import { saveMedia } from '../../modules/messages/media/store.js';
import { writeMessage } from '../../modules/messages/commands.js';
import { demoPictures } from '../mediaMessages.js';
import { uniform, type LonLat, type Rand } from './movement.js';
import type { World } from './world.js';

export const DEFAULT_CHAT_MINUTES: readonly [number, number] = [3, 6];

const ON_THE_WAY = [
  'Vyjíždíme, na místě odhadem do {n} minut.',
  'Jsme na cestě, provoz hustý, odhad příjezdu {n} minut.',
  'Projíždíme přes město, na místě do {n} minut.',
];
const AT_SCENE = [
  'Jsme na místě, provádíme průzkum.',
  'Na místě, kolej uzavřena, čekáme na vypnutí trakčního vedení.',
  'Zasahujeme jedním proudem C, situace pod kontrolou.',
  'Prosím potvrdit vypnutí a uzemnění trakčního vedení.',
  'Osoby evakuovány z vlaku, bez zranění.',
  'Požár lokalizován, pokračujeme v dohašování.',
  'Místo zajištěno, předáváme Policii ČR.',
];
const RADIO = [
  'Velitel zásahu, jsme na místě, provádíme průzkum.',
  'Požár lokalizován, potřebujeme ještě jednu cisternu.',
  'Trakční vedení vypnuto a uzemněno, zahajujeme zásah.',
];
const PHOTO = ['Foto z místa zásahu.', 'Stav koleje po zásahu.', 'Snímek místa události.'];

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length) % list.length];

export type AnswerKind = 'text' | 'photo' | 'radio';

export interface FieldAnswer {
  eventId: number;
  /** the unit answering, its phone and the sender's name */
  baseId: number;
  deviceId: number;
  deviceCode: string;
  senderName: string;
  kind: AnswerKind;
  text: string;
  position: LonLat | null;
}

/**
 * Who answers where: a random active job whose unit has a phone; the kind (60 % text, 20 % photo, 20 % radio —
 * a photo or radio only from the scene) and the text fit the job's stage. Null when nobody is deployed.
 */
export function pickAnswer(
  rand: Rand,
  world: Pick<World, 'jobs' | 'vehicles' | 'bases' | 'devices' | 'events'>,
  positionOf: (resourceId: number) => LonLat | null,
): FieldAnswer | null {
  const candidates = world.jobs.flatMap((job) => {
    if (job.status < JOB_STATUS.ON_THE_WAY || job.status > JOB_STATUS.AT_SCENE) return [];
    const vehicle = world.vehicles.find((v) => v.id === job.resourceId);
    const base = vehicle && world.bases.find((b) => b.id === vehicle.baseId);
    const phone = base && world.devices.find((d) => d.code === `M-${base.code}-01`);
    const event = world.events.find((e) => e.id === job.eventId);
    return base && phone && event ? [{ job, base, phone, vehicle }] : [];
  });
  if (!candidates.length) return null;
  const c = pick(rand, candidates);
  const atScene = c.job.status >= JOB_STATUS.STATUS_17;
  const roll = rand();
  const kind: AnswerKind = !atScene || roll < 0.6 ? 'text' : roll < 0.8 ? 'photo' : 'radio';
  const text =
    kind === 'radio'
      ? pick(rand, RADIO)
      : kind === 'photo'
        ? pick(rand, PHOTO)
        : atScene
          ? pick(rand, AT_SCENE)
          : pick(rand, ON_THE_WAY).replace('{n}', String(Math.round(uniform(rand, 5, 15))));
  return {
    eventId: c.job.eventId,
    baseId: c.base.id,
    deviceId: c.phone.id,
    deviceCode: c.phone.code,
    senderName: `Velitel ${c.base.code}`,
    kind,
    text,
    position: positionOf(c.job.resourceId),
  };
}

export interface ChatDeps {
  db: Database;
  hub: PushHub;
  /** mp3 of a Czech text (the render pool's speech); absent or failing: the radio answer goes as text */
  renderSpeech?: (text: string) => Promise<Buffer>;
  /** told why a radio answer went as text */
  log?: { warn(obj: object, msg: string): void };
}

/** Writes the answer (media first, as an upload does); answers the message id. */
export async function sendAnswer(deps: ChatDeps, a: FieldAnswer, now = new Date()): Promise<number> {
  let files: string[] | null = null;
  let type: string = MESSAGE_TYPES.TEXT;
  let category: number = PHOTO_DEFAULT_CATEGORY;
  let content: string | null = a.text;
  const store = async (data: Buffer, ext: 'jpg' | 'mp3', contentType: string) => {
    const fileName = mediaFileName(a.eventId, now, a.deviceCode, ext);
    await saveMedia(deps.db, {
      eventId: a.eventId,
      fileName,
      size: data.length,
      contentType,
      data,
      userId: null,
      deviceId: a.deviceId,
    });
    return fileName;
  };
  if (a.kind === 'photo') {
    const pics = await demoPictures();
    files = [await store(Math.random() < 0.5 ? pics.before : pics.after, 'jpg', 'image/jpeg')];
    type = MESSAGE_TYPES.ATTACHMENTS;
  } else if (a.kind === 'radio' && deps.renderSpeech) {
    const speak = deps.renderSpeech;
    // a throw before the promise (a wiring fault) degrades like a failed synthesis: the answer still goes, as text
    const mp3 = await Promise.resolve()
      .then(() => speak(a.text))
      .catch((error: unknown) => {
        deps.log?.warn({ err: error, eventId: a.eventId }, 'demo radio answer not spoken, sent as text');
        return null;
      });
    if (mp3) {
      files = [await store(mp3, 'mp3', 'audio/mpeg')];
      type = MESSAGE_TYPES.AUDIO;
      category = RADIO_DEFAULT_CATEGORY;
      content = null; // a radio recording is its sound
    }
  }
  const uuid = randomUUID();
  const { id } = await writeMessage(
    deps,
    { userId: null, deviceId: a.deviceId, deviceCode: a.deviceCode, senderName: a.senderName },
    a.eventId,
    {
      uuid,
      messageCategoryId: category,
      type,
      content,
      media: files,
      data: {},
      latitude: a.position?.[1] ?? null,
      longitude: a.position?.[0] ?? null,
      accuracy: a.position ? 8 : null,
    },
    {
      lockEvent: async (tx) => {
        const [row] = await tx.select({ id: events.id }).from(events).where(eq(events.id, a.eventId)).for('update');
        if (!row) throw new Error(`event ${a.eventId} is gone`);
      },
      retried: async (tx) => {
        const [row] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.uuid, uuid), eq(messages.eventId, a.eventId)));
        return row?.id ?? null;
      },
    },
  );
  return id;
}

export const chatDelayMs = (rand: Rand, minutes: readonly [number, number]) =>
  Math.round(uniform(rand, minutes[0], minutes[1]) * 60_000);
