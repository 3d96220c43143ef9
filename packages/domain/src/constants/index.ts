/**
 * Business constants and limits of the spec (000 §9, 001 §9, plus the state ids of 000 §4).
 * Durations are milliseconds unless the name says otherwise.
 */

// --- sync and refresh (000 §1, §9; 001 §4, §9)
export const AUTO_REFRESH_DEFAULT = true;
export const AUTO_REFRESH_PERIOD = 8000;
export const AUTO_REFRESH_MIN = 500;
/** The sync alert shows when the last update is older than this many refresh periods. */
export const STALE_PERIODS = 5;
/** A pending fetch is forced to reset after more than this many ticks. */
export const FETCH_RESET_TICKS = 4;
export const VERSION_CHECK_PERIOD = 60_000;
export const SW_UPDATE_CHECK_PERIOD = 3_600_000;
export const MINUTE_TICK = 60_000;
export const SECOND_TICK = 1000;

// --- UI timing
export const CLICK_DELAY = 200;
export const SEARCH_DEBOUNCE = 300;
export const CONTACT_SEARCH_DEBOUNCE = 300;
export const TAB_RETURN_DELAY = 300;
export const MESSAGE_FOCUS_DELAY = 50;
export const ALERT_HIGHLIGHT_DELAY = 200;
/** Unconfirmed event alerts and sound dialogs sound again this often (ours, not the spec's). */
export const ALERT_REPEAT = 15_000;
export const SCREENSHOT_CAPTURE_DELAY = 200;
export const TOAST_TIMEOUT = 3000;
export const CHUNK_LOAD_TIMEOUT = 120_000;
export const RAILWAY_SERVICE_TIMEOUT = 10_000;
export const AUTO_CENTRE_REENABLE_DELAY = 500;

// --- session
export const SESSION_DAYS = 3;
export const APP_LOG_AUTO_SEND_ERRORS = 100;

// --- bases
export const CENTRAL_BASE_ID = 2;
export const DEFAULT_BASE_CATEGORY_ID = 1;

// --- event states and statuses (000 §4)
export const INACTIVE_STATES: readonly number[] = [3, 4, 5, 6, 7];
export const DELETED_STATE = 6;
export const CLOSED_STATES: readonly number[] = [3, 4, 5, 7];
export const ALERT_STATE = 0;
export const ACTIVE_STATE = 1;
/** Linking an event to a parent puts it in this state. */
export const LINKED_STATE = 4;
/** Closing an event. */
export const CLOSE_STATE = 5;
/** The missing-commander warning is hidden in this state. */
export const COMMANDER_HIDDEN_STATE = 14;
export const FINAL_STATUS = 11;
export const ENDED_STATUS = 6;
export const NEW_EVENT_DEFAULTS = {
  eventStateId: 1,
  eventStatusId: 2,
  eventTypeId: 2,
  eventSourceId: 2,
  eventTerrainId: 1,
  eventCategoryId: 5,
} as const;
export const EVENT_STATUS_CODE_MIN = 100;
export const EVENT_STATUS_CODE_MAX = 800;

// --- event categories (000 §3, §9)
export const LINKED_EVENTS_CATEGORY_ID = 17;
export const CENTRAL_ONLY_TOGGLE_CATEGORY_IDS: readonly number[] = [14, 15];
export const CATEGORY_GROUPS = {
  fireRescue: [1, 3, 11],
  other: [17, 25, 26, 27, 28, 29, 30, 31],
  excludedFromRecent: [9, 12],
} as const;
export const CATEGORY_CODES = {
  KOPIS: 'KOPIS',
  DZIN_CALL: 'DZIN-CALL',
  DZIN_EVENT: 'DZIN-EVENT',
  DZIN_EVENT2: 'DZIN-EVENT2',
} as const;
export const CATEGORY_TYPES = ['event', 'call', 'chat', 'support', 'data', 'monitor'] as const;
export const DEFAULT_EVENT_ROLES: readonly number[] = [50];
export const SOUND_DIALOG_EVENT_ROLE = 51;

// --- tags
export const TAG_ISPO = 'ISPO';
export const TAG_ISPO_QUEUE = 'ISPO_QUEUE';
export const CENTRAL_TAG_PREFIX = 'C_';

// --- jobs and vehicles (000 §4)
export const JOB_STATUS = {
  DEPARTURE_ORDER: 14,
  ON_THE_WAY: 15,
  STATUS_16: 16,
  STATUS_17: 17,
  AT_SCENE: 18,
  RETURNING: 19,
  AT_BASE: 20,
} as const;
/** Jobs in this status are left out of lists. */
/**
 * Seconds a job's waypoint line stays on the map after 'show waypoints' (001 §4 "shown while
 * showWaypointsTimeout is above 0"; the length is ours, the spec gives none).
 */
