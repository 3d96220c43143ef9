/** Wire types of POST /v2/app: the bundle, its entity keys and the entity of each key. */
import type {
  Base,
  ContactType,
  Device,
  EventCategory,
  EventRole,
  EventTerrain,
  EventType,
  MessageTagDefinition,
  MessageTemplate,
  Priority,
  ResourceType,
  Service,
  Settings,
  Tag,
} from './catalogue';
import type { Event, EventContact, EventGeo, EventJob, EventObject, EventToEvent, Message, Resource } from './entities';

export type * from './catalogue';
export type * from './entities';

/** Entity tables of the bundle, key → row type. */
export interface BundleEntities {
  bases: Base;
  priorities: Priority;
  tags: Tag;
  eventRoles: EventRole;
  services: Service;
  eventTypes: EventType;
  messageTemplates: MessageTemplate;
  resourceTypes: ResourceType;
  contactTypes: ContactType;
  eventCategories: EventCategory;
  eventTerrains: EventTerrain;
  /** Ours (issue 13 item 2): the message tag definitions, once; messages carry only their applied tags. */
  messageTags: MessageTagDefinition;
  devices: Device;
  events: Event;
  eventToEvent: EventToEvent;
  resources: Resource;
  eventJobs: EventJob;
  eventGeos: EventGeo;
  eventObjects: EventObject;
  eventContacts: EventContact;
  messages: Message;
}

export type EntityKey = keyof BundleEntities;
export type EntityOf<K extends EntityKey> = BundleEntities[K];

/** Entity keys in bundle order. */
export const BUNDLE_KEYS = [
  'bases',
  'priorities',
  'tags',
  'eventRoles',
  'services',
  'eventTypes',
  'messageTemplates',
  'resourceTypes',
  'contactTypes',
  'eventCategories',
  'eventTerrains',
  'messageTags',
  'devices',
  'events',
  'eventToEvent',
  'resources',
  'eventJobs',
  'eventGeos',
  'eventObjects',
  'eventContacts',
  'messages',
] as const satisfies readonly EntityKey[];

/** Catalogue tables: whole in a full bundle, in a delta only when changed. */
export const CATALOGUE_KEYS = [
  'bases',
  'priorities',
  'tags',
  'eventRoles',
  'services',
  'eventTypes',
  'messageTemplates',
  'resourceTypes',
  'contactTypes',
  'eventCategories',
  'eventTerrains',
  'messageTags',
] as const satisfies readonly EntityKey[];

export type AppBundle = { [K in EntityKey]: BundleEntities[K][] } & {
  settings: Settings;
  /** Server permission strings `subject.action`. */
  userPermissions: string[];
  resetData: boolean;
  /** `{epoch}.{revision}` */
  uid: string;
  /** Delta only: ids deleted or no longer visible since the given uid. */
  removed?: Partial<Record<EntityKey, number[]>>;
};

/** Request body of POST /v2/app. */
export interface AppRequest {
  uid: string | null;
}

/**
 * Socket.io `delta` (sent to sockets whose handshake asked `pushDeltas: true`, instead of `invalidate`): a write
 * committed revision `revision`. `data` is exactly the POST /v2/app answer a panel holding uid `from` would
 * get now (its own unread counts and read flags included); a panel at `from` applies it and holds `uid` without
 * a pull. `data: null` (too big, a long span, the server could not build it): pull as after `invalidate`.
 */
export interface PushedDelta {
  revision: number;
  from: string;
  uid: string;
  data: AppBundle | null;
}
