/**
 * A click on a push notification lands here: the service worker posts PANEL_OPEN_EVENT to the focused panel, or
 * opens a new one on `/?event={id}` (`&accept=1` for 'Přijmout'). The event is made active; 'Přijmout' accepts
 * it the way the alert card's button does (`acceptEventAlert`). The address parameters are removed once read,
 * so a reload does not accept again.
 */
import { ALERT_STATE } from '@panel/domain/constants';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useUiStore } from '../../stores/uiStore';
import { acceptEventAlert, eventAlertKey } from '../alerts/alertService';
import { PANEL_OPEN_EVENT } from '../../pwa/pushHandlers';

export interface OpenRequest {
  eventId: number;
  accept: boolean;
}

/** `?event=12&accept=1` → the request; null without a valid event id. */
export function openRequestOf(search: string): OpenRequest | null {
  const params = new URLSearchParams(search);
  const id = Number(params.get('event'));
  if (!Number.isInteger(id) || id <= 0) return null;
  return { eventId: id, accept: params.get('accept') === '1' };
}

/** Opens the event (when this panel has it) and, asked to, accepts its alert. False when the event is unknown. */
export async function openEventFromPush(request: OpenRequest): Promise<boolean> {
  const event = Object.values(useEntitiesStore.getState().events).find((e) => e.id === request.eventId);
  if (!event) return false;
  useUiStore.getState().setActiveEvent(event.uuid);
  if (request.accept && Number(event.eventStateId) === ALERT_STATE) {
    await acceptEventAlert(eventAlertKey(event.uuid), event.uuid);
  }
  return true;
}

/** Reads the address once and listens to the worker; the returned function stops listening. */
export function startPushLinks(
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> | undefined = typeof navigator ===
  'undefined'
    ? undefined
    : navigator.serviceWorker,
): () => void {
  const fromAddress = openRequestOf(window.location.search);
  if (fromAddress) {
    const url = new URL(window.location.href);
    url.searchParams.delete('event');
    url.searchParams.delete('accept');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    void openEventFromPush(fromAddress);
  }
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; eventId?: unknown; accept?: unknown } | null;
    if (data?.type !== PANEL_OPEN_EVENT || typeof data.eventId !== 'number') return;
    void openEventFromPush({ eventId: data.eventId, accept: data.accept === true });
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
