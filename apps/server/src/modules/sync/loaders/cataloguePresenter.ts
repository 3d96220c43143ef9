/** Catalogue rows → wire shapes of the bundle (priorities, tags, event roles, services, event types, message
 * templates, resource types, contact types, event categories, terrains). */
import type {
  BundleUser,
  ContactType,
  EventCategory,
  EventRole,
  EventTerrain,
  EventType,
  Group,
  MessageCategory,
  MessageTemplate,
  MessageType,
  Priority,
  ResourceType,
  Service,
  Tag,
} from '@panel/domain/sync';
import { resourceTemplateIdOf } from '@panel/domain/vehicles';
import type {
  contactTypes,
  eventCategories,
  eventRoles,
  eventTerrains,
  eventTypes,
  groups,
  messageCategories,
  messageTemplates,
  messageTypes,
  priorities,
  resourceTypes,
  services,
  tags,
} from '../../../db/schema/index.js';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
const flag = (n: number): 0 | 1 => (n ? 1 : 0);

export const presentPriority = (r: Row<typeof priorities>): Priority => ({
  id: r.id,
  name: r.name,
  color: r.color,
  sort: r.sort,
});

export const presentTag = (r: Row<typeof tags>): Tag => ({
  id: r.id,
  tagCategoryId: r.tagCategoryId,
  code: r.code,
  name: r.name,
  color: r.color,
  options: (r.options as Record<string, unknown>) ?? null,
});

export const presentEventRole = (r: Row<typeof eventRoles>): EventRole => ({
  id: r.id,
  name: r.name,
  permissions: r.permissions,
});

export const presentService = (r: Row<typeof services>): Service => ({
  id: r.id,
  name: r.name,
  code: r.code,
  eventTypeId: r.eventTypeId,
});

export const presentEventType = (r: Row<typeof eventTypes>): EventType => ({
  id: r.id,
  code: r.code,
  name: r.name,
  priority: flag(r.priority),
});

export const presentMessageTemplate = (r: Row<typeof messageTemplates>): MessageTemplate => ({
  id: r.id,
  name: r.name,
  content: r.content,
  messageCategoryId: r.messageCategoryId,
});

export const presentResourceType = (r: Row<typeof resourceTypes>): ResourceType => {
  const options = (r.options as ResourceType['options']) ?? null;
  // 000 §3: type 1 always uses template 1, whatever its row says
  const template = resourceTemplateIdOf(r.id, options?.resourceTemplateId);
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    options: template === undefined ? options : { ...(options ?? {}), resourceTemplateId: template },
  };
};

export const presentMessageCategory = (r: Row<typeof messageCategories>): MessageCategory => ({
  id: r.id,
  categoryId: r.id,
  name: r.name,
  color: r.color,
  unreadClass: r.unreadClass,
});

export const presentMessageType = (r: Row<typeof messageTypes>): MessageType => ({
  id: r.id,
  code: r.code,
  name: r.name,
});

export const presentBundleUser = (r: BundleUser): BundleUser => ({
  id: r.id,
  username: r.username,
  firstName: r.firstName,
  lastName: r.lastName,
  baseId: r.baseId,
});

export const presentGroup = (r: Row<typeof groups>): Group => ({ id: r.id, name: r.name, description: r.description });

export const presentContactType = (r: Row<typeof contactTypes>): ContactType => ({
  id: r.id,
  name: r.name,
  code: r.code,
  icon: r.icon,
  priority: r.priority,
});

export const presentEventCategory = (r: Row<typeof eventCategories>): EventCategory => ({
  id: r.id,
  name: r.name,
  code: r.code ?? '',
  codeShortName: r.codeShortName,
  type: r.type as EventCategory['type'],
  icon: r.icon,
  color: r.color,
  alert: flag(r.alert),
  soundAssetId: r.soundAssetId,
  tabs: r.tabs as string[],
  sort: r.sort,
  inputs: r.inputs as EventCategory['inputs'],
  actions: r.actions as EventCategory['actions'],
  defaultValues: r.defaultValues as Record<string, unknown>,
  toggleCategoryIds: r.toggleCategoryIds as number[],
  marker: (r.marker as EventCategory['marker']) ?? null,
});

export const presentEventTerrain = (r: Row<typeof eventTerrains>): EventTerrain => ({
  id: r.id,
  code: r.code,
  name: r.name,
  icon: r.icon,
});
