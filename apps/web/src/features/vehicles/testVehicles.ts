/** Fixtures of the vehicle tests: vehicles, jobs, types and bases as the bundle and GET /v2/resources send them. */
import { toWireTime } from '@panel/domain/locale';
import type { Event, EventJob, Resource } from '@panel/domain/sync';
import type { ResourceOverview } from '../../api/jobs';
import { useAppStore } from '../../stores/appStore';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { demoLogin, resetStores } from '../../test/utils';

export const NOW = new Date('2025-06-01T10:00:00Z').getTime();
export const ago = (seconds: number) => toWireTime(new Date(NOW - seconds * 1000));

export const TYPES = {
  1: { id: 1, code: 'CAS', name: 'Cisterna', options: null },
  5: { id: 5, code: 'DRON', name: 'Dron', options: null },
  6: { id: 6, code: 'INSP', name: 'Inspektor', options: null },
};

export const BASES = {
  3: { id: 3, uid: 'hzs-pha', code: 'PHA', name: 'Praha', baseCategoryId: 1, latitude: 50, longitude: 14 },
  4: { id: 4, uid: 'hzs-brn', code: 'BRN', name: 'Brno', baseCategoryId: 1, latitude: 49, longitude: 16 },
};

export function makeResource(id: number, patch: Partial<Resource> = {}): Resource {
  const locationAt = patch.locationAt === undefined ? ago(60) : patch.locationAt;
  return {
    id,
    name: `Vozidlo ${id}`,
    licence: `1A${id} 0000`,
    baseId: 3,
    baseCode: 'PHA',
    resourceTypeId: 1,
    icon: null,
    url: null,
    urlName: null,
    event: null,
    eventJob: null,
    status: 0,
    locationAccuracy: 5,
    ...patch,
    locationAt,
    pnt:
      locationAt === null
        ? null
        : {
            latitude: 50.1,
            longitude: 14.4,
            speed: 0,
            sourceName: 'GPS',
            updatedAt: locationAt,
            eta: null,
            route: null,
            destinationLatitude: null,
            destinationLongitude: null,
            waypoints: null,
            ...patch.pnt,
          },
  };
}

export const overview = (r: Resource, job: ResourceOverview['job'] = null): ResourceOverview => ({ ...r, job });

export function makeJob(id: number, patch: Partial<EventJob> = {}): EventJob {
  return {
    id,
    uuid: `job-${id}`,
    eventUuid: 'uuid-1',
    eventId: 1,
    eventJobStatusId: 15,
    baseId: 3,
    resourceId: id,
    vehicle: id,
    arriveAt: null,
    eventJobCategoryId: null,
    showWaypointsTimeout: 0,
    ...patch,
  };
}

/**
 * The vehicle tests' start: the demo user (base 3 = PHA, may create jobs) logged in, the clock at NOW, and the
 * types, bases, events, vehicles and jobs of the test in the store.
 */
export function seedVehicles(data: { events: Event[]; resources: Resource[]; eventJobs: EventJob[] }): void {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useAppStore.getState().set({ secondDate: NOW });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['eventJob.create'],
    resourceTypes: Object.values(TYPES),
    bases: Object.values(BASES),
    ...data,
  });
}
