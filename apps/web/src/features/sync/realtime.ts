/**
 * Push over socket.io: subscribes the unit channel base.{uid} and group.{name} channels (with presence),
 * reports Připojuje se / Odpojeno / Připojeno, re-subscribes on reconnect and when the browser is back online.
 * A push carries an invalidation (the sync engine then pulls the delta) or, when `onDelta` is given, the delta
 * itself (`delta`, handshake `pushDeltas: true`): the server then sends this panel `delta` instead of `invalidate`,
 * a larger one as gzip bytes (`gz`, an ArrayBuffer here) that the sync engine inflates (inflate.ts).
 *
 * A node going down closes its transports ("transport close"): socket.io-client then reconnects by itself with
 * its randomized back-off, to another node behind the balancer or to this one restarted. A server-side
 * disconnect ("io server disconnect", e.g. an older node shutting down) stops socket.io-client's own retries,
 * so unless the session ended we reconnect after a short random delay; an ended session's handshake is then
 * refused once and the next poll logs the panel out.
 */
import { io, type Socket } from 'socket.io-client';
import { DEBUG_PUSH_EVENT } from '@panel/domain/logs';
import { texts } from '@panel/domain/locale';
import type { PushedDelta } from '@panel/domain/sync';
import type { RealtimeStatus } from '../../stores/appStore';
import { APP_CODE } from '../../api/client';

/** The window event a `debug` push becomes (001 §2); features/logs/devPanel/DebugDialog opens on it. */
export const DEBUG_EVENT = 'panel:debug';

export interface RealtimeOptions {
  token: string;
  instance: string;
  baseUid: string | null;
  groups: string[];
  onInvalidate: (payload: unknown) => void;
  /** deltas carried in the push (the server sends them instead of `invalidate` when given) */
  onDelta?: (payload: PushedDelta) => void;
  /** the status, and with 'disconnected' after a failure the English message of its category (001 §8) */
  onStatus: (status: RealtimeStatus, error?: string) => void;
  /** the server ended this session (logout elsewhere, password change): log out at once */
  onSessionEnded: () => void;
  /** for tests */
  connect?: typeof io;
}

export type RealtimeErrorCategory = keyof typeof texts.shell.realtimeErrors;

/**
 * The error category of a socket.io disconnect reason or connect_error message (001 §8 "English messages for error
 * categories"); null for a disconnect this panel asked for itself.
 */
export function realtimeErrorCategory(reason: unknown): RealtimeErrorCategory | null {
  switch (reason) {
    case 'io client disconnect':
      return null;
    case 'unauthorized':
      return 'unauthorized';
    case 'unavailable':
      return 'unavailable';
    case 'io server disconnect':
      return 'serverDisconnect';
    case 'transport close':
      return 'transportClose';
    case 'transport error':
    case 'xhr poll error':
    case 'websocket error':
      return 'transportError';
    case 'ping timeout':
      return 'pingTimeout';
    case 'parse error':
      return 'parseError';
    default:
      return typeof navigator !== 'undefined' && !navigator.onLine ? 'offline' : 'unknown';
  }
}

/** The English message of a failure, or undefined for none. */
export function realtimeErrorMessage(reason: unknown): string | undefined {
  const category = realtimeErrorCategory(reason);
  return category ? texts.shell.realtimeErrors[category] : undefined;
}

export function channelsFor(baseUid: string | null, groups: string[]): { base: string[]; groups: string[] } {
  return {
    base: baseUid ? [`base.${baseUid}`] : [],
    groups: groups.map((g) => `group.${g}`),
  };
}

/** spread the reconnects of a room full of panels over a few seconds */
export const SERVER_DISCONNECT_RETRY_MS = { min: 1000, spread: 2000 };

/** the socket of the running connection (one per session), for `emitOnSocket` */
let current: Socket | null = null;

