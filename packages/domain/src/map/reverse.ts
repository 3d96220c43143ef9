/**
 * Reverse geocoding on the wire (000 §5, §7; 001 §7 GET /v2/search/reverse), one definition for the panel and
 * the server:
 * - the request carries latitude, longitude and the spec's eventUuid, eventTerrainId, updateEvent and
 *   addressData (000 §7), as query parameters (addressData as JSON text);
 * - the answer must have an address object with a string title and a numeric jpo_id (000 §5), otherwise it is
 *   an error — `parseReverseAnswer` gives null for such an answer and the panel reports it.
 */
import { z } from 'zod';
import { wireIdParam } from '../http/wireValues';
import type { AddressData, Event } from '../sync/entities';
import { reverseTexts } from './texts';

export interface ReverseAnswer {
  address: {
    title: string;
    /** 'address' (an address point within 500 m) or 'place' (the surroundings of the nearest place) */
    type_code: 'address' | 'place';
    /** metres to the address point or the place's centre */
    distance: number;
    latitude: number;
    longitude: number;
  } | null;
  jpo_name: string | null;
  jpo_id: number | null;
  /** the event as written, when the request asked for `updateEvent` */
  event?: Event;
}

/** A usable answer (000 §5): an address with a string title and a numeric jpo_id. */
export interface GoodReverseAnswer extends ReverseAnswer {
  address: NonNullable<ReverseAnswer['address']>;
  jpo_id: number;
}

const goodAnswer = z.looseObject({
  address: z.looseObject({ title: z.string().min(1) }),
  jpo_id: z.number().finite(),
});

/** The answer when it keeps the rule of 000 §5, else null (a bad answer is an error for the caller). */
export function parseReverseAnswer(answer: unknown): GoodReverseAnswer | null {
  return goodAnswer.safeParse(answer).success ? (answer as GoodReverseAnswer) : null;
}

export interface ReverseRequest {
  latitude: number;
  longitude: number;
  eventUuid?: string | null;
  eventTerrainId?: number | null;
  /** true: the server writes the found address (and eventTerrainId, addressData) to the event itself */
  updateEvent?: boolean;
  addressData?: AddressData | null;
}

/** The query string of GET /v2/search/reverse for a request (without the '?'). */
export function reverseQuery(request: ReverseRequest): string {
  const pairs: [string, string][] = [
    ['latitude', String(request.latitude)],
    ['longitude', String(request.longitude)],
  ];
  if (request.eventUuid) pairs.push(['eventUuid', request.eventUuid]);
  if (request.eventTerrainId != null) pairs.push(['eventTerrainId', String(request.eventTerrainId)]);
  pairs.push(['updateEvent', request.updateEvent ? '1' : '0']);
  if (request.addressData) pairs.push(['addressData', JSON.stringify(request.addressData)]);
  return pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
}

const jsonObject = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return undefined;
    }
  },
  z.record(z.string(), z.unknown(), { error: reverseTexts.badAddressData }),
);

/** The spec's extra fields of the reverse request, as the server reads them from the query string. */
export const reverseExtraQuerySchema = z
  .object({
    eventUuid: z.uuid({ error: reverseTexts.badEventUuid }).optional(),
    eventTerrainId: wireIdParam(reverseTexts.badTerrain).optional(),
    updateEvent: z
      .enum(['0', '1', 'true', 'false'], { error: reverseTexts.badUpdateEvent })
      .optional()
      .transform((v) => v === '1' || v === 'true'),
    addressData: jsonObject.optional(),
  })
  .refine((q) => !q.updateEvent || q.eventUuid !== undefined, {
    path: ['eventUuid'],
    error: reverseTexts.updateNeedsEvent,
  });
