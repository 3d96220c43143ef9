/** Catalogue tables, settings, devices and resources of the bundle. */
import { and, asc, eq, inArray, isNull, ne, notLike, sql } from 'drizzle-orm';
import type { AppBundle } from '@panel/domain/sync';
import type { Database } from '../../../db/client.js';
import { DEFAULT_SETTINGS } from '../../../db/migrate.js';
import * as s from '../../../db/schema/index.js';
import { presentBase } from './basePresenter.js';
import * as cat from './cataloguePresenter.js';
import { presentDevice } from '../../devices/presenter.js';
import { presentMessageTag } from '../../messages/presenter.js';
import { presentResource } from '../../vehicles/resources/presenter.js';

export type CatalogueKey =
  | 'bases'
  | 'priorities'
  | 'tags'
  | 'eventRoles'
  | 'services'
  | 'eventTypes'
  | 'messageTemplates'
  | 'resourceTypes'
  | 'contactTypes'
  | 'eventCategories'
  | 'eventTerrains'
  | 'messageTags'
  | 'messageCategories'
  | 'messageTypes'
  | 'users'
  | 'groups';

type Bundle = AppBundle;

/** Whole catalogue tables, ordered. */
export async function loadCatalogue<K extends CatalogueKey>(db: Database, key: K): Promise<Bundle[K]> {
  switch (key) {
    case 'bases':
      return (await db.select().from(s.bases).orderBy(asc(s.bases.id))).map(presentBase) as Bundle[K];
    case 'priorities':
      return (await db.select().from(s.priorities).orderBy(asc(s.priorities.sort), asc(s.priorities.id))).map(
        cat.presentPriority,
      ) as Bundle[K];
    case 'tags':
      return (await db.select().from(s.tags).orderBy(asc(s.tags.sort), asc(s.tags.id))).map(
        cat.presentTag,
      ) as Bundle[K];
    case 'eventRoles':
      return (await db.select().from(s.eventRoles).orderBy(asc(s.eventRoles.id))).map(
        cat.presentEventRole,
      ) as Bundle[K];
    case 'services':
      return (await db.select().from(s.services).orderBy(asc(s.services.sort), asc(s.services.id))).map(
        cat.presentService,
      ) as Bundle[K];
    case 'eventTypes':
      return (await db.select().from(s.eventTypes).orderBy(asc(s.eventTypes.sort), asc(s.eventTypes.id))).map(
        cat.presentEventType,
      ) as Bundle[K];
    case 'messageTemplates':
      return (
        await db.select().from(s.messageTemplates).orderBy(asc(s.messageTemplates.sort), asc(s.messageTemplates.id))
      ).map(cat.presentMessageTemplate) as Bundle[K];
    case 'resourceTypes':
      return (await db.select().from(s.resourceTypes).orderBy(asc(s.resourceTypes.sort), asc(s.resourceTypes.id))).map(
        cat.presentResourceType,
      ) as Bundle[K];
    case 'contactTypes':
      return (await db.select().from(s.contactTypes).orderBy(asc(s.contactTypes.id))).map(
        cat.presentContactType,
      ) as Bundle[K];
    case 'eventCategories':
      return (
        await db
          .select()
          .from(s.eventCategories)
          .where(eq(s.eventCategories.active, 1))
          .orderBy(asc(s.eventCategories.sort), asc(s.eventCategories.id))
      ).map(cat.presentEventCategory) as Bundle[K];
    case 'eventTerrains':
      return (await db.select().from(s.eventTerrains).orderBy(asc(s.eventTerrains.sort), asc(s.eventTerrains.id))).map(
        cat.presentEventTerrain,
      ) as Bundle[K];
    case 'messageTags':
      return (await db.select().from(s.messageTags).orderBy(asc(s.messageTags.sort), asc(s.messageTags.id))).map(
        presentMessageTag,
      ) as Bundle[K];
    case 'messageCategories':
      return (await db.select().from(s.messageCategories).orderBy(asc(s.messageCategories.id))).map(
        cat.presentMessageCategory,
      ) as Bundle[K];
    case 'messageTypes':
      return (await db.select().from(s.messageTypes).orderBy(asc(s.messageTypes.code))).map(
        cat.presentMessageType,
      ) as Bundle[K];
    case 'users':
      // names and units only: never the hash, phone or e-mail (bundleUserSchema)
      return (
        await db
          .select({
            id: s.users.id,
            username: s.users.username,
            firstName: s.users.firstName,
            lastName: s.users.lastName,
            baseId: s.users.baseId,
          })
          .from(s.users)
          .where(eq(s.users.active, true))
          .orderBy(asc(s.users.id))
      ).map(cat.presentBundleUser) as Bundle[K];
    case 'groups':
      return (await db.select().from(s.groups).orderBy(asc(s.groups.id))).map(cat.presentGroup) as Bundle[K];
  }
  throw new Error(`unknown catalogue ${String(key)}`);
}

/** Panel settings: defaults overlaid by every settings row without a `sync.`/`private.` prefix. */
export async function loadSettings(db: Database): Promise<Record<string, unknown>> {
  const rows = await db
    .select()
    .from(s.settings)
    .where(and(notLike(s.settings.key, 'sync.%'), notLike(s.settings.key, 'private.%')));
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) out[r.key] = r.value;
  return out;
}

export async function loadDevices(db: Database, opts: { ids?: number[]; baseId?: number | null }) {
  const conds = [];
  if (opts.ids) conds.push(inArray(s.devices.id, opts.ids.length ? opts.ids : [-1]));
  if (opts.baseId !== undefined) conds.push(opts.baseId == null ? sql`false` : eq(s.devices.baseId, opts.baseId));
  const rows = await db
    .select({ device: s.devices, resourceName: s.resources.name })
    .from(s.devices)
    .leftJoin(s.resources, eq(s.resources.id, s.devices.resourceId))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(s.devices.code));
  return rows.map((r) => presentDevice(r.device, r.resourceName));
}

/** Active jobs (not ended, not back at base) by resource id. */
async function activeJobsByResource(db: Database, resourceIds?: number[]) {
  const conds = [isNull(s.eventJobs.endedAt), ne(s.eventJobs.eventJobStatusId, 20)];
  if (resourceIds) conds.push(inArray(s.eventJobs.resourceId, resourceIds.length ? resourceIds : [-1]));
  const jobs = await db
    .select({ id: s.eventJobs.id, eventId: s.eventJobs.eventId, resourceId: s.eventJobs.resourceId })
    .from(s.eventJobs)
    .where(and(...conds))
    .orderBy(asc(s.eventJobs.id));
  const map = new Map<number, { id: number; eventId: number }>();
  for (const j of jobs) if (j.resourceId != null) map.set(j.resourceId, { id: j.id, eventId: j.eventId });
  return map;
}

export async function loadResources(db: Database, ids?: number[]) {
  const rows = await db
    .select({ resource: s.resources, baseCode: s.bases.code })
    .from(s.resources)
    .leftJoin(s.bases, eq(s.bases.id, s.resources.baseId))
    .where(ids ? inArray(s.resources.id, ids.length ? ids : [-1]) : eq(s.resources.active, 1))
    .orderBy(asc(s.resources.id));
  const jobs = await activeJobsByResource(db, ids);
  return rows.map((r) => presentResource(r.resource, r.baseCode, jobs.get(r.resource.id) ?? null));
}
