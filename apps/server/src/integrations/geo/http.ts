/**
 * Calling a real map service: a timeout (10 s, 001 §9 RAILWAY_SERVICE_TIMEOUT), every failure logged with the
 * service name and URL, and thrown as `ServiceError` (the route turns it into the spec's Czech text).
 */
import { RAILWAY_SERVICE_TIMEOUT } from '@panel/domain/constants';

/** The part of pino (request.log) the providers use. */
export interface ServiceLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: ServiceLog = { warn: () => {}, error: () => {} };

export class ServiceError extends Error {
  constructor(
    readonly service: string,
    message: string,
    /** the upstream HTTP status, when there was an answer */
    readonly status?: number,
    /** a message the service itself gave (rail image shows it) */
    readonly serviceMessage?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export interface FetchOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: ServiceLog;
}

/** Fetches and returns the Response when 2xx; throws ServiceError (logged) on timeout, network error, non-2xx. */
export async function callService(
  service: string,
  url: string,
  init: RequestInit = {},
  opts: FetchOptions = {},
): Promise<Response> {
  const log = opts.log ?? silentLog;
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs ?? RAILWAY_SERVICE_TIMEOUT) });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    const reason = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable';
    log.error({ err, service, url, reason }, `${service}: service ${reason}`);
    throw new ServiceError(service, `${service}: ${reason}`);
  }
  if (!res.ok) {
    let text = '';
    try {
      text = (await res.text()).slice(0, 500);
    } catch {
      // body unreadable: the status says enough
    }
    log.error({ service, url, status: res.status, body: text }, `${service}: HTTP ${res.status}`);
    throw new ServiceError(service, `${service}: HTTP ${res.status}`, res.status, messageOf(text));
  }
  return res;
}

/** A JSON answer of a real service (ServiceError, logged, when it is not JSON). */
export async function callServiceJson<T = unknown>(
  service: string,
  url: string,
  init: RequestInit = {},
  opts: FetchOptions = {},
): Promise<T> {
  const res = await callService(
    service,
    url,
    { ...init, headers: { accept: 'application/json', ...init.headers } },
    opts,
  );
  try {
    return (await res.json()) as T;
  } catch (err) {
    (opts.log ?? silentLog).error({ err, service, url }, `${service}: answer is not JSON`);
    throw new ServiceError(service, `${service}: answer is not JSON`, res.status);
  }
}

function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** `base` + `path` without a doubled slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