/**
 * Sends `payload` as `event` on the session's socket and resolves with the server's acknowledgement, or null
 * when there is no connected socket or no answer within `timeoutMs` (the caller then takes HTTP instead).
 */
export async function emitOnSocket(event: string, payload: unknown, timeoutMs = 5000): Promise<unknown> {
  const socket = current;
  if (!socket?.connected) return null;
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as unknown;
  } catch {
    return null;
  }
}

export function connectRealtime(options: RealtimeOptions): () => void {
  const connect = options.connect ?? io;
  const socket: Socket = connect({
    path: '/socket.io',
    auth: { token: options.token, instance: options.instance, appCode: APP_CODE, pushDeltas: !!options.onDelta },
    transports: ['websocket', 'polling'],
  });
  current = socket;
  const channels = channelsFor(options.baseUid, options.groups);

  function subscribeAll() {
    for (const channel of [...channels.base, ...channels.groups]) socket.emit('subscribe', { channel });
    for (const channel of channels.groups) socket.emit('presence', { channel });
  }

  options.onStatus('connecting');
  socket.on('connect', () => {
    options.onStatus('connected');
    subscribeAll();
  });
  let sessionEnded = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** socket.io-client does not retry by itself after these; we do, after a short random delay */
  function retryLater() {
    if (sessionEnded || retryTimer) return;
    const delay = SERVER_DISCONNECT_RETRY_MS.min + Math.random() * SERVER_DISCONNECT_RETRY_MS.spread;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (socket.connected || sessionEnded) return;
      options.onStatus('connecting');
      socket.connect();
    }, delay);
  }
  socket.on('disconnect', (reason: unknown) => {
    options.onStatus('disconnected', realtimeErrorMessage(reason));
    if (reason === 'io server disconnect') retryLater();
  });
  socket.on('connect_error', (error) => {
    console.warn('[realtime] connect error', error?.message);
    options.onStatus('disconnected', realtimeErrorMessage(error?.message));
    // the server could not check the session (its database is away): not a refusal, try again; a refused
    // session ('unauthorized') stays refused — the next HTTP call answers 401 and logs out
    if (error?.message === 'unavailable' && !socket.active) retryLater();
  });
  socket.io.on('reconnect_attempt', () => options.onStatus('connecting'));
  socket.on('invalidate', (payload: unknown) => options.onInvalidate(payload));
  socket.on('delta', (payload: unknown) => {
    if (!options.onDelta) return;
    // a payload not of the expected shape is treated as an invalidation: pull
    if (isPushedDelta(payload)) options.onDelta(payload);
    else options.onInvalidate(payload);
  });
  socket.on('session-ended', () => {
    sessionEnded = true;
    options.onSessionEnded();
  });
  // 001 §2: a debug push opens the developer panel's debug dialog (features/logs/devPanel/DebugDialog)
  socket.on(DEBUG_PUSH_EVENT, (payload: unknown) =>
    window.dispatchEvent(new CustomEvent(DEBUG_EVENT, { detail: payload })),
  );

  const handleOnline = () => {
    if (socket.connected) subscribeAll();
    else {
      options.onStatus('connecting');
      socket.connect();
    }
  };
  window.addEventListener('online', handleOnline);

  return () => {
    if (retryTimer) clearTimeout(retryTimer);
    window.removeEventListener('online', handleOnline);
    if (current === socket) current = null;
    socket.removeAllListeners();
    socket.io.removeAllListeners();
    socket.disconnect();
    options.onStatus('disconnected');
  };
}

function isPushedDelta(p: unknown): p is PushedDelta {
  if (typeof p !== 'object' || p === null) return false;
  const d = p as Record<string, unknown>;
  return (
    typeof d.revision === 'number' &&
    typeof d.from === 'string' &&
    typeof d.uid === 'string' &&
    (d.data === null || (typeof d.data === 'object' && d.data !== undefined)) &&
    (d.gz === undefined || typeof d.gz === 'string')
  );
}
