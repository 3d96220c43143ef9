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
import { eventSchema } from '../sync/entities';
import { reverseTexts } from './texts';

/** Coordinates the panel accepts (001 §5 coordinate entry); the reverse geocoding refuses a point outside */
export const PANEL_BOUNDS = { minLat: 48.5518083, maxLat: 52.90609, minLon: 12.09059, maxLon: 22.558014 } as const;

/** The reverse answer (the address within 500 m or the place's surroundings); `event` when updateEvent wrote it */
export const reverseAnswerSchema = z.object({
  address: z
    .object({
      title: z.string(),
      /** 'address' (an address point within 500 m) or 'place' (the surroundings of the nearest place) */
      type_code: z.enum(['address', 'place']),
      /** metres to the address point or the place's centre */
      distance: z.number(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable(),
  jpo_name: z.string().nullable(),
  jpo_id: z.number().nullable(),
  /** the event as written, when the request asked for `updateEvent` */
  event: eventSchema.optional(),
});

export type ReverseAnswer = z.infer<typeof reverseAnswerSchema>;

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

/**
 * A reverse request as the panel builds it (the fields of `ReverseQuery`; the optional ones may be null). With
 * `updateEvent` the server writes the found address (and eventTerrainId, addressData) to the event itself.
 */
export type ReverseRequest = Pick<ReverseQuery, 'latitude' | 'longitude'> & {
  [K in 'eventUuid' | 'eventTerrainId' | 'addressData']?: ReverseQuery[K] | null;
} & { updateEvent?: boolean };

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

/** a coordinate of the query string within the map's bounds, else the Czech message */
const boundedCoordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: message }).finite({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

/** GET /v2/search/reverse?latitude=&longitude=[&eventUuid=&eventTerrainId=&updateEvent=0|1&addressData={json}] */
export const reverseQuerySchema = reverseExtraQuerySchema.safeExtend({
  latitude: boundedCoordinate(PANEL_BOUNDS.minLat, PANEL_BOUNDS.maxLat, reverseTexts.latitude),
  longitude: boundedCoordinate(PANEL_BOUNDS.minLon, PANEL_BOUNDS.maxLon, reverseTexts.longitude),
});

export type ReverseQuery = z.output<typeof reverseQuerySchema>;
