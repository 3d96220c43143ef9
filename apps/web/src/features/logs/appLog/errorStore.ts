/**
 * The errors the panel collected (window errors, unhandled rejections, console.error): the last 500 for the
 * application log, and a queue of those not yet reported to POST /v2/logs/errors.
 */
export interface CollectedError {
  message: string;
  stack?: string;
  url?: string;
  /** ISO time of the error */
  at: string;
  kind: 'error' | 'rejection' | 'console';
}

/** Errors kept for the application log. */
export const MAX_KEPT_ERRORS = 500;

let kept: CollectedError[] = [];
let unreported: CollectedError[] = [];
const listeners = new Set<() => void>();

export function addError(error: CollectedError): void {
  kept.push(error);
  if (kept.length > MAX_KEPT_ERRORS) kept = kept.slice(-MAX_KEPT_ERRORS);
  unreported.push(error);
  if (unreported.length > MAX_KEPT_ERRORS) unreported = unreported.slice(-MAX_KEPT_ERRORS);
  listeners.forEach((l) => l());
}

/** The kept errors, oldest first. */
export const getErrors = (): readonly CollectedError[] => kept;

export const errorCount = (): number => kept.length;

/** Forgets the kept errors (after the state log carried them); the report queue is not touched. */
export function clearErrors(): void {
  kept = [];
  listeners.forEach((l) => l());
}

/** Takes up to `n` of the oldest unreported errors out of the queue. */
export function takeUnreported(n: number): CollectedError[] {
  const batch = unreported.slice(0, n);
  unreported = unreported.slice(batch.length);
  return batch;
}

/** Puts a batch that could not be reported back at the front of the queue. */
export function returnUnreported(batch: CollectedError[]): void {
  unreported = [...batch, ...unreported].slice(-MAX_KEPT_ERRORS);
}

export const unreportedCount = (): number => unreported.length;

export function subscribeErrors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: empties both lists. */
export function resetErrorStore(): void {
  kept = [];
  unreported = [];
  listeners.forEach((l) => l());
}
