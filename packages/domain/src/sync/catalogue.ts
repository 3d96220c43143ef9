/**
 * Wire shapes of the catalogue tables in the POST /v2/app bundle (000 §3, 001 §3), as zod schemas (issue 16: one
 * contract — the server declares its answers with them, the web infers its types from them).
 * Fields the spec names keep its names; shapes it does not show are ours (marked "our shape").
 * Each schema is `<lowerCamel type name>Schema`; the TypeScript type keeps its name (`z.infer` of the schema).
 * Entity schemas carry an OpenAPI component id (`.meta({ id })`), so the document names them once.
 */
import { z } from 'zod';
import { mapLayersConfigSchema } from '../map/layers';

/** 1/0 flags as the spec stores them. */
export const flagSchema = z.literal([0, 1]);
export type Flag = z.infer<typeof flagSchema>;

/** [x, y] (an icon's offset in pixels). */
const pairSchema = z.tuple([z.number(), z.number()]);

export const eventFilterSchema = z.object({
  code: z.string(),
  name: z.string(),
  eventCategoryIds: z.array(z.number()),
});

/** Our shape: the settings row; the spec names autoRefresh, period, send-on-Enter, dark mode, dev panel. */
export const settingsSchema = z
  .object({
    autoRefresh: z.boolean(),
    autoRefreshPeriod: z.number(),
    sendOnEnter: z.boolean(),
    darkMode: z.boolean(),
    devPanelVisible: z.boolean(),
    eventFilters: z.array(eventFilterSchema).describe('Filter chips of the event list.'),
    environment: z.string().describe("'production' hides the environment chip."),
    product: z.string().describe("Product path segment of the external calls (e.g. 'hzs')."),
    dzinEventUrl: z
      .string()
      .nullable()
      .optional()
      .describe("The external DŽIN application's page of an event: `{code}` is the event code; null = not configured."),
    mapLayers: mapLayersConfigSchema
      .nullable()
      .optional()
      .describe("Production map services (issue 6), from the server's MAP_LAYERS; absent = offline map only."),
    mapNotice: z
      .string()
      .nullable()
      .optional()
      .describe(
        'Our shape: set while the map services do not answer and the offline map stands in (issue 15); null = fine',
      ),
    mobileBreakpoint: z
      .number()
      .nullable()
      .optional()
      .describe('Screens narrower than this (px) get the phone layout; 768 when absent.'),
    geofence: z
      .boolean()
      .nullable()
      .optional()
      .describe('false turns the automatic job statuses by position off everywhere (issue 14); absent = on'),
  })
  .meta({ id: 'Settings' });

export const baseSchema = z
  .object({
    id: z.number(),
    uid: z.string(),
    code: z.string(),
    name: z.string(),
    baseCategoryId: z.number(),
    longitude: z.number().nullable(),
    latitude: z.number().nullable(),
  })
  .meta({ id: 'Base' });

export const prioritySchema = z
  .object({ id: z.number(), name: z.string(), color: z.string().nullable(), sort: z.number() })
  .meta({ id: 'Priority' });

export const tagCategorySchema = z.object({ id: z.number(), name: z.string(), code: z.string().nullable() });

export const tagSchema = z
  .object({
    id: z.number(),
    tagCategoryId: z.number().nullable(),
    code: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    options: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'Tag' });

export const eventRoleSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    permissions: z.array(z.string()).describe('Server permission strings `subject.action`.'),
  })
  .meta({ id: 'EventRole' });

export const serviceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    eventTypeId: z.number().nullable().describe("Choosing the service sets the event's eventTypeId."),
  })
  .meta({ id: 'Service' });

export const eventTypeSchema = z
  .object({ id: z.number(), code: z.string(), name: z.string(), priority: flagSchema })
  .meta({ id: 'EventType' });

/**
 * A message tag's definition (000 §3 "Message tag" without the per-message state): the `messageTags` catalogue of
 * the bundle (issue 13 item 2), sent whole in a full bundle and in a delta when a definition changes. Codes
 * FWD_{n}, ISV, CONF, DZIN_INPUT (001 §3).
 */
export const messageTagDefinitionSchema = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    colorText: z.string().nullable(),
    tooltipActive: z.string().nullable(),
    tooltipInactive: z.string().nullable(),
    options: z.object({ canRemove: flagSchema.optional() }),
    sort: z.number(),
  })
  .meta({ id: 'MessageTagDefinition' });

export const messageTemplateSchema = z
  .object({ id: z.number(), name: z.string(), content: z.string(), messageCategoryId: z.number().nullable() })
  .meta({ id: 'MessageTemplate' });

/**
 * The message-category catalogue (000 §3 "Message category: categoryId, color, unreadClass"): the chat tab labels
 * and the colour of unread counts come from it. `id` equals `categoryId` (every bundle row is keyed by `id`).
 */
export const messageCategorySchema = z
  .object({
    id: z.number(),
    categoryId: z.number(),
    name: z.string().describe('Our shape: the label of the conversation tab.'),
    color: z.string().nullable(),
    unreadClass: z.string().nullable().describe('CSS class of unread counts of this category.'),
  })
  .meta({ id: 'MessageCategory' });

/** Message types (000 §3 "messageTypes"): X03 text, X11 radio, X22 photos, INST-01 sound dialogs, … */
export const messageTypeSchema = z
  .object({ id: z.number(), code: z.string(), name: z.string() })
  .meta({ id: 'MessageType' });

