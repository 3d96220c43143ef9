/**
 * HTTP errors that routes throw and the one error handler turns into the wire shapes of docs/ARCHITECTURE.md "Errors and the 422 shape":
 * 400/403/404/413 `{message}`, 401 `{result: false, message}`, 409 `{message, current}`, 422 `[{field, message}]`.
 */
import type { FieldError } from './texts.js';
import { serverTexts } from './texts.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** the exact body to send; default `{message}` */
    readonly body?: unknown,
    /** headers to send with it (e.g. Retry-After) */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429 (too many) or 503 (busy, unavailable) `{message}` with `Retry-After`: an expected refusal, try later */
export const retryLater = (statusCode: 429 | 503, message: string, seconds: number) =>
  new HttpError(statusCode, message, undefined, { 'retry-after': String(seconds) });

export const badRequest = (message: string = serverTexts.malformed) => new HttpError(400, message);

export const unauthorized = (message: string = serverTexts.unauthorized) =>
  new HttpError(401, message, { result: false, message });

export const forbidden = (message: string = serverTexts.forbidden) => new HttpError(403, message);

export const notFound = (message: string = serverTexts.notFound) => new HttpError(404, message);

export const conflict = (current: unknown, message: string = serverTexts.conflict) =>
  new HttpError(409, message, { message, current });

/** 422 with field errors; pass one `{field, message}` or a list */
export const unprocessable = (errors: FieldError | FieldError[]) => {
  const list = Array.isArray(errors) ? errors : [errors];
  return new HttpError(422, list[0]?.message ?? serverTexts.validation, list);
};

export const isHttpError = (e: unknown): e is HttpError => e instanceof HttpError;
