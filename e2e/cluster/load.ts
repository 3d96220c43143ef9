/**
 * What the cluster carries during each phase, all through nginx over HTTPS:
 * - panels: a logged-in session each, holding a socket (the web's transports, WebSocket then polling; each
 *   from its own loopback address, so the sticky hash spreads them over the nodes) and polling deltas
 *   `POST /v2/app {uid}` as the web's sync engine does — every 8 s and at once on a push;
 * - writers: messages with client uuids, retried with the same uuid as the web's outbox does (network errors
 *   and 5xx — apps/web/src/stores/outboxStore.ts isNetworkFailure); a 4xx is a refusal the user would see.
 * Each answer the panel would not retry by itself (a 4xx; for a poll a 401 logs the panel out) is counted as an
 * error a user would see.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { HttpsClient } from './https.js';
import { sleep } from './util.js';

/** the web's autoRefreshPeriod default (apps/server/src/db/migrate.ts DEFAULT_SETTINGS) */
export const POLL_PERIOD_MS = 8000;
/** the outbox retries every 5 s; the test retries sooner so a phase stays short (same uuid either way) */
export const WRITE_RETRY_MS = 300;

export interface Session {
  headers: Record<string, string>;
  token: string;
  instance: string;
}

export async function login(client: HttpsClient, username: string): Promise<Session> {
  const res = await client.call('POST', '/v2/auth/login', { username, password: 'panel-demo' });
  const body = res.body as { message: string; instance: string; device: { id: number } };
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  const headers = { authorization: `Bearer ${body.message}`, 'app-instance': body.instance };
  const device = await client.call('POST', '/v2/auth/device', { deviceId: body.device.id }, headers);
  if (device.status !== 200) throw new Error(`device ${username}: ${device.status}`);
  return { headers, token: body.message, instance: body.instance };
}

/** revision of a sync uid `{epoch}.{revision}` */
export const revisionOf = (uid: string | null): number => (uid ? Number(uid.split('.').pop()) : -1);

export interface Counters {
  /** answers a user would see as an error (4xx; on a poll 401 = logged out) */
  userErrors: string[];
  /** answers the panel retries by itself (5xx, network errors), by kind */
  retried: Record<string, number>;
}

export const newCounters = (): Counters => ({ userErrors: [], retried: {} });

function countRetried(c: Counters, what: string): void {
  c.retried[what] = (c.retried[what] ?? 0) + 1;
}

export class Panel {
  uid: string | null = null;
  socket: Socket | null = null;
  /** times of pushes received; reset per phase */
  pushes: number[] = [];
  disconnects = 0;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  counters: Counters = newCounters();

  constructor(
    readonly index: number,
    private readonly client: HttpsClient,
    private readonly base: string,
    private readonly ca: Buffer,
    readonly session: Session,
    private readonly baseUid: string,
  ) {}

  async start(): Promise<void> {
    this.running = true;
    await this.poll();
    if (this.uid === null) throw new Error(`panel ${this.index}: no full bundle`);
    this.socket = io(this.base, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      auth: { token: this.session.token, instance: this.session.instance, appCode: 'panel' },
      ca: this.ca.toString('utf8'),
      // its own loopback address (engine.io-client passes it to ws, untyped): nginx's sticky hash
      // ($remote_addr) then puts panels on both nodes
      ...{ localAddress: `127.0.0.${10 + this.index}` },
    });
    this.socket.on('connect', () => this.socket?.emit('subscribe', { channel: `base.${this.baseUid}` }));
    this.socket.on('invalidate', () => {
      this.pushes.push(Date.now());
      this.wake?.();
    });
    this.socket.on('disconnect', (reason) => {
      this.disconnects++;
      // as apps/web/src/features/sync/realtime.ts: socket.io-client does not retry after a server disconnect; the panel does
      if (reason === 'io server disconnect') setTimeout(() => this.socket?.connect(), 1000 + Math.random() * 2000);
    });
    this.socket.on('connect_error', (error) => {
      if (error.message === 'unauthorized') this.counters.userErrors.push(`socket refused: ${error.message}`);
      if (error.message === 'unavailable' && !this.socket?.active) {
        setTimeout(() => this.socket?.connect(), 1000 + Math.random() * 2000);
      }
    });
    this.socket.on('session-ended', () => this.counters.userErrors.push('session ended'));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`panel ${this.index}: socket did not connect`)), 15_000);
      this.socket?.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    this.loop = this.run();
  }

  /** the socket's transport now (websocket, or polling when the upgrade failed) */
  transport(): string {
    return this.socket?.io.engine?.transport?.name ?? 'none';
  }

  connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** one delta poll (the full bundle first) */
  private async poll(): Promise<void> {
    try {
      const res = await this.client.call('POST', '/v2/app', { uid: this.uid }, this.session.headers);
      if (res.status === 200) this.uid = (res.body as { uid: string }).uid;
      else if (res.status >= 500) countRetried(this.counters, `poll ${res.status}`);
      else this.counters.userErrors.push(`poll ${res.status}: ${JSON.stringify(res.body).slice(0, 120)}`);
    } catch (error) {
      countRetried(this.counters, `poll ${(error as Error).message}`);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_PERIOD_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
      if (this.running) await this.poll();
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.socket?.close();
  }
}

export interface WriteLog {
  sent: number;
  acked: Set<string>;
  ackTimes: number[];
  counters: Counters;
}

export const newWriteLog = (): WriteLog => ({ sent: 0, acked: new Set(), ackTimes: [], counters: newCounters() });

/** Writers sending messages to one event until `end()`; a message under way is retried until acknowledged. */
export class Writers {
  private running = false;
  private readonly loops: Promise<void>[] = [];
  log: WriteLog = newWriteLog();

  constructor(
    private readonly client: HttpsClient,
    private readonly session: Session,
    private readonly eventId: number,
    private readonly count: number,
  ) {}

  begin(log: WriteLog): void {
    this.log = log;
    this.running = true;
    for (let i = 0; i < this.count; i++) this.loops.push(this.writer());
  }

  async end(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops.splice(0));
  }

  private async writer(): Promise<void> {
    while (this.running) {
      const uuid = randomUUID();
      const log = this.log;
      log.sent++;
      const giveUpAt = Date.now() + 90_000;
      while (Date.now() < giveUpAt) {
        const status = await this.send(uuid).catch((error: Error) => error.message);
        if (typeof status === 'number' && status >= 200 && status < 300) {
          log.acked.add(uuid);
          log.ackTimes.push(Date.now());
          break;
        }
        if (typeof status === 'number' && status < 500) {
          log.counters.userErrors.push(`message ${status}`);
          break; // the outbox drops it with an error toast
        }
        countRetried(log.counters, `message ${status}`);
        await sleep(WRITE_RETRY_MS);
      }
      await sleep(100);
    }
  }

  private async send(uuid: string): Promise<number> {
    const res = await this.client.call(
      'POST',
      '/v2/messages',
      { uuid, eventId: this.eventId, content: `cluster ${uuid}`, messageCategoryId: 1, type: 'X03', media: null },
      this.session.headers,
    );
    return res.status;
  }
}
