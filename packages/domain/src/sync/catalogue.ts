/**
 * Wire types of the catalogue tables in the POST /v2/app bundle (000 §3, 001 §3).
 * Fields the spec names keep its names; shapes it does not show are ours (marked "our shape").
 */
import type { MapLayersConfig } from '../map/layers';

/** 1/0 flags as the spec stores them. */
export type Flag = 0 | 1;

/** Our shape: the settings row; the spec names autoRefresh, period, send-on-Enter, dark mode, dev panel. */
export interface Settings {
  autoRefresh: boolean;
  autoRefreshPeriod: number;
  sendOnEnter: boolean;
  darkMode: boolean;
  devPanelVisible: boolean;
  /** Filter chips of the event list. */
  eventFilters: EventFilter[];
  /** 'production' hides the environment chip. */
  environment: string;
  /** Product path segment of the external calls (e.g. 'hzs'). */
  product: string;
  /** The external DŽIN application's page of an event: `{code}` is the event code; null = not configured. */
  dzinEventUrl?: string | null;
  /** Production map services (issue 6), from the server's MAP_LAYERS; absent = offline map only. */
  mapLayers?: MapLayersConfig | null;
  /** Our shape: set while the map services do not answer and the offline map stands in (issue 15); null = fine */
  mapNotice?: string | null;
  /** Screens narrower than this (px) get the phone layout; 768 when absent. */
  mobileBreakpoint?: number | null;
  /** false turns the automatic job statuses by position off everywhere (issue 14); absent = on */
  geofence?: boolean | null;
}

export interface EventFilter {
  code: string;
  name: string;
  eventCategoryIds: number[];
}

export interface Base {
  id: number;
  uid: string;
  code: string;
  name: string;
  baseCategoryId: number;
  longitude: number | null;
  latitude: number | null;
}

export interface Priority {
  id: number;
  name: string;
  color: string | null;
  sort: number;
}

export interface TagCategory {
  id: number;
  name: string;
  code: string | null;
}

export interface Tag {
  id: number;
  tagCategoryId: number | null;
  code: string;
  name: string;
  color: string | null;
  options: Record<string, unknown> | null;
}

export interface EventRole {
  id: number;
  name: string;
  /** Server permission strings `subject.action`. */
  permissions: string[];
}

export interface Service {
  id: number;
  name: string;
  code: string | null;
  /** Choosing the service sets the event's eventTypeId. */
  eventTypeId: number | null;
}

export interface EventType {
  id: number;
  code: string;
  name: string;
  priority: Flag;
}

/**
 * A message tag's definition (000 §3 "Message tag" without the per-message state): the `messageTags` catalogue of
 * the bundle (issue 13 item 2), sent whole in a full bundle and in a delta when a definition changes. Codes
 * FWD_{n}, ISV, CONF, DZIN_INPUT (001 §3).
 */
export interface MessageTagDefinition {
  id: number;
  code: string;
  name: string;
  color: string | null;
  colorText: string | null;
  tooltipActive: string | null;
  tooltipInactive: string | null;
  options: { canRemove?: Flag };
  sort: number;
}

export interface MessageTemplate {
  id: number;
  name: string;
  content: string;
  messageCategoryId: number | null;
}

export interface ResourceType {
  id: number;
  name: string;
  code: string | null;
  options: { icon?: { file: string }; resourceTemplateId?: number } | null;
}

export interface ContactType {
  id: number;
  name: string;
  code: string | null;
  icon: string | null;
  priority: number;
}

export type CategoryType = 'event' | 'call' | 'chat' | 'support' | 'data' | 'monitor';
export type CategoryActionName = 'create' | 'update' | 'close' | 'remove' | 'queue' | 'calendar';

export interface CategoryInput {
  label: string;
  title: string | null;
  required: Flag;
  sort: number;
  color: string | null;
  group: string | null;
  view: string | null;
  prepend: string | null;
  append: string | null;
  readonly: boolean | Flag;
}

export interface CategoryAction {
  label: string;
  tooltip: string | null;
  confirm: string | null;
  icon: string | null;
  class: string | null;
}

export interface CategoryMarker {
  shape: string | null;
  color: string | null;
  scale: number | null;
  icon: string | null;
  iconFont: string | null;
  iconCharCode: string | null;
  iconFontFamily: string | null;
  iconColor: string | null;
  iconOffset: [number, number] | null;
}

export interface EventCategory {
  id: number;
  name: string;
  code: string;
  codeShortName: string | null;
  type: CategoryType;
  icon: string | null;
  color: string | null;
  alert: Flag;
  soundAssetId: number | null;
  tabs: string[];
  sort: number;
  inputs: Record<string, CategoryInput>;
  actions: Partial<Record<CategoryActionName, CategoryAction>>;
  defaultValues: Record<string, unknown>;
  toggleCategoryIds: number[];
  marker: CategoryMarker | null;
}

export interface EventTerrain {
  id: number;
  code: string;
  name: string;
  icon: string | null;
}

export type DeviceOwnership = 'corporate' | 'private';

/** 001 §3. `baseId` and `userId` are ours (the device overview filters by unit). */
export interface Device {
  id: number;
  code: string;
  name: string;
  baseId: number | null;
  userId: number | null;
  resourceName: string | null;
  /** SIM number. */
  number: string | null;
  status: number;
  ownership: DeviceOwnership;
  /** Epoch seconds of the last contact. */
  connectedAt: number | null;
  testedAt: string | null;
  /** JSON text with the test parameters. */
  testResult: string | null;
  locationLongitude: number | null;
  locationLatitude: number | null;
}
