/** Wire types of the event-side tables in the POST /v2/app bundle (000 §3, 001 §3). */
import type { Flag, MessageTagDefinition } from './catalogue';
import type { EtaSource } from '../tracking/types';

export interface HeaderValue {
  value: string | null;
  class: string | null;
}

export interface EventHeader {
  title: HeaderValue;
  subtitle: HeaderValue;
  description: HeaderValue;
  overview: HeaderValue;
}

export interface EventAlert {
  title: string | null;
  subtitle: string | null;
  description: string | null;
  /**
   * Ours (issue 12 item 3): who accepted the alert ('Přijmout zprávu', state 0 → 1), recorded by the server with
   * the transition so every other panel can say who took the event. Absent until accepted.
   */
  acceptedBy?: AlertAcceptance | null;
}

/** Who accepted an event's alert and when (wire time). */
export interface AlertAcceptance {
  userId: number;
  name: string;
  deviceId: number | null;
  at: string;
}

export interface Conversation {
  id: number;
  messageCategoryId: number;
  type: number;
}

export interface AddressData {
  distance?: number | null;
  [key: string]: unknown;
}

/** Our shape: unread message counts of an event per messageCategoryId. */
export interface EventMessageCounts {
  total: number;
  unread: Record<string, number>;
}

export interface Event {
  /** null while the event exists only locally. */
  id: number | null;
  uuid: string;
  parentId: number | null;
  eventStateId: number;
  eventStatusId: number;
  eventTypeId: number | null;
  eventSourceId: number | null;
  eventCategoryId: number;
  eventTerrainId: number | null;
  serviceId: number | null;
  priorityId: number | null;
  deviceId: number | null;
  baseId: number | null;
  uid: string | null;
  eventToBase: number[];
  eventAccess: number[];
  eventRoles: number[];
  eventToTags: number[];
  code: string | null;
  header: EventHeader;
  alert: EventAlert | null;
  data: { trainNumber?: string | null; [key: string]: unknown } | null;
  subject: string | null;
  description: string | null;
  reporterName: string | null;
  reporterNumber: string | null;
  reporterDescription: string | null;
  address: string | null;
  addressData: AddressData | null;
  addressDescription: string | null;
  start: string | null;
  eta: string | null;
  etaDuration: number | null;
  startAt: string | null;
  endAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  targetLatitude: number | null;
  targetLongitude: number | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  investigator: string | null;
  manager: string | null;
  conversations: Conversation[];
  /** Our shape: last known positions reported for the event. */
  locations: { longitude: number; latitude: number }[];
  messages: EventMessageCounts | null;
  /** Our shape: ids of the event's jobs. */
  jobs: number[];
  createdAt: string | null;
  insertedAt: string | null;
  /** Optimistic-concurrency version (409 on mismatch). */
  version: number;
}

export interface EventToEvent {
  id: number;
  sourceEventId: number;
  targetEventId: number;
  /**
   * A summary of the source event. `parentId` tells whether the source hangs on the target (a child, state 4)
   * or is only linked (the linked-events summary of category 17): the parent lists its children from these
   * rows, because a child is inactive and so is not among the synced events (issue 12 item 8).
   */
  sourceEvent:
    | (Pick<Event, 'id' | 'uuid' | 'code' | 'header' | 'eventCategoryId' | 'eventStateId'> &
        Partial<Pick<Event, 'parentId'>>)
    | null;
}

export interface ResourcePosition {
  latitude: number;
  longitude: number;
  speed: number | null;
  sourceName: string | null;
  updatedAt: string | null;
  eta: string | null;
  route: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  /** JSON text. */
  waypoints: string | null;
  /** where `eta` and `route` came from (issue 14): a road route, or an estimate the panel labels as one */
  etaSource?: EtaSource | null;
}

