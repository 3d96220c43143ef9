/**
 * What a panel holding `uid` does with a pushed delta `{from, uid: to}` (issue 13's deltas in the push; the web's
 * sync engine and the benchmarks' panels decide alike).
 *
 * A delta (from, to] holds every row changed after `from`, read at or after `to`, so it also holds everything a
 * panel at any revision between `from` and `to` is missing: rows replace theirs by id, removed ids stay removed,
 * unread counts are absolute. Such a panel applies it. Requiring the panel to hold exactly `from` broke the push
 * whenever revisions move faster than pushes go out (positions commit a batch every 250 ms, the push to a
 * channel goes at most once a second): a panel's own periodic poll leaves it at a revision between two pushes,
 * so it could apply none of them and pulled after every push — a pull per panel per second while vehicles move
 * (issue 23: 2,000 panels, 1.6 % of pushes applied).
 */
export type PushFit = 'apply' | 'skip' | 'pull';

/** `"{epoch}.{revision}"` → its parts, or null when malformed (the server's uid format, sync/revision.ts). */
function parts(uid: string | null | undefined): { epoch: string; revision: number } | null {
  if (!uid) return null;
  const dot = uid.lastIndexOf('.');
  if (dot <= 0) return null;
  const revision = Number(uid.slice(dot + 1));
  return Number.isSafeInteger(revision) && revision >= 0 ? { epoch: uid.slice(0, dot), revision } : null;
}

/**
 * 'apply': the panel is at or after `from` and before `to` (same epoch); 'skip': it already holds `to` or newer
 * (a pull got there first); 'pull': anything else — behind `from`, another epoch, no uid, a malformed one.
 */
export function pushFit(uid: string | null | undefined, from: string | undefined, to: string | undefined): PushFit {
  const at = parts(uid);
  const start = parts(from);
  const end = parts(to);
  if (!at || !end || at.epoch !== end.epoch) return 'pull';
  if (at.revision >= end.revision) return 'skip';
  if (!start || start.epoch !== at.epoch || at.revision < start.revision) return 'pull';
  return 'apply';
}
