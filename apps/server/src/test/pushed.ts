/**
 * A pushed delta as a panel takes it (apps/web/src/features/sync/inflate.ts): the answer in `data`, whether it
 * came plain or, over PUSH_PLAIN_MAX_BYTES (realtime/deltaPush.ts), as the gzip-compressed `gz` (base64) inflated
 * here. Tests that compare what a push carries with a pull use it; the tests of the size limits read the raw delta.
 */
import { gunzipSync } from 'node:zlib';
import type { AppBundle, PushedDelta } from '@panel/domain/sync';

export function asTaken(pushed: PushedDelta): PushedDelta {
  if (!pushed.gz) return pushed;
  const data = JSON.parse(gunzipSync(Buffer.from(pushed.gz, 'base64')).toString('utf8')) as AppBundle;
  return { ...pushed, data, gz: undefined };
}