export const SHOW_WAYPOINTS_SECONDS = 60;
export const JOB_STATUSES_HIDDEN: readonly number[] = [JOB_STATUS.AT_BASE];
export const VEHICLE_STATUS = { OFF: 0, TRIP: 1, OBSERVER: 2, NAVIGATION: 3 } as const;
export const VEHICLE_POSITION_VALID_SECONDS = 300;
export const HEAD_MAX_JOB_TILES = 4;
export const UNIT_CHIPS_SHOWN = 4;
export const RESOURCE_TYPE_FIXED_TEMPLATE = { resourceTypeId: 1, resourceTemplateId: 1 } as const;

// --- messages (000 §3, §5, §9)
export const MESSAGE_CATEGORY = { OPERATIONAL: 1, DISPATCHER: 2 } as const;
export const MESSAGE_TYPES = {
  TEXT: 'X03',
  NO_CONFIRM: 'X05',
  AUDIO: 'X11',
  MAP_SCREENSHOT: 'X21',
  ATTACHMENTS: 'X22',
  TRAIN_CAPTURE: 'X23',
  RAIL_IMAGE_CAPTURE: 'X24',
  CADASTRE_CAPTURE: 'X25',
  IMAGE_COMPARISON: 'X50',
  PANORAMA: 'X55',
} as const;
export const MESSAGE_TO_MAP_TYPES: readonly string[] = ['X04', 'X30', 'T00', 'X50', 'X55'];
export const SOUND_DIALOG_TYPES: readonly string[] = ['INST-01', 'INST-03', 'INST-18'];
export const RADIO_DEFAULT_CATEGORY = MESSAGE_CATEGORY.DISPATCHER;
export const PHOTO_DEFAULT_CATEGORY = MESSAGE_CATEGORY.OPERATIONAL;
export const SEND_ON_ENTER_DEFAULT = true;
export const RECENT_MESSAGE_ALERT_WINDOW = 60_000;
export const AUDIO_AUTOPLAY_WINDOW = 5 * 60_000;
export const MESSAGE_TAG_CODES = { ISV: 'ISV', CONF: 'CONF', DZIN_INPUT: 'DZIN_INPUT', FWD_PREFIX: 'FWD_' } as const;

// --- attachments and media
export const ATTACHMENT_LIMIT_MB = 5;
export const ATTACHMENT_LIMIT_DEBUG_MB = 10;
export const ATTACHMENT_MIME_TYPES: readonly string[] = ['image/jpeg', 'application/pdf'];
export const ATTACHMENT_EXTENSIONS: readonly string[] = ['jpg', 'pdf', 'mp3'];
export const MEDIA_FILE_TIMESTAMP_FORMAT = 'YYYYMMDD_HHmmss';
export const MEDIA_SIZES = ['small', 'normal', 'large'] as const;
export const MEDIA_VIEWER_EXTENSIONS: readonly string[] = ['jpg', 'pdf', 'mp3', 'aac'];
export const RADIO_MIN_SECONDS = 0.5;
export const RADIO_MAX_SECONDS = 60;
export const PHOTO_MAX_SIZE = 1900;

// --- screenshots and captures (001 §9)
export const SCREENSHOT_JPEG_QUALITY = 0.9;
export const SCREENSHOT_TTS = 'Zaslán snímek mapy';
export const SCREENSHOT_VALIDITY = 60;

// --- contacts and SMS
export const SMS_MAX = 155;
export const PHONE_LENGTH = 9;
export const CZ_PREFIX = '00420';
export const CONTACT_TYPE = { DEFAULT: 4, DEVICE: 5, HUNTING: 13 } as const;
export const RESOLVER_CONTACT_TYPE_IDS: readonly number[] = [22, 19, 2];
export const COMMANDER_TITLE = 'Velitel zásahu';
export const CONTACT_CUSTOM = 1;
export const CONTACT_PERSISTENT_DEFAULT = 0;

