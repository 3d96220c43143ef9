/**
 * Calls of the run cards (issue 26 item 1): the card as the server answers it, the administrator's write body
 * (loose: the domain rule `runCardErrors` gives the Czech 422 per field), the proposal of GET
 * /v2/events/{id}/run-card and the deploy-by-plan body of POST /v2/events/{id}/run-card/deploy.
 */
import { z } from 'zod';
import { wireId, wireIdParam } from '../http/wireValues';
import { eventJobSchema } from '../sync/index';
import { etaSourceSchema } from '../tracking/schema';

export const runCardLineSchema = z.object({
  resourceTypeId: z.number(),
  count: z.number(),
  /** the largest acceptable ETA, whole minutes */
  maxEtaMinutes: z.number(),
});

export const runCardSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    eventCategoryId: z.number(),
    /** null: every type of the category */
    eventTypeId: z.number().nullable(),
    /** the railway object kind (the event's terrain: tunnel, bridge …); null: any */
    eventTerrainId: z.number().nullable(),
    /** subject words, any of which narrows the card (accents and case ignored); empty: none */
    words: z.array(z.string()),
    lines: z.array(runCardLineSchema),
    updatedAt: z.string(),
  })
  .meta({ id: 'RunCard' });

export const runCardListSchema = z.array(runCardSchema);

/** POST /v2/run-cards, PUT /v2/run-cards/{id}: values checked by `runCardErrors` so every refusal is Czech. */
export const runCardBody = z.object({
  name: z.unknown(),
  eventCategoryId: z.unknown(),
  eventTypeId: z.unknown().optional(),
  eventTerrainId: z.unknown().optional(),
  words: z.unknown().optional(),
  lines: z.unknown(),
});
export type RunCardBody = z.infer<typeof runCardBody>;

export const runCardParams = z.object({ id: wireIdParam() });
export const runCardEventParams = z.object({ id: wireIdParam() });

/** One vehicle of the proposal: its ETA as the deployment dialog shows it (road route or labelled estimate). */
export const proposedVehicleSchema = z.object({
  resourceId: z.number(),
  baseId: z.number(),
  /** seconds */
  duration: z.number(),
  durationText: z.string(),
  source: etaSourceSchema,
  /** the vehicle is another base's (mutual aid) */
  mutualAid: z.boolean(),
});

export const proposalLineSchema = z.object({
  resourceTypeId: z.number(),
  code: z.string(),
  count: z.number(),
  /** vehicles of the type already deployed on the event: they count toward the line */
  deployed: z.number(),
  maxEtaMinutes: z.number(),
  vehicles: z.array(proposedVehicleSchema),
  missing: z.number(),
  /** 'chybí 1× TA do 30 min', null when the line is full */
  shortfall: z.string().nullable(),
});

/** GET /v2/events/{id}/run-card: the matching card and its proposal; card null when none matches. */
export const runCardProposalAnswer = z.object({
  card: runCardSchema.nullable(),
  lines: z.array(proposalLineSchema),
});

/** POST /v2/events/{id}/run-card/deploy: the vehicles chosen per line (the dispatcher may have changed them). */
export const deployByCardBody = z.object({
  lines: z
    .array(z.object({ resourceTypeId: wireId(), resourceIds: z.array(wireId()).max(20) }))
    .min(1)
    .max(20),
});
export type DeployByCardBody = z.infer<typeof deployByCardBody>;

export const deployByCardAnswer = z.object({ jobs: z.array(eventJobSchema) });

export type RunCard = z.infer<typeof runCardSchema>;
export type RunCardLine = z.infer<typeof runCardLineSchema>;
export type ProposedVehicle = z.infer<typeof proposedVehicleSchema>;
export type ProposalLine = z.infer<typeof proposalLineSchema>;
export type RunCardProposal = z.infer<typeof runCardProposalAnswer>;
