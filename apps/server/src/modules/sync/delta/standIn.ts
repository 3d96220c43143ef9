/**
 * Compressed stand-ins for pulls (issue 28 item 1). While a fleet reports, each position batch (four a second)
 * makes a new span, so the panels of one bucket (span.ts) get a new answer four times a second, and its brotli
 * or gzip bytes are made on libuv's threadpool. Every pull of the bucket asking meanwhile waited for them — on a
 * two-core machine 10–20 ms, a loop left idle while 50 connections waited (measured: 6–17 % of their time).
 *
 * So a pull whose own bytes are still being made is answered the newest answer of the same base (data, bucket,
 * epoch: cache.ts baseOf), user or class and settings whose bytes in its encoding are made — the same rule as
 * cache.ts newestReady one level up: at most COALESCE_MS old, never less than the panel holds (its upTo at or
 * above the panel's since). Its uid says which revision it reaches; the panel's next pull brings the rest.
 */
import type { Database } from '../../../db/client.js';
import type { EncodedAnswer, Encoding } from '../../../sync/encodedAnswer.js';
import { COALESCE_MS, standInsOf } from './cache.js';

/** Stand-ins kept per database at most (one per base, answer key and encoding; swept with the spans). */
export const MAX_STAND_INS = 2_000;

/** Where an answer comes from: its base and answer key (`key`) and the revision it reaches. */
interface Origin {
  key: string;
  upTo: number;
  /**
   * encodings whose bytes are already set to be kept once made: one callback per answer and encoding, not one
   * per pull that came while they were being made (up to ~50 at once under the poll benchmark)
   */
  watched: Set<Encoding>;
}
const origins = new WeakMap<EncodedAnswer, Origin>();

/** Records what an answer is (encoded.ts, when it is built). */
export function noteOrigin(answer: EncodedAnswer, key: string, upTo: number): void {
  origins.set(answer, { key, upTo, watched: new Set() });
}

function keep(db: Database, answer: EncodedAnswer, origin: Origin, encoding: Encoding): void {
  const standIns = standInsOf(db);
  const key = `${origin.key}|${encoding}`;
  const kept = standIns.get(key);
  if (kept && kept.upTo >= origin.upTo) return;
  standIns.delete(key); // re-set at the end: the map's order stays oldest first
  while (standIns.size >= MAX_STAND_INS) standIns.delete(standIns.keys().next().value!);
  standIns.set(key, { at: Date.now(), upTo: origin.upTo, answer });
}

/**
 * `answer` when its bytes in `encoding` are made, else the newest stand-in of its base (see above), else
 * `answer` (the caller waits for its bytes). Once made, `answer`'s bytes stand in for the newer answers.
 */
export function readyOrStandIn(
  db: Database,
  answer: EncodedAnswer,
  encoding: Encoding,
  since: number,
  now = Date.now(),
): EncodedAnswer {
  if (answer.ready(encoding)) return answer;
  const origin = origins.get(answer);
  if (!origin) return answer;
  if (!origin.watched.has(encoding)) {
    origin.watched.add(encoding);
    answer.encoded(encoding).then(
      () => keep(db, answer, origin, encoding),
      () => undefined, // not kept; the asker has the error
    );
  }
  const standIn = standInsOf(db).get(`${origin.key}|${encoding}`);
  const fits = standIn && now - standIn.at <= COALESCE_MS && standIn.upTo >= since && standIn.upTo < origin.upTo;
  return fits ? standIn.answer : answer;
}
