/**
 * Pure rules of the map cards (001 §4, §8, §9): the panorama decision, the rail image error texts, the
 * capture message body and the train card's texts. No React, no store.
 */
import { MESSAGE_CATEGORY, MESSAGE_TYPES } from '@panel/domain/constants';
import { formatDateTime, formatDistance, formatPhone, fromWireTime, texts } from '@panel/domain/locale';
import { formatCoordinates } from '@panel/domain/map';
import { ApiError, messageOf } from '../../../api/client';
import type { LonLat, PanoramaAnswer, RailImageAnswer } from '../../../api/mapServices';
import type { TrainProperties } from '../../../api/trains';
import { CARD_TEXTS } from './texts';

/** 001 §4 card status: 0 closed, 1 loading, 5 loaded. */
export type CardStatus = 0 | 1 | 5;
export const CARD_STATUS = { CLOSED: 0, LOADING: 1, LOADED: 5 } as const;

export type CardKind = 'cadastre' | 'railImage' | 'hunting' | 'explore' | 'train';

/** The panorama view's state: our offline image, or Mapy.com's JS Panorama drawn by their script. */
export type PanoramaState =
  | {
      provider: 'offline';
      lonLat: LonLat;
      view: { yaw: number; pitch: number; fov: number };
      capturedAt: string | null;
      imageUrl: string;
    }
  | {
      provider: 'mapy';
      /** the panorama found when it was opened: the viewer is created for it (navigation moves `lonLat`) */
      origin: LonLat;
      lonLat: LonLat;
      view: { yaw: number; pitch: number; fov: number };
      capturedAt: string | null;
      apiKey: string;
      scriptUrl: string;
    };

/** Panorama (001 §8): NONE shows the view; any other error code just moves the map to the coordinates. */
export type PanoramaDecision = ({ action: 'view' } & PanoramaState) | { action: 'move'; lonLat: LonLat };

/** The decision on our own answer (Mapy.com's answer is decided in the browser: `findMapyPanorama`). */
export function panoramaDecision(answer: PanoramaAnswer | null | undefined, asked: LonLat): PanoramaDecision {
  if (answer && 'errorCode' in answer && answer.errorCode === 'NONE' && 'imageUrl' in answer && answer.imageUrl) {
    return {
      action: 'view',
      provider: 'offline',
      lonLat: [answer.lon ?? asked[0], answer.lat ?? asked[1]],
      view: { yaw: answer.yaw ?? 0, pitch: answer.pitch ?? 0, fov: answer.fov ?? 75 },
      capturedAt: answer.capturedAt ?? null,
      imageUrl: answer.imageUrl,
    };
  }
  return { action: 'move', lonLat: asked };
}

/** The rail image answer's error (status ERROR): 'Služba náhled na trať vrátila chybu: {message}'. */
export function railImageStatusError(answer: RailImageAnswer): string | null {
  if (String(answer.status).toUpperCase() === 'OK') return null;
  return answer.message ? texts.map.railImageServiceError(answer.message) : texts.map.railImageError;
}

/** A failed rail image call: the server's service message when it gives one, else the generic text. */
export function railImageFailureText(error: unknown): string {
  const message = error instanceof ApiError ? messageOf(error.body) : undefined;
  if (message && message.startsWith(texts.map.railImageServiceError(''))) return message;
  return texts.map.railImageError;
}

/** 'DD.MM.YYYY HH:mm' of a wire time ('' when missing or unreadable). */
export function formatWire(wire: string | null | undefined): string {
  const date = fromWireTime(wire ?? null);
  return date ? formatDateTime(date) : '';
}

const decimal = (n: number, digits = 1) => n.toFixed(digits).replace('.', ',');

/** The deviation from the track in metres, one decimal. */
export const formatDeviation = (m: number | null | undefined) =>
  m === null || m === undefined ? '' : `${decimal(m)} m`;

/** The visible text of an HTML fragment (for the capture message), rows on their own lines. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  doc.querySelectorAll('tr, p, div, li, h1, h2, h3, h4, h5, h6, table').forEach((el) => el.append('\n'));
  doc.querySelectorAll('td, th').forEach((el) => el.append(' '));
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

// --- train (001 §3)

/**
 * A wire value as the card may find it in a feature's properties: every field missing or null, down through
 * lists and objects (the positions `[lon, lat]` stay pairs).
 */
