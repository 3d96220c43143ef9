/**
 * GET /v2/events/{id}/report (issue 26 item 3): everything the printable incident report shows, assembled by the
 * server in one answer so the print tab needs no bundle. Times are wire times (Prague, `YYYY-MM-DD HH:mm:ss`).
 */
import { z } from 'zod';
import { wireIdParam } from '../http/wireValues';
import { lonLatSchema } from '../map/geometry';
import { eventContactSchema, messageSchema } from '../sync/entities';
import { jobTrackSchema } from '../tracking/schema';

export const incidentReportParams = z.object({ id: wireIdParam() });

/** One change of the event as the report lists it (from the journal): when, what, from → to, by whom. */
export const reportTimelineRowSchema = z.object({
  at: z.string(),
  type: z.string(),
  action: z.string(),
  detail: z.string().nullable(),
  user: z.string().nullable(),
});

/** One status a deployment reached: when, which, who set it (null: the system, e.g. the geofence). */
export const reportJobStatusSchema = z.object({
  at: z.string(),
  statusId: z.number(),
  status: z.string(),
  user: z.string().nullable(),
  byGeofence: z.boolean(),
});

export const reportVehicleSchema = z.object({
  jobId: z.number(),
  resourceId: z.number().nullable(),
  name: z.string(),
  licence: z.string().nullable(),
  resourceType: z.string().nullable(),
  base: z.string().nullable(),
  statusId: z.number(),
  status: z.string(),
  departedAt: z.string().nullable(),
  /** departure + the straight-line estimate from the first fix of the job (or the vehicle's base) */
  expectedArrivalAt: z.string().nullable(),
  arrivedAt: z.string().nullable(),
  /** whole minutes arrived after (+) or before (−) the expected arrival */
  arrivalDifference: z.number().nullable(),
  endedAt: z.string().nullable(),
  distance: z.number().nullable(),
  statuses: z.array(reportJobStatusSchema),
});

export const reportConversationSchema = z.object({
  messageCategoryId: z.number(),
  name: z.string(),
  /** false: the user may not read this conversation (its messages are left out) */
  readable: z.boolean(),
  messages: z.array(messageSchema),
});

export const incidentReportSchema = z
  .object({
    generatedAt: z.string(),
    event: z.object({
      id: z.number(),
      code: z.string().nullable(),
      subject: z.string().nullable(),
      description: z.string().nullable(),
      category: z.string().nullable(),
      type: z.string().nullable(),
      priority: z.string().nullable(),
      state: z.string().nullable(),
      status: z.string().nullable(),
      address: z.string().nullable(),
      addressDescription: z.string().nullable(),
      target: lonLatSchema.nullable(),
      base: z.string().nullable(),
      units: z.array(z.string()),
      reporterName: z.string().nullable(),
      reporterNumber: z.string().nullable(),
      createdAt: z.string().nullable(),
      startedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
    }),
    timeline: z.array(reportTimelineRowSchema),
    vehicles: z.array(reportVehicleSchema),
    commander: eventContactSchema.nullable(),
    contacts: z.array(eventContactSchema),
    conversations: z.array(reportConversationSchema),
    tracks: z.array(jobTrackSchema),
  })
  .meta({ id: 'IncidentReport' });

export type IncidentReport = z.infer<typeof incidentReportSchema>;
export type ReportVehicle = z.infer<typeof reportVehicleSchema>;
export type ReportJobStatus = z.infer<typeof reportJobStatusSchema>;
export type ReportTimelineRow = z.infer<typeof reportTimelineRowSchema>;
export type ReportConversation = z.infer<typeof reportConversationSchema>;
