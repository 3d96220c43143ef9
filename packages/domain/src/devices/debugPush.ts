/**
 * The debug push (001 §2 "A debug dialog opens when a debug event arrives"): an operator with manage Debug sends
 * a JSON object to one device; its panels receive the socket event `debug` and open the debug dialog with it.
 */
import { z } from 'zod';
import { debugPushTexts } from './texts';

export const DEBUG_PUSH_EVENT = 'debug';

export const DEBUG_PUSH_MAX_BYTES = 64 * 1024;

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
