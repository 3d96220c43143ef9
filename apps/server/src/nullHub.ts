/**
 * Hubs without a socket server: the null hub (tests, embedded use) records what would have been pushed, and the
 * deferred hub lets the app be built before the socket server exists (server.ts attaches socket.io to the HTTP
 * server Fastify created, then binds the real hub).
 */
import type { InvalidationPayload, PushHub } from './context.js';

/** `moves` is recorded only when set */
export interface RecordedInvalidation extends InvalidationPayload {
  channels: string[];
}

export interface RecordedDeviceEmit {
  deviceId: number;
  event: string;
  payload: unknown;
}

export interface NullHub extends PushHub {
  /** every invalidate() call, oldest first */
  readonly invalidations: RecordedInvalidation[];
  /** every emitToDevice() call, oldest first */
  readonly deviceEmits: RecordedDeviceEmit[];
}

export function createNullHub(
  channelsForBases: (baseIds: number[]) => Promise<string[]> = async (ids) => ids.map((id) => `base.${id}`),
): NullHub {
  const invalidations: RecordedInvalidation[] = [];
  const deviceEmits: RecordedDeviceEmit[] = [];
  return {
    invalidations,
    deviceEmits,
    invalidate(channels, payload) {
      invalidations.push({
        channels: [...channels],
        revision: payload.revision,
        tables: [...payload.tables],
        ...(payload.moves && { moves: true }),
        ...(payload.merged && { merged: true }),
      });
    },
    emitToDevice(deviceId, event, payload) {
      deviceEmits.push({ deviceId, event, payload });
    },
    channelsForBases,
    redisState: () => 'off',
    async close() {},
  };
}

export interface DeferredHub extends PushHub {
  bind(hub: PushHub): void;
}

export function createDeferredHub(): DeferredHub {
  let target: PushHub | null = null;
  return {
    bind(hub) {
      target = hub;
    },
    invalidate(channels, payload) {
      target?.invalidate(channels, payload);
    },
    emitToDevice(deviceId, event, payload) {
      target?.emitToDevice?.(deviceId, event, payload);
    },
    async channelsForBases(baseIds) {
      return target ? target.channelsForBases(baseIds) : [];
    },
    // before binding there is no fan-out yet; a bound hub without the method has none either
    redisState: () => target?.redisState?.() ?? 'off',
    stats: () => target?.stats?.() ?? { sockets: 0, pushes: { invalidate: 0, delta: 0, device: 0, sessionEnded: 0 } },
    async close() {
      await target?.close();
    },
  };
}
