/**
 * The position calls' schemas (issue 14; docs/ARCHITECTURE.md "positions").
 *
 * The ingest takes foreign formats — OsmAnd query or form parameters, the JSON of Traccar Client 9+, Traccar's
 * position forwarding — and the server's decoder (apps/server/src/modules/positions/decode.ts) is their parser:
 * it reads a value whichever way a tracker spells it (a number or its text, the first of repeated parameters),
 * falls back from the query to the body, and answers its own 422 fields (`lat`, `location.0.lat`,
 * `device.uniqueId` …). So the ingest's query and body schemas below DOCUMENT the protocols (OpenAPI) and the
 * route does not validate with them; its path parameters are validated as everywhere.
 */
import { z } from 'zod';
import { wireIdParam } from '../http/wireValues';
import { positionRefusalSchema } from './refusals';
import { trackerTexts } from './texts';

/** `{secret}` of the ingest paths (the tracker's secret may also come as Bearer or `key`) */
export const trackerSecretParams = z.object({ secret: z.string().max(200) });

/** `{deviceId}` of the tracker administration */
export const trackerDeviceParams = z.object({ deviceId: wireIdParam(trackerTexts.badId) });

/** A query or form parameter as a tracker sends it: text (repeated: the first one counts). */
const param = (description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe(description);

/** OsmAnd parameters as Traccar's `OsmAndProtocolDecoder` reads them (query of GET/POST, or a form body). */
export const osmandParams = z
  .looseObject({
    id: param('device identifier (its code or configured tracker id); or `deviceid`'),
    deviceid: param('device identifier when `id` is absent'),
    lat: param('latitude, WGS84 degrees'),
    lon: param('longitude, WGS84 degrees'),
    location: param('`lat,lon` when `lat`/`lon` are absent'),
    timestamp: param("unix seconds, unix ms (≥ 2^31), ISO 8601 or 'yyyy-MM-dd HH:mm:ss' (UTC)"),
    speed: param('knots'),
    accuracy: param('metres; 0 = unknown'),
    batt: param('battery, percent'),
    valid: param('false/0 when the fix is not valid'),
    key: param('the tracker secret (else in the path or as Bearer)'),
  })
  .describe('OsmAnd protocol parameters; decoded by the server, other parameters are ignored');

/** The JSON of Traccar Client 9+ (transistorsoft background-geolocation's location template). */
export const osmandJsonBody = z
  .looseObject({
    location: z
      .unknown()
      .describe(
        '{timestamp ISO, coords: {latitude, longitude, accuracy, speed m/s, heading, altitude}, battery: ' +
          '{level 0…1, is_charging}}, or a list of up to 100 of them',
      ),
    device_id: z.unknown().optional().describe('device identifier'),
    key: z.unknown().optional().describe('the tracker secret (else in the path or as Bearer)'),
  })
  .describe('Traccar Client 9+ JSON');

/** POST /v2/positions/osmand[/{secret}]: form parameters or the JSON of Traccar Client 9+ (or none: the query). */
export const osmandBody = z.union([osmandJsonBody, osmandParams]).optional();

/** Traccar's JSON position forwarding (`forward.type=json`: `PositionData`). */
export const traccarForwardBody = z
  .looseObject({
    position: z
      .looseObject({
        latitude: z.unknown(),
        longitude: z.unknown(),
        speed: z.unknown().optional().describe('knots'),
        accuracy: z.unknown().optional().describe('metres'),
        fixTime: z.unknown().optional().describe("Jackson date, '2018-09-14T15:34:17.000+0000'"),
        deviceTime: z.unknown().optional(),
        valid: z.unknown().optional(),
        attributes: z.unknown().optional().describe('`batteryLevel` percent'),
      })
      .describe('Traccar Position'),
    device: z.looseObject({ uniqueId: z.unknown() }).describe('Traccar Device: `uniqueId` is the identifier'),
  })
  .describe('Traccar position forwarding JSON; the secret in the path or as `Authorization: Bearer`');

/**
 * What the ingest made of each position of the request. A refused position is a 200 on purpose (trackers
 * resend a fix that got a non-2xx forever); `result` is false when every position was refused.
 */
export const positionsAnswer = z.object({
  result: z.boolean(),
  positions: z.array(
    z.object({
      status: z.enum(['accepted', 'duplicate', 'refused']),
      reason: positionRefusalSchema.optional(),
      /** the reason in Czech */
      message: z.string().optional(),
    }),
  ),
});
export type PositionsAnswer = z.infer<typeof positionsAnswer>;
