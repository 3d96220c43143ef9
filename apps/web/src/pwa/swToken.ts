/**
 * The service worker's side of the token bridge (001 §7), kept free of worker globals so it can be tested:
 * the page posts SET_TOKEN {token} (null on logout); when the worker needs a token and has none it posts
 * REQUEST_AUTH_TOKEN to its window clients and waits for the next SET_TOKEN. The token lives only in the
 * worker's memory (a restarted worker asks again).
 */
export const SET_TOKEN = 'SET_TOKEN';
export const REQUEST_AUTH_TOKEN = 'REQUEST_AUTH_TOKEN';
export const SKIP_WAITING = 'SKIP_WAITING';

export interface ClientLike {
  postMessage: (message: unknown) => void;
}

export interface TokenKeeper {
  /** handles a message from a page; returns true when it was one of ours */
  handleMessage: (data: unknown) => boolean;
  current: () => string | null;
  /** the token, asking the pages for it when there is none (resolves null after `timeout` ms) */
  get: (timeout?: number) => Promise<string | null>;
  request: () => Promise<void>;
}

export function isSetToken(data: unknown): data is { type: typeof SET_TOKEN; token: string | null } {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as { type?: unknown }).type === SET_TOKEN &&
    ((data as { token?: unknown }).token === null || typeof (data as { token?: unknown }).token === 'string')
  );
}

export function createTokenKeeper(clients: () => Promise<readonly ClientLike[]>): TokenKeeper {
  let token: string | null = null;
  let waiters: ((token: string | null) => void)[] = [];

  const request = async () => {
    for (const client of await clients()) client.postMessage({ type: REQUEST_AUTH_TOKEN });
  };

  return {
    handleMessage(data) {
      if (!isSetToken(data)) return false;
      token = data.token || null;
      const pending = waiters;
      waiters = [];
      pending.forEach((resolve) => resolve(token));
      return true;
    },
    current: () => token,
    request,
    async get(timeout = 3000) {
      if (token) return token;
      const answer = new Promise<string | null>((resolve) => {
        waiters.push(resolve);
        setTimeout(() => {
          waiters = waiters.filter((w) => w !== resolve);
          resolve(token);
        }, timeout);
      });
      await request();
      return answer;
    },
  };
}
