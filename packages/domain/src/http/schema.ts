/**
 * The wire shapes every route shares: the error bodies of docs/ARCHITECTURE.md "Errors and the 422 shape" and small answers.
 * The server's error handler sends exactly these; the OpenAPI document lists them on every route.
 */
import { z } from 'zod';

/**
 * 400/403/404/413/429/503 `{message}` in Czech; a 403 of an event write names the `field` it refuses. Loose: an
 * area may add a detail to its refusal without the house shape failing it.
 */
export const errorBody = z.looseObject({ message: z.string(), field: z.string().optional() }).meta({ id: 'ErrorBody' });

/** 401 `{result: false, message}`: no session or a revoked one; the panel goes back to the login screen */
export const unauthorizedBody = z
  .object({ result: z.literal(false), message: z.string() })
  .meta({ id: 'Unauthorized' });

/**
 * 409 `{message, current?, changed?}`: the record changed meanwhile; `current` is it as it is now (left out when
 * the caller may not see it, e.g. a uuid taken by another base), `changed` its fields
 */
export const conflictBody = z
  .looseObject({ message: z.string(), current: z.unknown().optional(), changed: z.array(z.string()).optional() })
  .meta({ id: 'Conflict' });

/** One refused field of a 422 (its type is `FieldError`, fieldErrors.ts) */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/** 422 `[{field, message}]`: each refused field with the spec's Czech text */
export const fieldErrorsBody = z.array(fieldErrorSchema).meta({ id: 'FieldErrors' });

/** `{result: true}`: a write that has nothing else to say */
export const okResult = z.object({ result: z.literal(true) });

/**
 * `{status: 1, msg}` done, `{status: 0, msg}` not done: the answer of the form-data calls taken over from the old
 * system (POST /{product}/contact/sms, POST /ktc/panel/sendMessage); the panel shows `msg`.
 */
export const statusMsgResult = z.object({ status: z.union([z.literal(0), z.literal(1)]), msg: z.string() });

/** A binary or non-JSON answer (file, image, audio, HTML): documented by its content type, never serialised. */
export const binaryBody = (description: string) => z.any().describe(description);

export type ErrorBody = z.infer<typeof errorBody>;
export type FieldErrorsBody = z.infer<typeof fieldErrorsBody>;
export type StatusMsgResult = z.infer<typeof statusMsgResult>;
