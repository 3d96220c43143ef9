/**
 * The page's side of the service-worker token bridge (001 §7): posts SET_TOKEN {token} to the worker on
 * login, on a token change, when a new worker takes control and whenever the worker asks with
 * REQUEST_AUTH_TOKEN; posts SET_TOKEN {token: null} on logout.
 */
import { useAuthStore } from '../stores/authStore';
import { REQUEST_AUTH_TOKEN, SET_TOKEN } from './swToken';

type Poster = { postMessage: (message: unknown) => void };

export interface BridgeContainer {
  controller: Poster | null;
  addEventListener: (type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void) => void;
  removeEventListener: (type: 'message' | 'controllerchange', listener: (event: MessageEvent) => void) => void;
}

export function startAuthBridge(
  container: BridgeContainer | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator.serviceWorker as unknown as BridgeContainer | undefined),
): () => void {
  if (!container) return () => undefined;
  const token = () => useAuthStore.getState().token;
  const send = (target: Poster | null) => target?.postMessage({ type: SET_TOKEN, token: token() });

  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (data?.type !== REQUEST_AUTH_TOKEN) return;
    const source = event.source as Poster | null;
    send(source && typeof source.postMessage === 'function' ? source : container.controller);
  };
  const onControllerChange = () => send(container.controller);

  container.addEventListener('message', onMessage);
  container.addEventListener('controllerchange', onControllerChange);
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (state.token !== previous.token) send(container.controller);
  });
  send(container.controller);

  return () => {
    unsubscribe();
    container.removeEventListener('message', onMessage);
    container.removeEventListener('controllerchange', onControllerChange);
  };
}