export interface Resource {
  id: number;
  name: string;
  licence: string | null;
  baseId: number;
  baseCode: string | null;
  resourceTypeId: number;
  icon: string | null;
  url: string | null;
  urlName: string | null;
  /** Id of the event the vehicle is deployed on. */
  event: number | null;
  /** Id of the vehicle's current job. */
  eventJob: number | null;
  pnt: ResourcePosition | null;
  /** 0 off, 1 trip, 2 observer, 3 navigation. */
  status: number;
  locationAt: string | null;
  locationAccuracy: number | null;
}

export interface EventJob {
  id: number;
  uuid: string | null;
  eventUuid: string;
  eventId: number;
  eventJobStatusId: number;
  baseId: number;
  resourceId: number;
  vehicle: number | null;
  arriveAt: string | null;
  eventJobCategoryId: number | null;
  showWaypointsTimeout: number;
  /** automatic statuses by the vehicle's position (at the scene, on the way back, at base); absent = on */
  geofence?: boolean;
}

/** Drawn geo object. */
export interface EventGeo {
  id: number;
  uuid: string;
  geojson: unknown;
  eventId: number;
  eventUuid: string;
  sequence: number;
  title: string | null;
  createdBy: number | null;
}

/** Note point (poi). */
export interface EventObject {
  id: number;
  uuid: string;
  eventId: number;
  eventUuid: string;
  sequence: number;
  longitude: number;
  latitude: number;
  content: string | null;
}

export interface EventContact {
  id: number;
  eventId: number;
  eventUuid: string;
  contactTypeId: number;
  contactTypeName: string | null;
  title: string | null;
  name: string | null;
  number: string | null;
  custom: Flag | boolean;
  persistent: Flag | boolean;
  deviceId: number | null;
  deviceCode: string | null;
  prefix: string | null;
  suffix: string | null;
  code: string | null;
  type: string | null;
  icon: string | null;
  sort: number;
  priority: number;
  editable: Flag | boolean;
  send: { name: string | null; prefix: string | null; suffix: string | null } | null;
}

/**
 * A message tag as the panel shows it on a message (000 §3 "Message tag"): the definition from the `messageTags`
 * catalogue with the message's state (0 inactive, 1 active). Not on the wire: the panel builds it with
 * `resolveMessageTags` (`@panel/domain/messages`) from the catalogue and the message's applied tags.
 */
export interface MessageTag extends MessageTagDefinition {
  state: Flag;
}

/**
 * Our shape (issue 13 item 2): a tag applied to a message as the message carries it — its id in the bundle's
 * `messageTags` catalogue and its state (1: a row exists only while the tag is applied). Until issue 13 every
 * message carried the full definition of every tag, applied or not: most of the bundle's bytes.
 */
export interface AppliedMessageTag {
  id: number;
  state: Flag;
}

export interface Message {
  id: number;
  uuid: string | null;
  eventUuid: string;
  eventId: number;
  conversationId: number | null;
  messageCategoryId: number;
  type: string;
  content: string | null;
  data: { tts?: string | null; stt?: { text: string | null } | null; [key: string]: unknown } | null;
  media: string[] | null;
  read: Flag;
  userId: number | null;
  deviceId: number | null;
  deviceCode: string | null;
  senderName: string | null;
  longitude: number | null;
  latitude: number | null;
  accuracy: number | null;
  sequence: number;
  createdAt: string;
  insertedAt: string | null;
  updatedAt: string | null;
  /** Only the applied tags (see AppliedMessageTag); their definitions are the `messageTags` catalogue. */
  tags: AppliedMessageTag[];
}

/**
 * Answer of POST /v2/event-jobs/{id}/route ('send route to the vehicle', 000 §5/§8, issue 12 item 13): the route
 * from the user's home unit to the event's destination (else its target) as written to the vehicle, and the
 * vehicle with its new `pnt` (destination, waypoints, route, eta).
 */
export interface SentRoute {
  jobId: number;
  route: { type: 'LineString'; coordinates: [number, number][] };
  durationText: string;
  distanceText: string;
  distance: number;
  duration: number;
  resource: Resource;
}
