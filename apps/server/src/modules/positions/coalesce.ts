/**
 * Coalesced invalidations for the position path (issue 14 item 3): 100 positions a second would otherwise push
 * 100 `invalidate`s a second to every panel, each followed by a delta pull. Position commands publish through
 * this wrapper: the first invalidation after a quiet second goes out at once, later ones within the second are
 * merged (channels united, newest revision, tables united) and sent when the second is over. So each channel
 * hears of positions at most once a second (per server process), and a move reaches the panels within ~1 s plus
 * one delta. Other writes publish through the hub directly and are never delayed.
 */
import type { PushHub } from '../../context.js';

export interface CoalescingHub extends PushHub {
  /** sends what is waiting now (tests, shutdown) */
  flush(): void;
}

export function createCoalescingHub(target: () => PushHub, windowMs = 1000, now = () => Date.now()): CoalescingHub {
  const pendingChannels = new Set<string>();
  const pendingTables = new Set<string>();
  let pendingRevision = 0;
  /** every merged revision moved positions alone */
  let pendingMoves = true;
  /** notices merged into the pending one */
  let pendingCount = 0;
  let lastSent = -Infinity;
  let timer: NodeJS.Timeout | null = null;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pendingChannels.size === 0) return;
    const channels = [...pendingChannels];
    const payload = {
      revision: pendingRevision,
      tables: [...pendingTables],
      moves: pendingMoves,
      merged: pendingCount > 1,
    };
    pendingChannels.clear();
    pendingTables.clear();
    pendingMoves = true;
    pendingCount = 0;
    lastSent = now();
    try {
      // one emit to all channels: a socket in several of them hears it once
      target().invalidate(channels, payload);
    } catch (err) {
      console.error('[panel] position invalidate failed', err);
    }
  };

  return {
    invalidate(channels, payload) {
      for (const c of channels) pendingChannels.add(c);
      for (const t of payload.tables) pendingTables.add(t);
      pendingRevision = Math.max(pendingRevision, payload.revision);
      pendingMoves &&= payload.moves === true;
      pendingCount += payload.merged ? 2 : 1;
      if (timer) return;
      const wait = lastSent + windowMs - now();
      if (wait <= 0) flush();
      else {
        timer = setTimeout(flush, wait);
        timer.unref();
      }
    },
    channelsForBases: (baseIds) => target().channelsForBases(baseIds),
    emitToDevice: (deviceId, event, payload) => target().emitToDevice?.(deviceId, event, payload),
    redisState: () => target().redisState?.() ?? 'off',
    async close() {
      flush();
    },
    flush,
  };
}