type Loose<T> = T extends LonLat
  ? T
  : T extends readonly (infer U)[]
    ? Loose<U>[]
    : T extends object
      ? { [K in keyof T]?: Loose<T[K]> | null }
      : T;

/** The domain's Train properties (001 §3, POST /train-location) as the card reads them; other properties pass. */
export type TrainInfo = Loose<TrainProperties> & { [key: string]: unknown };
export type TrainCrewContact = NonNullable<TrainInfo['kontakty_vlakova_ceta']>[number];

export function trainTitle(train: TrainInfo): string {
  if (train.title) return train.title;
  const parts = [train.druh_vlaku, train.vlak_cislo, train.nazev].filter(Boolean);
  return parts.length ? parts.join(' ') : CARD_TEXTS.train;
}

/** The flags of 'mimořádnost' and the consignment that are set (Czech labels). */
export function trainFlags(train: TrainInfo): string[] {
  const flags: string[] = [];
  const m = train.mimoradnost;
  if (m?.vojenska_preprava) flags.push(CARD_TEXTS.military);
  if (m?.plm) flags.push(CARD_TEXTS.plm);
  if (m?.nv) flags.push(CARD_TEXTS.nv);
  if (m?.jina) flags.push(`${CARD_TEXTS.other}: ${m.jina}`);
  if (train.mimoradna_zasilka) flags.push(CARD_TEXTS.specialConsignment);
  if (train.ziva) flags.push(CARD_TEXTS.liveAnimals);
  return flags;
}

/** null: the source does not say ('neznámo'); undefined or empty: nothing to show ('–'). */
const num = (n: number | null | undefined, unit = '') =>
  n === null
    ? CARD_TEXTS.unknown
    : n === undefined || Number.isNaN(n)
      ? CARD_TEXTS.none
      : `${n.toLocaleString('cs-CZ')}${unit}`;
const str = (v: string | null | undefined) => (v === null ? CARD_TEXTS.unknown : v || CARD_TEXTS.none);

/** The rows of the train card: [label, value]; contacts, goods and flags are drawn separately. */
export function trainRows(train: TrainInfo): [string, string][] {
  const rows: [string, string][] = [
    [CARD_TEXTS.carrier, str(train.dopravce)],
    [
      CARD_TEXTS.route,
      train.vychozi_stanice === null && train.cilova_stanice === null
        ? CARD_TEXTS.unknown
        : `${train.vychozi_stanice || '?'} – ${train.cilova_stanice || '?'}`,
    ],
    [CARD_TEXTS.position, str(train.vyskyt)],
  ];
  if (train.zpozdeni !== undefined) {
    rows.push([
      CARD_TEXTS.delay,
      typeof train.zpozdeni === 'number' ? CARD_TEXTS.delayText(train.zpozdeni) : CARD_TEXTS.unknown,
    ]);
  }
  if (train.rychlost !== undefined && train.rychlost !== null) rows.push([CARD_TEXTS.speed, `${train.rychlost} km/h`]);
  if (train.trat) rows.push([CARD_TEXTS.line, train.trat]);
  if (train.odjezd) rows.push([CARD_TEXTS.departure, formatWire(train.odjezd)]);
  if (train.prijezd) rows.push([CARD_TEXTS.arrival, formatWire(train.prijezd)]);
  if (typeof train.traversed === 'number') rows.push([CARD_TEXTS.traversed, `${Math.round(train.traversed * 100)} %`]);
  rows.push(
    [CARD_TEXTS.length, num(train.delka, ' m')],
    [CARD_TEXTS.weight, num(train.hmotnost, ' t')],
    [CARD_TEXTS.cars, num(train.vozy)],
    [CARD_TEXTS.axles, num(train.pocet_naprav)],
  );
  if (train.pocet_cestujicich !== null && train.pocet_cestujicich !== undefined) {
    rows.push([CARD_TEXTS.passengers, num(train.pocet_cestujicich)]);
  }
  // a source that says nothing of the cargo (GRAPP) must not look like "no dangerous goods"
  if (train.nebezpecne_veci === null) rows.push([CARD_TEXTS.dangerousGoods, CARD_TEXTS.unknown]);
  return rows;
}

/** Crew contacts that have a phone number. */
export const trainContacts = (train: TrainInfo): TrainCrewContact[] =>
  (train.kontakty_vlakova_ceta ?? []).filter((c) => c && String(c.telefon ?? '').trim());

