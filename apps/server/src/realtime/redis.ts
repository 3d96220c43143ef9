/**
 * Fan-out between server processes through Redis: the socket.io Redis adapter carries room emits and
 * presence queries (fetchSockets) between nodes, and a plain channel `panel:revision` tells every node the
 * newest committed revision so its in-memory "nothing changed" answer of POST /v2/app stays honest.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { createAdapter } from '@socket.io/redis-adapter';

export const REVISION_CHANNEL = 'panel:revision';

export interface RedisFanout {
  /** pass to `io.adapter(...)` */
  adapter: ReturnType<typeof createAdapter>;
  /** announce a committed revision to the other nodes */
  publishRevision(revision: number): void;
  close(): Promise<void>;
}

export async function connectRedis(
  url: string,
  opts: { onRemoteRevision?: (revision: number) => void; onError?: (error: Error) => void } = {},
): Promise<RedisFanout> {
  const nodeId = randomUUID();
  const onError = opts.onError ?? ((e: Error) => console.error('[panel] redis:', e.message));
  const pub = createClient({ url });
  const sub = pub.duplicate();
  const revisionSub = pub.duplicate();
  for (const c of [pub, sub, revisionSub]) c.on('error', onError);
  await Promise.all([pub.connect(), sub.connect(), revisionSub.connect()]);

  await revisionSub.subscribe(REVISION_CHANNEL, (message) => {
    try {
      const { node, revision } = JSON.parse(message) as { node?: string; revision?: unknown };
      if (node !== nodeId && typeof revision === 'number' && Number.isFinite(revision)) {
        opts.onRemoteRevision?.(revision);
      }
    } catch {
      // a foreign message on our channel: ignore
    }
  });

  return {
    adapter: createAdapter(pub, sub, { key: 'panel', requestsTimeout: 2000 }),
    publishRevision(revision) {
      pub.publish(REVISION_CHANNEL, JSON.stringify({ node: nodeId, revision })).catch(onError);
    },
    async close() {
      await Promise.all([revisionSub, sub, pub].map((c) => (c.isOpen ? c.close().catch(() => undefined) : undefined)));
    },
  };
}
