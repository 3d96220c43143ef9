/**
 * The Web Push service of one app (one database): its keys and a small in-process work queue. Pushes are
 * queued after the command that caused them committed and are sent off the request path: a slow or
 * unreachable push service never delays a dispatcher's save. The queue is bounded: past `MAX_PENDING` jobs a
 * new one is dropped with a warning (the open panels still get everything through the sync).
 */
import type { Database } from '../../db/client.js';
import type { WebPushKeys } from './keys.js';

export const MAX_PENDING = 500;

export interface WebPushService {
  keys: WebPushKeys;
  /** the VAPID subject (mailto: or https:) push services may contact */
  subject: string;
  enqueue(name: string, job: () => Promise<void>): void;
  /** resolves when every queued job has finished (tests, shutdown) */
  idle(): Promise<void>;
  /** stop taking jobs (app close) */
  close(): void;
}

const services = new WeakMap<Database, WebPushService>();

export function createWebPushService(keys: WebPushKeys, subject: string): WebPushService {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  let closed = false;
  return {
    keys,
    subject,
    enqueue(name, job) {
      if (closed) return;
      if (pending >= MAX_PENDING) {
        console.warn('[webPush] queue full, push dropped', { job: name, pending });
        return;
      }
      pending += 1;
      tail = tail
        .then(job)
        .catch((err: unknown) => console.error('[webPush] job failed', { job: name }, err))
        .finally(() => {
          pending -= 1;
        });
    },
    idle: () => tail,
    close() {
      closed = true;
    },
  };
}

export function registerWebPush(db: Database, service: WebPushService): void {
  services.set(db, service);
}

/** The app's service; undefined before the app is ready (or in module tests without an app): nothing is pushed. */
export function webPushFor(db: Database): WebPushService | undefined {
  return services.get(db);
}
