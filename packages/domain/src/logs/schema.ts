/**
 * The application log (001 §2 'Odeslání aplikačního logu', §7 'Upload state file', §8 unhandled errors) as zod
 * schemas (issue 16: one schema per call). One name for the area: `logs` — the server's module and routes
 * (/v2/logs…) say so; the panel's feature folder is `features/logs` and its dev panel shows the log (same area).
 */
import { z } from 'zod';
import { okResult } from '../http/schema';
import { wireIdParam } from '../http/wireValues';
import { debugPushTexts, logsTexts } from './texts';

/** `YYYYMMDDHHmmss` of a real moment (month 1–12, day of that month, 00–23, 00–59, 00–59), else null. */
export function parseStamp(
  stamp: string,
): { y: number; mo: number; d: number; h: number; mi: number; s: number } | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  if (y < 2000 || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > days) return null;
  return { y, mo, d, h, mi, s };
}

/**
 * Path of a state file: /v2/logs/log/{deviceId}/{YYYYMMDDHHmmss}/state.json. The device id stays text here: a
 * path that names no device answers 404 (the route looks it up), as it always did, not 422.
 */
export const stateLogParamsSchema = z.object({
  deviceId: z.string(),
  stamp: z.string().refine((stamp) => parseStamp(stamp) !== null, { error: logsTexts.badStamp }),
});

/** One unhandled panel error as the panel reports it. */
export const reportedErrorSchema = z.object({
  message: z
    .string({ error: logsTexts.badMessage })
    .min(1, { error: logsTexts.badMessage })
    .max(2000, { error: logsTexts.badMessage }),
  stack: z.string().max(20_000).nullable().optional(),
  url: z.string().max(2000).nullable().optional(),
  at: z
    .union([z.string().max(40), z.number()])
    .nullable()
    .optional()
    .describe("when it happened, the panel's clock (ISO text or epoch ms)"),
});

/** POST /v2/logs/errors body: 1 to 50 errors. */
export const reportErrorsBodySchema = z.object({
  errors: z
    .array(reportedErrorSchema, { error: logsTexts.badErrors })
    .min(1, { error: logsTexts.badErrors })
    .max(50, { error: logsTexts.badErrors }),
});
export type ReportErrorsBody = z.input<typeof reportErrorsBodySchema>;

/** GET /v2/logs/errors?date=YYYY-MM-DD (Prague day; today when absent). */
export const errorsQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: logsTexts.badDate })
    .optional(),
});

/**
 * The debug push (001 §2 "A debug dialog opens when a debug event arrives"): an operator with manage Debug sends
 * a JSON object to one device; its panels receive the socket event `debug` and open the debug dialog with it.
 * It is the logs area's (the route is modules/logs/debugRoutes.ts, the panel's dialog is in features/logs).
 */
export const DEBUG_PUSH_EVENT = 'debug';

export const DEBUG_PUSH_MAX_BYTES = 64 * 1024;

/** POST /v2/debug/push/{deviceId} path. */
export const debugPushParams = z.object({ deviceId: wireIdParam() });

export const debugPushBodySchema = z.object({
  payload: z
    .record(z.string(), z.unknown(), { error: debugPushTexts.badPayload })
    .refine((v) => JSON.stringify(v).length <= DEBUG_PUSH_MAX_BYTES, { error: debugPushTexts.tooLarge }),
});

/** What the device's panels receive. */
export interface DebugPush {
  payload: Record<string, unknown>;
  from: { userId: number; username: string };
  /** wire time of the send */
  sentAt: string;
}

// --- answers ---

/** POST /v2/logs/log/… 201. */
export const stateLogStoredSchema = okResult;

/** GET /v2/logs: one stored state file. */
export const storedStateLogSchema = z.object({
  deviceId: z.number(),
  deviceCode: z.string().nullable(),
  stamp: z.string(),
  at: z.string().describe("the stamp as wire time (the panel's own clock, Prague time)"),
  storedAt: z.string().nullable().describe('when the server stored it'),
  size: z.number().describe('bytes'),
  url: z.string().describe('where to read it (GET)'),
});
export const storedStateLogsSchema = z.array(storedStateLogSchema);
export type StoredStateLog = z.infer<typeof storedStateLogSchema>;

/** POST /v2/logs/errors 200: how many were stored; the rest went over the session's budget (60 a minute). */
export const reportErrorsResultSchema = z.object({
  result: z.literal(true),
  stored: z.number(),
  dropped: z.number(),
});
export type ReportErrorsResult = z.infer<typeof reportErrorsResultSchema>;

/** GET /v2/logs/errors: one stored error, with who reported it and when the server received it. */
export const loggedErrorSchema = z.object({
  receivedAt: z.string(),
  userId: z.number(),
  username: z.string(),
  deviceId: z.number().nullable(),
  deviceCode: z.string().nullable(),
  sessionId: z.number(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string().nullable(),
  at: z.union([z.string(), z.number()]).nullable(),
});
export const loggedErrorsSchema = z.array(loggedErrorSchema);
export type LoggedError = z.infer<typeof loggedErrorSchema>;
