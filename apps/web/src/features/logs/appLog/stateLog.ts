/**
 * The application log (001 §2 'Odeslání aplikačního logu', §7 'Upload state file'): the panel's state as JSON —
 * auth (without the token), app state, setup, a summary of the entities (counts, the active event), the
 * collected errors, the outbox and, when the alerts feature is there, its notification queue — POSTed to
 * /v2/logs/log/{deviceId}/{YYYYMMDDHHmmss}/state.json.
 */
import { formatFileTimestamp, toWireTime } from '@panel/domain/locale';
import { api } from '../../../api/client';
import { useAppStore } from '../../../stores/appStore';
import { useAuthStore } from '../../../stores/authStore';
import { COLLECTION_KEYS, findEventByUuid, useEntitiesStore } from '../../../stores/entitiesStore';
import { useOutboxStore } from '../../../stores/outboxStore';
import { useSetupStore } from '../../../stores/setupStore';
import { useUiStore } from '../../../stores/uiStore';
import { useNotificationStore } from '../../alerts/notificationQueue';
import { getErrors } from './errorStore';

/** A value as plain JSON: functions dropped, cycles cut, errors and blobs described. */
export function toPlain(value: unknown): unknown {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'function') return undefined;
    if (typeof v === 'bigint') return String(v);
    if (v instanceof Error) return { name: v.name, message: v.message, stack: v.stack };
    if (typeof Blob !== 'undefined' && v instanceof Blob) return { blob: v.type, size: v.size };
    if (v instanceof Map) return Object.fromEntries(v);
    if (v instanceof Set) return [...v];
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[circular]';
      seen.add(v);
    }
    return v;
  });
  return text === undefined ? null : JSON.parse(text);
}

/** The state of a zustand store (or any object) without its functions. */
const stateOf = (state: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(state).filter(([, v]) => typeof v !== 'function'));

/** The notification queue (items, flags, what plays now) without its functions. */
async function notificationQueue(): Promise<unknown> {
  return stateOf(useNotificationStore.getState());
}

function entitiesSummary() {
  const state = useEntitiesStore.getState();
  const counts = Object.fromEntries(COLLECTION_KEYS.map((k) => [k, Object.keys(state[k] ?? {}).length]));
  const ui = useUiStore.getState();
  const active = ui.activeEventUuid ? findEventByUuid(state, ui.activeEventUuid) : null;
  const local = ui.activeEventUuid ? ui.localEvents[ui.activeEventUuid] : undefined;
  const event = active ?? local ?? null;
  return {
    uid: state.uid,
    counts,
    userPermissions: state.userPermissions,
    settings: state.settings,
    activeEvent: event
      ? {
          id: event.id ?? null,
          uuid: event.uuid ?? null,
          code: event.code ?? null,
          baseId: event.baseId ?? null,
          eventCategoryId: event.eventCategoryId ?? null,
          eventStateId: event.eventStateId ?? null,
          eventStatusId: event.eventStatusId ?? null,
          local: !active,
        }
      : null,
  };
}

/** The state log body. */
export async function buildStateLog(now: Date = new Date()): Promise<Record<string, unknown>> {
  const { token: _token, ...auth } = stateOf(useAuthStore.getState());
  const ui = useUiStore.getState();
  const body = {
    createdAt: toWireTime(now),
    location: typeof location === 'undefined' ? null : location.href,
    userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    auth,
    app: stateOf(useAppStore.getState()),
    setup: stateOf(useSetupStore.getState()),
    ui: {
      page: ui.page,
      sidebar: ui.sidebar,
      sidebarOpen: ui.sidebarOpen,
      activeEventUuid: ui.activeEventUuid,
      localEvents: Object.keys(ui.localEvents).length,
    },
    entities: entitiesSummary(),
    errors: [...getErrors()],
    outbox: useOutboxStore.getState().items,
    notifications: await notificationQueue(),
  };
  return toPlain(body) as Record<string, unknown>;
}

/** 'YYYYMMDDHHmmss' (Prague) of the upload path. */
export const stateStamp = (now: Date = new Date()): string => formatFileTimestamp(now).replace('_', '');

export class NoDeviceError extends Error {
  constructor() {
    super('no confirmed device');
    this.name = 'NoDeviceError';
  }
}

/** Builds and uploads the state log for the session's device. */
export async function sendStateLog(now: Date = new Date()): Promise<void> {
  const { device, token, deviceConfirmed } = useAuthStore.getState();
  if (!device || !token || !deviceConfirmed) throw new NoDeviceError();
  const body = await buildStateLog(now);
  await api.post(`/v2/logs/log/${encodeURIComponent(device.id)}/${stateStamp(now)}/state.json`, body);
}