export const dangerousGoodsText = (g: NonNullable<TrainInfo['nebezpecne_veci']>[number]) =>
  CARD_TEXTS.dangerousGoodsRow(g.un ?? '?', g.nazev ?? '?', g.trida ?? '?', g.kemler ?? '?');

/** The train card as plain text (the X23 capture message). */
export function trainText(train: TrainInfo): string {
  const lines = [trainTitle(train)];
  for (const [label, value] of trainRows(train)) lines.push(`${label}: ${value}`);
  const engines = (train.train_engines ?? []).map((e) => [e.funkce_hv_popis, e.title].filter(Boolean).join(' '));
  if (engines.length) lines.push(`${CARD_TEXTS.engines}: ${engines.join(', ')}`);
  if (train.kontakt) lines.push(`${CARD_TEXTS.dispatchContact}: ${formatPhone(train.kontakt)}`);
  const crew = trainContacts(train);
  lines.push(
    `${CARD_TEXTS.crew}: ${
      crew.length
        ? crew.map((c) => `${c.funkce_na_vlaku_popis ?? ''} ${formatPhone(c.telefon ?? '')}`.trim()).join(', ')
        : texts.map.trainNoContacts
    }`,
  );
  const goods = train.nebezpecne_veci ?? [];
  if (goods.length) lines.push(`${CARD_TEXTS.dangerousGoods}: ${goods.map(dangerousGoodsText).join('; ')}`);
  const flags = trainFlags(train);
  if (flags.length) lines.push(`${CARD_TEXTS.extraordinary}: ${flags.join(', ')}`);
  if (train.updated) lines.push(`${CARD_TEXTS.updated}: ${formatWire(train.updated)}`);
  return lines.join('\n');
}

// --- capture messages (001 §6, §9)

export interface CaptureSource {
  kind: 'cadastre' | 'railImage' | 'train';
  /** the card's content as text */
  text: string;
  lonLat: LonLat | null;
}

export const CAPTURE_TYPES = {
  cadastre: MESSAGE_TYPES.CADASTRE_CAPTURE,
  railImage: MESSAGE_TYPES.RAIL_IMAGE_CAPTURE,
  train: MESSAGE_TYPES.TRAIN_CAPTURE,
} as const;

/** The POST /v2/messages body of a capture (to the operational conversation of the event). */
export function captureMessageBody(
  source: CaptureSource,
  eventId: number,
  uuid: string,
  media: string[] | null,
): {
  uuid: string;
  eventId: number;
  content: string;
  messageCategoryId: number;
  type: string;
  media: string[] | null;
  latitude?: number;
  longitude?: number;
} {
  return {
    uuid,
    eventId,
    content: source.text,
    messageCategoryId: MESSAGE_CATEGORY.OPERATIONAL,
    type: CAPTURE_TYPES[source.kind],
    media,
    ...(source.lonLat ? { longitude: source.lonLat[0], latitude: source.lonLat[1] } : {}),
  };
}

/**
 * The viewer link the card may show: only an http(s) URL (the server writes ČÚZK's form
 * `https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-744000&y=-1044000`, negative S-JTSK); anything
 * else (empty, `javascript:`…) is no link.
 */
export function cadastreViewerLink(link: string | null | undefined): string | null {
  if (!link || !URL.canParse(link)) return null;
  const url = new URL(link);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
}

/** The cadastre card as text: title, the content's text, the link. */
export function cadastreText(content: string, link: string | null, lonLat: LonLat | null): string {
  return [
    CARD_TEXTS.cadastre,
    lonLat ? formatCoordinates({ latitude: lonLat[1], longitude: lonLat[0] }) : '',
    htmlToText(content),
    link ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The rail image card as text. */
export function railImageText(answer: RailImageAnswer): string {
  const parts: string[] = [CARD_TEXTS.railImage];
  if (answer.deviation !== null && answer.deviation !== undefined) {
    parts.push(`${CARD_TEXTS.deviation}: ${formatDeviation(answer.deviation)}`);
  }
  if (answer.capturedAt) parts.push(`${CARD_TEXTS.capturedAt}: ${formatWire(answer.capturedAt)}`);
  if (answer.latitude !== null && answer.longitude !== null) {
    parts.push(formatCoordinates({ latitude: answer.latitude, longitude: answer.longitude }));
  }
  return parts.join('\n');
}

export const explorePointNote = (km: number | null, distance: number) =>
  [km !== null && km !== undefined ? `km ${decimal(km, 3)}` : '', formatDistance(distance)].filter(Boolean).join(' · ');
