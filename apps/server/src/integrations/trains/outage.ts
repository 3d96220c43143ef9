/**
 * A failed or wrong-shaped answer of the train service is an outage (issue 15): the caller gets 502 with the Czech
 * text, the log gets one error when the outage starts (not one per poll of every panel) and one line when the
 * service answers well again, with how long it was down.
 */
import { HttpError } from '../../errors.js';
import type { ServiceLog } from '../geo/http.js';

export const trainsTexts = {
  unavailable: 'Služba polohy vlaků není dostupná.',
  timeout: 'Služba polohy vlaků neodpověděla včas.',
  notSupported: 'Služba polohy vlaků tento dotaz neumí.',
} as const;

export type OutageReason = 'timeout' | 'unreachable' | 'http' | 'shape' | 'token';

export class TrainsOutage {
  private since: number | null = null;
  constructor(
    private readonly service: string,
    private readonly log: ServiceLog,
    private readonly now: () => number = Date.now,
  ) {}

  get down(): boolean {
    return this.since !== null;
  }

  /** Logs the start of an outage (once) and returns the 502 to throw. */
  fail(reason: OutageReason, detail: Record<string, unknown> = {}): HttpError {
    if (this.since === null) {
      this.since = this.now();
      this.log.error({ service: this.service, reason, ...detail }, `${this.service}: outage (${reason})`);
    }
    return new HttpError(502, reason === 'timeout' ? trainsTexts.timeout : trainsTexts.unavailable);
  }

  /** A good answer: ends an outage (logged with its length). */
  ok(): void {
    if (this.since === null) return;
    const downMs = this.now() - this.since;
    this.since = null;
    this.log.warn({ service: this.service, downMs }, `${this.service}: recovered after ${Math.round(downMs / 1000)} s`);
  }
}

/** The error of a fetch that never got an answer. */
export const fetchFailure = (err: unknown): OutageReason => {
  const name = (err as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
};
