/**
 * HTTP client of the panel: adds the session headers (Authorization, app-code, app-instance), speaks JSON,
 * throws ApiError on a non-2xx answer, cancels a previous GET of the same kind and logs out on 401.
 */
import { useAuthStore } from '../stores/authStore';

export const APP_CODE = 'panel';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** a 503/429's `Retry-After` in ms: how long the server asks to be left alone (null: it did not say) */
  retryAfterMs: number | null = null;
  constructor(status: number, body: unknown, message?: string) {
    super(message ?? messageOf(body) ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The server's `message` field of an error body, if there is one. */
export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    if (typeof m === 'string' && m) return m;
  }
  return undefined;
}

export interface RequestOptions {
  body?: unknown;
  /** GETs with the same key cancel each other; defaults to the path without its query. */
  key?: string;
  signal?: AbortSignal;
  /** Calls that need no session (login, version.json). */
  anonymous?: boolean;
}

const pendingGets = new Map<string, AbortController>();

/** The session headers of the panel: Authorization, app-code, app-instance. */
export function sessionHeaders(): Record<string, string> {
  const { token, instance } = useAuthStore.getState();
  const headers: Record<string, string> = { 'app-code': APP_CODE };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (instance) headers['app-instance'] = instance;
  return headers;
}

/** A response text as JSON, or as it is when it is not JSON; empty → undefined. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A non-2xx answer: 401 means the session (token + instance) is gone and the panel logs out. */
function failure(response: Response, data: unknown, anonymous = false): ApiError {
  if (response.status === 401 && !anonymous) useAuthStore.getState().logout();
  const error = new ApiError(response.status, data);
  const seconds = Number(response.headers.get('retry-after') ?? NaN); // the delta-seconds form (ours)
  if (Number.isFinite(seconds) && seconds > 0) error.retryAfterMs = seconds * 1000;
  return error;
}

/**
 * fetch with the session headers for calls that need the Response itself (paging headers, blobs, file
 * bodies, form data); a non-2xx answer throws ApiError (and logs out on 401) like `request`.
 */
export async function fetchRaw(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, { ...init, headers: { ...sessionHeaders(), ...(init.headers as object) } });
  if (!response.ok) throw failure(response, parseBody(await response.text().catch(() => '')));
  return response;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(options.anonymous ? {} : sessionHeaders()),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const key = method === 'GET' ? (options.key ?? path.split('?')[0]) : undefined;
  if (key) {
    pendingGets.get(key)?.abort();
    pendingGets.set(key, controller);
  }
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer) {
    if (outer.aborted) controller.abort();
    else outer.addEventListener('abort', onOuterAbort, { once: true });
  }

  try {
    const response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
    const data = parseBody(await response.text());
    if (!response.ok) throw failure(response, data, options.anonymous);
    return data as T;
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    if (key && pendingGets.get(key) === controller) pendingGets.delete(key);
  }
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
