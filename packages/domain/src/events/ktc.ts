/**
 * POST /ktc/panel/sendMessage (000 §7): the KTC form handing a message to ISV. The body is a form
 * (url-encoded or multipart), so every field arrives as text; `id` is the message id, `unit_id` the unit's uid.
 */
import { z } from 'zod';
import { statusMsgResult } from '../http/schema';
import { wireIdParam } from '../http/wireValues';

export const ktcSendBody = z.object({
  id: wireIdParam(),
  unit_id: z.coerce.string().trim().min(1),
});

/** `{status: 1, msg}` handed over, `{status: 0, msg}` refused (unknown unit, ISV failure); the panel shows `msg` */
export const isvResultSchema = statusMsgResult;

export type KtcSendBody = z.input<typeof ktcSendBody>;
export type IsvResult = z.infer<typeof isvResultSchema>;
