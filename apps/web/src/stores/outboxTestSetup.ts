/** Test setup shared by the outbox tests (text and files): a logged-in user, an empty outbox, a scripted fetch. */
import { afterEach, beforeEach, vi } from 'vitest';
import { demoLogin, resetStores } from '../test/utils';
import { useAuthStore } from './authStore';
import { stopOutboxRunner, useOutboxStore } from './outboxStore';

/** Call at a test file's top level: each test starts logged in with an empty outbox, and stops the runner after. */
export function setupOutboxTests(): void {
  beforeEach(() => {
    resetStores();
    useOutboxStore.setState({ items: [] });
    useAuthStore.getState().login(demoLogin);
  });
  afterEach(() => {
    stopOutboxRunner();
    vi.unstubAllGlobals();
  });
}

export interface FetchCall<B = unknown> {
  url: string;
  method: string;
  contentType: string | null;
  /** a JSON string body parsed, any other body as it was sent */
  body: B;
}

/** Stubs fetch to answer with `answers` in turn (then a network error); returns the calls as they come. */
export function fetchSequence<B = unknown>(answers: (() => Response | Promise<Response>)[]): FetchCall<B>[] {
  const calls: FetchCall<B>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push({
        url,
        method: init.method ?? 'GET',
        contentType: headers.get('Content-Type'),
        body: (typeof init.body === 'string' ? JSON.parse(init.body) : init.body) as B,
      });
      const next = answers.shift();
      if (!next) throw new TypeError('no more answers');
      return next();
    }),
  );
  return calls;
}
