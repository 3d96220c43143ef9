/**
 * The railway operator's service (000 §7: "a GET export with uuid, user and device serial, and a GET test call
 * with a code"): the panel asks our server, which calls the operator (RAILWAY_OPERATOR_URL) or, unset, records
 * the call in the outbox for a worker. The spec names no texts for these calls; ours are below.
 */
import { z } from 'zod';
import { clientUuid } from './schema';

export const railwayOperatorTexts = {
  codeRequired: 'Zadejte kód testu.',
  sent: 'Předáno správci železnice.',
  queued: 'Služba správce železnice není nastavena: požadavek čeká ve frontě k odeslání.',
  failed: 'Služba správce železnice neodpověděla. Opakujte akci později.',
  noDevice: 'Export potřebuje potvrzené zařízení.',
} as const;

const t = railwayOperatorTexts;

/** POST /v2/railway-operator/export/{uuid}: the event's uuid; user and device serial come from the session */
export const railwayOperatorExportParams = z.object({ uuid: clientUuid });

/** POST /v2/railway-operator/test {code} */
export const railwayOperatorTestBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string({ message: t.codeRequired }).min(1, t.codeRequired).max(64, t.codeRequired),
  ),
});

/** `sent`: the operator answered 2xx (its answer as it came: JSON, or text up to 2000 characters); `queued`: outbox */
export const railwayOperatorAnswer = z
  .object({
    status: z.enum(['sent', 'queued']),
    message: z.string(),
    answer: z.unknown().optional(),
  })
  .meta({ id: 'RailwayOperatorAnswer' });

export type RailwayOperatorAnswer = z.infer<typeof railwayOperatorAnswer>;
