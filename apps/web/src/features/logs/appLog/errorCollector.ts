/**
 * Error collection (001 §8 'Unhandled errors go to an error-reporting service', §9 'Application log sent
 * automatically when the error count exceeds 100, then errors cleared'). Installed once at start:
 * - window `error` and `unhandledrejection`, and console.error (wrapped lightly: the original still runs);
 * - the last 500 errors are kept (errorStore) for the application log;
 * - new errors are reported to POST /v2/logs/errors every 30 s, at most 30 per call (the server takes 60 a minute
 *   per session and drops the rest), only while there is a session;
 * - when more than 100 errors are kept, the state log is sent and the kept errors cleared.
 */
import { APP_LOG_AUTO_SEND_ERRORS } from '@panel/domain/constants';
import type { ReportErrorsBody } from '@panel/domain/logs';
import { api } from '../../../api/client';
import { useAuthStore } from '../../../stores/authStore';
import { addError, clearErrors, errorCount, returnUnreported, takeUnreported, type CollectedError } from './errorStore';
import { sendStateLog } from './stateLog';

export const REPORT_PERIOD_MS = 30_000;
export const REPORT_BATCH = 30;
/** After a failed automatic state log, wait this long before trying again. */
export const AUTO_SEND_RETRY_MS = 60_000;

const MAX_MESSAGE = 2000;
const MAX_STACK = 20_000;
const MAX_URL = 2000;

let installed: (() => void) | null = null;
let busy = false;
let autoSending = false;
let autoBlockedUntil = 0;

const cut = (s: string | undefined, n: number) => (s && s.length > n ? s.slice(0, n) : s);

function describe(value: unknown): { message: string; stack?: string } {
  if (value instanceof Error) return { message: value.message || value.name || 'Error', stack: value.stack };
  if (typeof value === 'string') return { message: value };
  try {
    return { message: JSON.stringify(value) ?? String(value) };
  } catch {
    return { message: String(value) };
  }
}

/** Records one error (also for callers that catch an error and still want it in the log). */
export function recordError(
  value: unknown,
  kind: CollectedError['kind'] = 'error',
  extra: { url?: string; message?: string } = {},
): void {
  if (busy) return; // an error while recording (e.g. console.error inside) must not loop
  busy = true;
  try {
    const d = describe(value);
    const message = cut((extra.message ?? d.message) || 'Error', MAX_MESSAGE)!;
    addError({
      message,
      stack: cut(d.stack, MAX_STACK),
      url: cut(extra.url ?? (typeof location === 'undefined' ? undefined : location.href), MAX_URL),
      at: new Date().toISOString(),
      kind,
    });
  } finally {
    busy = false;
  }
  if (errorCount() > APP_LOG_AUTO_SEND_ERRORS) queueMicrotask(() => void autoSendStateLog());
}

const hasSession = () => {
  const { token, instance } = useAuthStore.getState();
  return !!token && !!instance;
};

/** Over 100 kept errors: the state log goes out and the kept errors are cleared (on success). */
export async function autoSendStateLog(): Promise<boolean> {
  if (autoSending || errorCount() <= APP_LOG_AUTO_SEND_ERRORS || Date.now() < autoBlockedUntil) return false;
  const { deviceConfirmed, device } = useAuthStore.getState();
  if (!hasSession() || !deviceConfirmed || !device) return false;
  autoSending = true;
  try {
    await sendStateLog();
    clearErrors();
    return true;
  } catch {
    autoBlockedUntil = Date.now() + AUTO_SEND_RETRY_MS;
    return false;
  } finally {
    autoSending = false;
  }
}

/** Reports up to one batch of new errors; a failed batch goes back to the queue. */
export async function reportErrors(): Promise<number> {
  if (!hasSession()) return 0;
  const batch = takeUnreported(REPORT_BATCH);
  if (!batch.length) return 0;
  try {
    const body: ReportErrorsBody = {
      errors: batch.map(({ message, stack, url, at }) => ({ message, stack, url, at })),
    };
    await api.post('/v2/logs/errors', body);
    return batch.length;
  } catch {
    returnUnreported(batch);
    return 0;
  }
}

/** Installs the listeners and the report timer once; returns the uninstall (tests). */
export function installErrorCollector(options: { reportPeriod?: number } = {}): () => void {
  if (installed) return installed;
  if (typeof window === 'undefined') return () => undefined;

  const onError = (e: ErrorEvent) => {
    recordError(e.error ?? e.message, 'error', {
      message: e.message || undefined,
      url: e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : undefined,
    });
  };
  const onRejection = (e: PromiseRejectionEvent) => recordError(e.reason, 'rejection');
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);

  const original = console.error;
  const wrapped = (...args: unknown[]) => {
    original.apply(console, args);
    if (busy) return;
    const error = args.find((a) => a instanceof Error);
    const message = args
      .map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : describe(a).message))
      .join(' ');
    recordError(error ?? message, 'console', { message });
  };
  console.error = wrapped;

  const timer = setInterval(() => void reportErrors(), options.reportPeriod ?? REPORT_PERIOD_MS);

  installed = () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    if (console.error === wrapped) console.error = original;
    clearInterval(timer);
    installed = null;
    autoSending = false;
    autoBlockedUntil = 0;
  };
  return installed;
}