// --- distances and map (000 §9, 001 §9)
export const NEARBY_RADIUS = 2500;
export const MERGE_RADIUS = 15;
export const ZOOM_TO_TARGETS_MAX_DISTANCE = 150;
export const LINK_RADIUS_FACTOR = 6.884e-6;
export const COORDINATE_DECIMALS = 8;
export const COORDINATE_DISPLAY_DECIMALS = 6;
export const COORDINATE_BOUNDS = {
  minLatitude: 48.5518083,
  maxLatitude: 52.90609,
  minLongitude: 12.09059,
  maxLongitude: 22.558014,
} as const;
export const MAP_DATA_PROJECTION = 'EPSG:4326';
export const MAP_VIEW_PROJECTION = 'EPSG:5514';
/**
 * 001 §9 "also 102067 with datum variants": the ESRI code of the same Krovak East North projection, which ArcGIS
 * services and older WMS answers name; registered as an equivalent of the view projection (web projection.ts).
 */
export const MAP_VIEW_PROJECTION_ALIASES: readonly string[] = ['EPSG:102067', 'ESRI:102067'];
export const MAP_START_CENTRE: readonly [number, number] = [15.43, 50];
export const MAP_ZOOM_MIN = 0;
export const MAP_ZOOM_MAX = 12;
export const MAP_ZOOM_TO = 8;
export const MAP_FIT_DURATION = 500;
export const MAP_DRAG_THROTTLE = 500;
export const CLUSTER_FIT_MAX_ZOOM = 30;
export const OVERLAY_OPACITY = 0.35;
export const PANORAMA_FOV = { min: 10, max: 75 } as const;
export const LAYER_Z = {
  points: 40,
  jobLines: 99,
  eventsMin: 101,
  eventsMax: 104,
  panorama: 105,
  messages: 160,
  devices: 160,
  vehicles: 160,
  measure: 1000,
  trains: 1001,
} as const;

// --- map search (001 §5, §9)
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MIN_QUERY = 2;

// --- trains and special vehicles
export const TRAIN_REFRESH_PERIOD = 30_000;
export const SPECIAL_VEHICLE_ACTIVE_WINDOW = 3_600_000;
export const SPECIAL_VEHICLE_CLUSTER_DISTANCE = 40;

// --- devices (001 §3, §8, §9)
export const DEVICE_THRESHOLDS = {
  batteryWarning: 50,
  batteryError: 30,
  clockDiffError: 120_000,
  storageWarning: 45,
  storageError: 85,
} as const;
export const DEVICE_OWNERSHIP = ['corporate', 'private'] as const;
export const DEVICE_CODE_PREFIXES = { phone: 'M', tablet: 'T', navigation: 'N', drone: 'DC', other: 'X' } as const;

// --- password
export const PASSWORD_MIN = 8;

// --- notifications (001 §3, §4)
export const NOTIFICATION_STATE = { WAITING: 0, SHOWN: 1 } as const;
export const CARD_STATUS = { CLOSED: 0, LOADING: 1, LOADED: 5 } as const;
export const ROUTE_EXPLORER_STATUS = { IDLE: 0, STARTED: 1, INITIAL_DATA: 4, EXTENDED: 5 } as const;

// --- dialogs and layout
export const EVENT_VIEW_DIALOG_MAX_WIDTH = 800;
export const COMMANDER_DIALOG_MAX_WIDTH = 640;
export const DIALOG_WIDTHS: readonly number[] = [400, 500, 640, 700, 720, 1100];
export const TAB_ICON_SIZE = 29;

// --- dates (000 §9)
export const TIME_ZONE = 'Europe/Prague';
export const LOCALE = 'cs';
export const WIRE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const DATE_FORMAT = 'DD.MM.YYYY';
export const TIME_FORMAT = 'HH:mm';
export const CLOCK_FORMAT = 'HH:mm:ss';
/** Shift rotation A, B, C starts with A on this Prague calendar day. */
export const SHIFT_EPOCH = '2011-01-01';
export const SHIFTS = ['A', 'B', 'C'] as const;

// --- vehicles and deployment (issue 5; 000 §2 Vehicles and deployment, §4, §9)
/** Job statuses a deployment may be created in (20 "at base" is the end, never a start). */
export const JOB_START_STATUSES: readonly number[] = [14, 15, 16, 17, 18, 19];
/** All job statuses 14–20. */
export const JOB_STATUSES_ALL: readonly number[] = [14, 15, 16, 17, 18, 19, 20];
/** Reaching this status without an arrival time stamps arriveAt with now. */
export const JOB_ARRIVED_STATUS = JOB_STATUS.AT_SCENE;
/** Resource type codes behind the deployment dialog's filter chips 'Dron' and 'Inspektor'. */
export const VEHICLE_FILTER_TYPE_CODES = { drone: 'DRON', inspector: 'INSP' } as const;
