/** Store fixtures and a fetch table for the contacts tests (JSON and form bodies). */
import { vi } from 'vitest';
import type { EventContact } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { makeEvent } from '../../test/factories';
import { demoLogin } from '../../test/utils';

export function contact(id: number, patch: Partial<EventContact> = {}): EventContact {
  return {
    id,
    eventId: 1,
    eventUuid: 'uuid-1',
    contactTypeId: 4,
    contactTypeName: 'Kontakt',
    title: null,
    name: `Kontakt ${id}`,
    number: '725000000',
    custom: 1,
    persistent: 0,
    deviceId: null,
    deviceCode: null,
    prefix: null,
    suffix: null,
    code: null,
    type: null,
    icon: null,
    sort: id,
    priority: 10,
    editable: 1,
    send: null,
    ...patch,
  };
}

/** A rescue event (category 1, type 'event') of base 3 with contacts; the user may create EventContact. */
export function seedContacts(opts: { contacts?: EventContact[]; permissions?: string[]; categoryType?: string } = {}) {
  useAuthStore.getState().login(demoLogin);
  const event = makeEvent(1, { eventCategoryId: 1, baseId: 3, uid: 'PHA-1', eventRoles: [] } as never);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    settings: { product: 'hzs' } as never,
    userPermissions: opts.permissions ?? ['eventContact.create'],
    bases: [{ id: 3, uid: 'hzs-pha', code: 'PHA', name: 'Praha' }] as never,
    contactTypes: [
      { id: 4, name: 'Kontakt', code: 'DEFAULT', icon: null, priority: 10 },
      { id: 5, name: 'Zařízení', code: 'DEVICE', icon: null, priority: 20 },
      { id: 22, name: 'Velitel zásahu', code: 'COMMANDER', icon: null, priority: 100 },
    ],
    eventCategories: [{ id: 1, name: 'Požár', type: opts.categoryType ?? 'event', tabs: ['contacts'] }] as never,
    events: [event],
    eventContacts: opts.contacts ?? [],
  });
  return event;
}

type Answer = { status: number; body?: unknown };
export interface Call {
  method: string;
  url: string;
  body: unknown;
  contentType?: string;
}

/** fetch → `METHOD path` table; JSON bodies parsed, form bodies as URLSearchParams objects. */
export function fetchTable(routes: Record<string, (call: Call) => Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const contentType = headers['Content-Type'] ?? headers['content-type'];
      const raw = init.body == null ? undefined : String(init.body);
      const body =
        raw === undefined
          ? undefined
          : contentType?.includes('urlencoded')
            ? Object.fromEntries(new URLSearchParams(raw))
            : JSON.parse(raw);
      const call: Call = { method: init.method ?? 'GET', url, body, contentType };
      calls.push(call);
      const handler = routes[`${call.method} ${url.split('?')[0]}`];
      const answer = handler ? handler(call) : { status: 404, body: { message: 'not found' } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}
