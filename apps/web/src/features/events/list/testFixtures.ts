/** Test catalogue and helpers of the event list, head and calendar tests. */
import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Event, EventContact, EventJob } from '@panel/domain/sync';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore, type BundleInput } from '../../../stores/entitiesStore';
import { EMPTY_CUSTOM_FILTER, useListStore } from '../../../stores/listStore';
import { useMuteStore } from '../../../stores/muteStore';
import { demoLogin } from '../../../test/utils';
import { makeEvent } from '../../../test/factories';
import { contact as contactsTestContact } from '../../contacts/testSetup';
import { makeJob } from '../../vehicles/testVehicles';

export const catalogues: BundleInput = {
  resetData: true,
  settings: {
    eventFilters: [
      { code: 'all', name: 'Vše', eventCategoryIds: [] },
      { code: 'events', name: 'Události', eventCategoryIds: [1, 3, 5, 11, 17] },
      { code: 'calls', name: 'Volání', eventCategoryIds: [7] },
    ],
  } as BundleInput['settings'],
  priorities: [
    { id: 1, name: 'Nízká', color: '#4caf50', sort: 1 },
    { id: 4, name: 'Kritická', color: '#f44336', sort: 4 },
  ],
  eventCategories: [
    { id: 1, name: 'Požár', code: 'POZAR', type: 'event', icon: 'local_fire_department', color: '#d32f2f', sort: 1 },
    { id: 5, name: 'Mimořádná událost', code: 'MU', type: 'event', icon: 'report', color: '#f57c00', sort: 5 },
    { id: 7, name: 'Volání', code: 'CALL', type: 'call', icon: 'call', color: '#1976d2', sort: 7 },
    { id: 14, name: 'Monitoring', code: 'MON', type: 'monitor', icon: 'monitor_heart', color: '#0288d1', sort: 14 },
    { id: 17, name: 'Propojené', code: 'LINK', type: 'event', icon: 'link', color: '#37474f', sort: 17 },
  ] as unknown as BundleInput['eventCategories'],
  tags: [
    { id: 3, tagCategoryId: 2, code: 'C_MEDIA', name: 'Medializováno', color: '#c62828', options: {} },
    { id: 7, tagCategoryId: 3, code: 'ZRANENI', name: 'Zranění osob', color: '#d32f2f', options: {} },
  ],
  contactTypes: [
    { id: 4, name: 'Kontakt', code: 'DEFAULT', icon: null, priority: 10 },
    { id: 22, name: 'Velitel zásahu', code: 'COMMANDER', icon: null, priority: 100 },
  ],
  bases: [
    { id: 2, uid: 'b2', code: 'CDS', name: 'Centrální dispečink', baseCategoryId: 1, longitude: null, latitude: null },
    { id: 3, uid: 'b3', code: 'PHA', name: 'Praha', baseCategoryId: 1, longitude: null, latitude: null },
  ],
  eventTypes: [{ id: 1, code: 'POZAR', name: 'Požár', priority: 1 }],
};

export function loadBundle(patch: BundleInput = {}) {
  useEntitiesStore.getState().applyBundle({ ...catalogues, ...patch });
}

export function loginUnitUser(baseId = 3) {
  useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, baseId } });
}

export function resetListStores() {
  useListStore.getState().reset();
  useListStore.setState({ custom: EMPTY_CUSTOM_FILTER, filterCode: null });
  useMuteStore.setState({ muted: {} });
}

export function event(id: number, patch: Partial<Event> = {}): Event {
  return makeEvent(id, {
    eventToTags: [],
    eventToBase: [],
    priorityId: null,
    messages: { total: 0, unread: {} },
    jobs: [],
    ...patch,
  });
}

/** A list event with only its title in the header (the row shows it). */
export function titled(id: number, title: string, patch: Partial<Event> = {}): Event {
  return event(id, {
    header: {
      title: { value: title, class: null },
      subtitle: { value: null, class: null },
      description: { value: null, class: null },
      overview: { value: null, class: null },
    },
    ...patch,
  });
}

/** The texts of the rendered list rows, top to bottom. */
export const rowTexts = () => screen.queryAllByTestId('event-row').map((row) => row.textContent ?? '');

/** The vehicle tests' job, on event `eventId` and with no uuid (as a job the list got from the bundle). */
export function job(id: number, eventId: number, patch: Partial<EventJob> = {}): EventJob {
  return makeJob(id, { uuid: null, eventUuid: `uuid-${eventId}`, eventId, ...patch });
}

/** The contacts tests' contact, with this list's defaults (no type name, another number, unsorted). */
export function contact(id: number, eventId: number, patch: Partial<EventContact> = {}): EventContact {
  return contactsTestContact(id, {
    eventId,
    eventUuid: `uuid-${eventId}`,
    contactTypeName: null,
    number: '602123456',
    sort: 0,
    priority: 0,
    ...patch,
  });
}

/**
 * jsdom lays nothing out: give the scroll box a 600 px viewport and every row 100 px, as the
 * @tanstack/react-virtual docs suggest for tests. Returns the restore function.
 */
export function mockLayout(viewport = 600, row = 100): () => void {
  const proto = HTMLElement.prototype;
  const saved = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'].map(
    (key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const,
  );
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => viewport });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 360 });
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => row });
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get: () => 360 });
  const rect = vi.spyOn(proto, 'getBoundingClientRect').mockImplementation(() => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    bottom: row,
    right: 360,
    width: 360,
    height: row,
    toJSON: () => ({}),
  }));
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[key];
    }
    rect.mockRestore();
  };
}
