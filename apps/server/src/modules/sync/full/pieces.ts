/**
 * JSON text cut around one value: the shared full bundle keeps each message and event as the text before and
 * after its per-user value (a message's read flag, an event's message counts), so a user's bundle is joined
 * from kept text instead of stringifying 10,000 objects per request.
 */
import { randomUUID } from 'node:crypto';

/** A string no stored value holds (a random id made at start), put where the per-user value goes. */
const MARK = `panel-full-bundle-${randomUUID()}`;
const MARK_JSON = JSON.stringify(MARK);

/**
 * JSON.stringify(obj) cut at the value of `key`: `[head, tail]` such that `head + JSON.stringify(v) + tail`
 * equals JSON.stringify({...obj, [key]: v}) (the key keeps its place: it already exists on obj).
 */
export function splitAt(obj: object, key: string): [string, string] {
  if (!(key in obj)) throw new Error(`splitAt: no ${key}`);
  const text = JSON.stringify({ ...obj, [key]: MARK });
  const at = text.indexOf(MARK_JSON);
  if (at < 0 || text.indexOf(MARK_JSON, at + 1) >= 0) throw new Error('splitAt: marker not found once');
  return [text.slice(0, at), text.slice(at + MARK_JSON.length)];
}