/**
 * Users of the panel (000 §3 "users"): who a message or a journal row names. Our shape: name and unit only, no
 * contact data or credentials.
 */
export const bundleUserSchema = z
  .object({
    id: z.number(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    baseId: z.number().nullable(),
  })
  .meta({ id: 'BundleUser' });

/** User groups (000 §3 "groups"; MNG, COIS and the DŽIN alert groups of 000 §6). */
export const groupSchema = z
  .object({ id: z.number(), name: z.string(), description: z.string().nullable() })
  .meta({ id: 'Group' });

export const resourceTypeSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    options: z
      .object({ icon: z.object({ file: z.string() }).optional(), resourceTemplateId: z.number().optional() })
      .nullable(),
  })
  .meta({ id: 'ResourceType' });

export const contactTypeSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    icon: z.string().nullable(),
    priority: z.number(),
  })
  .meta({ id: 'ContactType' });

export const categoryTypeSchema = z.enum(['event', 'call', 'chat', 'support', 'data', 'monitor']);
export const categoryActionNameSchema = z.enum(['create', 'update', 'close', 'remove', 'queue', 'calendar']);

export const categoryInputSchema = z.object({
  label: z.string(),
  title: z.string().nullable(),
  required: flagSchema,
  sort: z.number(),
  color: z.string().nullable(),
  group: z.string().nullable(),
  view: z.string().nullable(),
  prepend: z.string().nullable(),
  append: z.string().nullable(),
  readonly: z.union([z.boolean(), flagSchema]),
});

export const categoryActionSchema = z.object({
  label: z.string(),
  tooltip: z.string().nullable(),
  confirm: z.string().nullable(),
  icon: z.string().nullable(),
  class: z.string().nullable(),
});

export const categoryMarkerSchema = z.object({
  shape: z.string().nullable(),
  color: z.string().nullable(),
  scale: z.number().nullable(),
  icon: z.string().nullable(),
  iconFont: z.string().nullable(),
  iconCharCode: z.string().nullable(),
  iconFontFamily: z.string().nullable(),
  iconColor: z.string().nullable(),
  iconOffset: pairSchema.nullable(),
});

export const eventCategorySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    codeShortName: z.string().nullable(),
    type: categoryTypeSchema,
    icon: z.string().nullable(),
    color: z.string().nullable(),
    alert: flagSchema,
    soundAssetId: z.number().nullable(),
    tabs: z.array(z.string()),
    sort: z.number(),
    inputs: z.record(z.string(), categoryInputSchema),
    actions: z.partialRecord(categoryActionNameSchema, categoryActionSchema),
    defaultValues: z.record(z.string(), z.unknown()),
    toggleCategoryIds: z.array(z.number()),
    marker: categoryMarkerSchema.nullable(),
  })
  .meta({ id: 'EventCategory' });

export const eventTerrainSchema = z
  .object({ id: z.number(), code: z.string(), name: z.string(), icon: z.string().nullable() })
  .meta({ id: 'EventTerrain' });

export const deviceOwnershipSchema = z.enum(['corporate', 'private']);

/** 001 §3. `baseId` and `userId` are ours (the device overview filters by unit). */
export const deviceSchema = z
  .object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    baseId: z.number().nullable(),
    userId: z.number().nullable(),
    resourceName: z.string().nullable(),
    number: z.string().nullable().describe('SIM number.'),
    status: z.number(),
    ownership: deviceOwnershipSchema,
    connectedAt: z.number().nullable().describe('Epoch seconds of the last contact.'),
    testedAt: z.string().nullable(),
    testResult: z.string().nullable().describe('JSON text with the test parameters.'),
    locationLongitude: z.number().nullable(),
    locationLatitude: z.number().nullable(),
  })
  .meta({ id: 'Device' });

export type EventFilter = z.infer<typeof eventFilterSchema>;
export type Settings = z.infer<typeof settingsSchema>;
export type Base = z.infer<typeof baseSchema>;
export type Priority = z.infer<typeof prioritySchema>;
export type TagCategory = z.infer<typeof tagCategorySchema>;
export type Tag = z.infer<typeof tagSchema>;
export type EventRole = z.infer<typeof eventRoleSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type EventType = z.infer<typeof eventTypeSchema>;
export type MessageTagDefinition = z.infer<typeof messageTagDefinitionSchema>;
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export type MessageCategory = z.infer<typeof messageCategorySchema>;
export type MessageType = z.infer<typeof messageTypeSchema>;
export type BundleUser = z.infer<typeof bundleUserSchema>;
export type Group = z.infer<typeof groupSchema>;
export type ResourceType = z.infer<typeof resourceTypeSchema>;
export type ContactType = z.infer<typeof contactTypeSchema>;
export type CategoryType = z.infer<typeof categoryTypeSchema>;
export type CategoryActionName = z.infer<typeof categoryActionNameSchema>;
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export type CategoryAction = z.infer<typeof categoryActionSchema>;
export type CategoryMarker = z.infer<typeof categoryMarkerSchema>;
export type EventCategory = z.infer<typeof eventCategorySchema>;
export type EventTerrain = z.infer<typeof eventTerrainSchema>;
export type DeviceOwnership = z.infer<typeof deviceOwnershipSchema>;
export type Device = z.infer<typeof deviceSchema>;
