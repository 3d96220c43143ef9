/**
 * Process configuration from the environment, validated once at start. A bad value stops the server with a
 * message naming the variable instead of failing later in some unrelated place.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN } from '@panel/domain/constants';
import type { MapLayersConfig } from '@panel/domain/map';
import { CADASTRE_WMS_LAYERS } from './integrations/map/cadastre/defaults.js';
import { UHUL_DEFAULT_LAYERS } from './integrations/map/hunting/defaults.js';
import { parseMapLayers } from './mapLayersConfig.js';
import { mapProxyHosts, serviceUrl, type MapServicesConfig } from './configMapServices.js';

export type { MapServicesConfig };

export interface Config {
  // --- map services (issue 6, modules/map/services) ---
  /** card and map-service providers: each unset URL = the offline default from our own data */
  mapServices: MapServicesConfig;
  // --- end map services ---
  port: number;
  /** where to listen: HOST; unset → 0.0.0.0 in production, 127.0.0.1 otherwise (demo passwords stay local) */
  host: string;
  /** HOST was unset and `host` is the default above (the banner then says how to open the server to the network) */
  hostDefaulted: boolean;
  /** embedded database and files; ':memory:' keeps PGlite in memory (tests) */
  dataDir: string;
  /** a PostgreSQL server instead of the embedded PGlite */
  databaseUrl?: string;
  /** PostgreSQL timeouts (db/client.ts, db/budget.ts; docs/ARCHITECTURE.md "Database") */
  database: DatabaseTimeouts;
  /** push fan-out between server processes */
  redisUrl?: string;
  /** what names this installation's channels in that Redis (realtime/redis.ts) */
  redisPrefix: string;
  seed: 'demo' | 'none';
  /** the first administrator's password of an empty production database (startup/startSeed.ts); unset: random, printed once */
  adminPassword?: string;
  /**
   * Whose `X-Forwarded-For` to believe (Fastify `trustProxy`): false = nobody (the peer's address is the client's),
   * true = any peer, a list = these proxy addresses/CIDRs. The login throttle
   * counts per client address, so trusting a header anybody can send would let a guesser pick a new address per try.
   */
  trustProxy: boolean | string[];
  product: string;
  /** 'production' hides the environment chip in the panel */
  environment: string;
  /** built web panel (apps/web/dist) */
  webDist: string;
  /** app codes a session may be opened for (`app-code` header) */
  appCodes: string[];
  /** the external DŽIN application's page of an event, `{code}` replaced by the event code (unset: no link) */
  dzinEventUrl?: string;
  /** how often a node looks for due escalation steps of unaccepted alerts (ALERT_ESCALATION_TICK_MS, 1000) */
  escalationTickMs: number;
  /** ALERT_ESCALATION=off: this node runs no escalation loop (the journeys' shared server; default on) */
  escalation: boolean;
  /** the SMS gateway (POST JSON); unset: SMS are recorded in the outbox table */
  smsGatewayUrl?: string;
  /** the railway operator's service (000 §7 export and test calls); unset: the outbox */
  railwayOperatorUrl?: string;
  /** Web Push (issue 25, modules/webPush): VAPID keys from the environment, else made once and kept in the database */
  webPush: WebPushConfig;
  /** the railway service of train positions (POST /train-location …); unset: simulated trains over our lines */
  trainsUrl?: string;
  /** how TRAINS_URL speaks: 'grapp' (Správa železnic's GRAPP) or 'spec' (001 §7); unset: from the URL's host */
  trainsProvider?: 'grapp' | 'spec';
  /** map layers (MAP_LAYERS JSON, see mapLayersConfig.ts); unset: ČÚZK's base maps; `{}`: the offline map only */
  mapLayers?: MapLayersConfig;
  /** the WMTS base maps (issue 15): ČÚZK defaults in use, capabilities fetch timeout (MAP_CAPABILITIES_TIMEOUT_MS) */
  baseMaps: { cuzkDefault: boolean; capabilitiesTimeoutMs: number };
  /** the living demo (demo/simulator) with demo data; SIMULATE=0 turns it off */
  simulate: boolean;
  /** minutes between the simulated KOPIS calls, a random value in [min, max] (SIMULATE_KOPIS_MINUTES "4-7") */
  simulateKopisMinutes: [number, number];
  // --- positions (issue 14) ---
  /** tracker position ingest: history retention, accuracy limit, tolerated clock skew (modules/positions) */
  positions: PositionsConfig;
  // --- end positions ---
  // --- metrics (issue 23, metrics/) ---
  metrics: MetricsConfig;
  // --- end metrics ---
}

export interface WebPushConfig {
  /** WEB_PUSH_VAPID_PUBLIC_KEY / WEB_PUSH_VAPID_PRIVATE_KEY (base64url, both or neither); unset: the database's */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
  /** WEB_PUSH_SUBJECT: how push services reach the operator (mailto: or https:) */
  subject: string;
}

export interface MetricsConfig {
  /** the Prometheus listener's own port (METRICS_PORT, default 9464); null = no listener (`off`) */
  port: number | null;
  /** where it listens (METRICS_HOST, default 127.0.0.1: never public by default) */
  host: string;
  /** `GET /metrics` on the main port with `Authorization: Bearer <token>` (METRICS_TOKEN); unset: 404 there */
  token?: string;
}

export interface PositionsConfig {
  /** days `resource_positions` keeps (POSITION_RETENTION_DAYS, default 7) */
  retentionDays: number;
  /** a fix less accurate than this many metres is refused (POSITION_MAX_ACCURACY_M, default 250) */
  maxAccuracyM: number;
  /** a fix stamped later than now + this many seconds is refused as future (POSITION_FUTURE_TOLERANCE_S, 60) */
  futureToleranceS: number;
}

export interface DatabaseTimeouts {
  /** the server cancels a statement running longer (DB_STATEMENT_TIMEOUT_MS, default 30 000) */
  statementTimeoutMs: number;
  /** waiting for a pool connection (a free slot or a new connect) longer fails (DB_ACQUIRE_TIMEOUT_MS, 3000) */
  acquireTimeoutMs: number;
  /** an HTTP call's database work past this answers 503 + Retry-After (DB_CALL_BUDGET_MS, 5000; 0 = none) */
  callBudgetMs: number;
}

/** SIMULATE_KOPIS_MINUTES: "4-7" (a window) or "5" (exactly); minutes between simulated KOPIS calls. */
function parseMinutesWindow(value: string): [number, number] | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?$/.exec(value);
  if (!m) return null;
  const lo = Number(m[1]);
  const hi = m[2] !== undefined ? Number(m[2]) : lo;
  return lo > 0 && hi >= lo ? [lo, hi] : null;
}

/** TRUST_PROXY: unset/false → false, true → true, else a comma list of proxy addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string[] {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A whole number of milliseconds in [min, max], with the Czech message the other settings use. */
const milliseconds = (name: string, min: number, max: number, fallback: number) => {
  const message = `${name} musí být číslo ${min}–${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback),
  );
};

const envSchema = z.object({
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'PORT musí být číslo 0–65535' })
      .int('PORT musí být celé číslo 0–65535')
      .min(0, 'PORT musí být číslo 0–65535')
      .max(65535, 'PORT musí být číslo 0–65535')
      .default(8080),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL musí začínat postgres:// nebo postgresql://')
      .optional(),
  ),
  DB_STATEMENT_TIMEOUT_MS: milliseconds('DB_STATEMENT_TIMEOUT_MS', 1000, 600_000, 30_000),
  DB_ACQUIRE_TIMEOUT_MS: milliseconds('DB_ACQUIRE_TIMEOUT_MS', 100, 60_000, 3000),
  DB_CALL_BUDGET_MS: milliseconds('DB_CALL_BUDGET_MS', 0, 600_000, 5000),
  ALERT_ESCALATION_TICK_MS: milliseconds('ALERT_ESCALATION_TICK_MS', 100, 60_000, 1000),
  ALERT_ESCALATION: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['on', 'off'], { message: 'ALERT_ESCALATION musí být on nebo off' }).default('on'),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL musí začínat redis:// nebo rediss://')
      .optional(),
  ),
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,31}$/,
        'REDIS_PREFIX smí obsahovat jen malá písmena bez diakritiky, číslice, - a _ (1–32 znaků, první písmeno nebo číslice)',
      )
      .default('panel'), // realtime/redis.ts DEFAULT_REDIS_PREFIX
  ),
  SEED: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase()) : v),
    z.enum(['demo', 'none'], { message: "SEED musí být 'demo' nebo 'none'" }).default('demo'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(PASSWORD_MIN, `ADMIN_PASSWORD musí mít alespoň ${PASSWORD_MIN} znaků`).optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().optional()),
  PRODUCT: z.preprocess(emptyToUndefined, z.string().default('hzs')),
  ENVIRONMENT: z.preprocess(emptyToUndefined, z.string().default('demo')),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  APP_CODES: z.preprocess(emptyToUndefined, z.string().default('panel')),
  DZIN_EVENT_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^https?:\/\/\S+$/.test(v) && v.includes('{code}'), {
        message: 'DZIN_EVENT_URL musí být http(s) adresa se zástupným {code}',
      })
      .optional(),
  ),
  SMS_GATEWAY_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'SMS_GATEWAY_URL musí být http(s) adresa')
      .optional(),
  ),
  RAILWAY_OPERATOR_URL: serviceUrl('RAILWAY_OPERATOR_URL'),
  // VAPID keys as `npx web-push generate-vapid-keys` prints them: a P-256 public point (65 bytes) and scalar (32)
  WEB_PUSH_VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, 'WEB_PUSH_VAPID_PUBLIC_KEY musí být veřejný klíč VAPID (87 znaků base64url)')
      .optional(),
  ),
  WEB_PUSH_VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'WEB_PUSH_VAPID_PRIVATE_KEY musí být soukromý klíč VAPID (43 znaků base64url)')
      .optional(),
  ),
  WEB_PUSH_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'WEB_PUSH_SUBJECT musí být adresa mailto: nebo https:')
      .default('mailto:panel@localhost'),
  ),
  TRAINS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'TRAINS_URL musí být http(s) adresa')
      .optional(),
  ),
  TRAINS_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['grapp', 'spec'], { message: 'TRAINS_PROVIDER musí být grapp nebo spec' }).optional(),
  ),
  SIMULATE: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['0', '1', 'false', 'true'], { message: 'SIMULATE musí být 0 nebo 1' }).default('1'),
  ),
  SIMULATE_KOPIS_MINUTES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => parseMinutesWindow(v) !== null, {
        message: 'SIMULATE_KOPIS_MINUTES musí být počet minut nebo rozmezí, např. 4-7',
      })
      .default('4-7'),
  ),
  // --- map services (issue 6, modules/map/services) ---
  CADASTRE_WMS_URL: serviceUrl('CADASTRE_WMS_URL'),
  CADASTRE_WMS_LAYERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.:-]+(,[\w.:-]+)*$/, 'CADASTRE_WMS_LAYERS musí být seznam vrstev oddělených čárkou, např. KN')
      .default(CADASTRE_WMS_LAYERS),
  ),
  CADASTRE_WFS_URL: serviceUrl('CADASTRE_WFS_URL'),
  RAIL_IMAGE_URL: serviceUrl('RAIL_IMAGE_URL'),
  HUNTING_URL: serviceUrl('HUNTING_URL'),
  HUNTING_WMS_URL: serviceUrl('HUNTING_WMS_URL'),
  HUNTING_WMS_LAYERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.:-]+(,[\w.:-]+)*$/, 'HUNTING_WMS_LAYERS musí být seznam vrstev oddělených čárkou')
      .default(UHUL_DEFAULT_LAYERS),
  ),
  JPO_URL: serviceUrl('JPO_URL'),
  // No service speaks the degrees JSON PANORAMA_URL once assumed; the real panorama is Mapy.com's (issue 15).
  PANORAMA_URL: z.preprocess(
    emptyToUndefined,
    z.undefined({ message: 'PANORAMA_URL se už nepoužívá: panorama je z Mapy.com, nastavte MAPY_API_KEY' }).optional(),
  ),
  MAPY_API_KEY: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim()) : v),
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,200}$/, 'MAPY_API_KEY musí být klíč API Mapy.com (písmena, číslice, - a _)')
      .optional(),
  ),
  ROUTING_URL: serviceUrl('ROUTING_URL'),
  DRONE_WMS_URL: serviceUrl('DRONE_WMS_URL'),
  MAP_PROXY_HOSTS: z.preprocess(emptyToUndefined, z.string().optional()),
  MAP_LAYERS: z.preprocess(emptyToUndefined, z.string().optional()),
  MAP_CAPABILITIES_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'MAP_CAPABILITIES_TIMEOUT_MS musí být číslo 100–60000' })
      .int('MAP_CAPABILITIES_TIMEOUT_MS musí být číslo 100–60000')
      .min(100, 'MAP_CAPABILITIES_TIMEOUT_MS musí být číslo 100–60000')
      .max(60000, 'MAP_CAPABILITIES_TIMEOUT_MS musí být číslo 100–60000')
      .default(5000),
  ),
  // --- end map services ---
  // --- positions (issue 14) ---
  POSITION_RETENTION_DAYS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'POSITION_RETENTION_DAYS musí být číslo 1–3650' })
      .min(1, 'POSITION_RETENTION_DAYS musí být číslo 1–3650')
      .max(3650, 'POSITION_RETENTION_DAYS musí být číslo 1–3650')
      .default(7),
  ),
  POSITION_MAX_ACCURACY_M: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'POSITION_MAX_ACCURACY_M musí být číslo 1–100000' })
      .min(1, 'POSITION_MAX_ACCURACY_M musí být číslo 1–100000')
      .max(100000, 'POSITION_MAX_ACCURACY_M musí být číslo 1–100000')
      .default(250),
  ),
  POSITION_FUTURE_TOLERANCE_S: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'POSITION_FUTURE_TOLERANCE_S musí být číslo 0–86400' })
      .min(0, 'POSITION_FUTURE_TOLERANCE_S musí být číslo 0–86400')
      .max(86400, 'POSITION_FUTURE_TOLERANCE_S musí být číslo 0–86400')
      .default(60),
  ),
  // --- end positions ---
  // --- metrics (issue 23, metrics/) ---
  METRICS_PORT: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z
      .union(
        [
          z.literal('off'),
          z.coerce
            .number()
            .int()
            .min(0, 'METRICS_PORT musí být číslo 0–65535 nebo off')
            .max(65535, 'METRICS_PORT musí být číslo 0–65535 nebo off'),
        ],
        {
          message: 'METRICS_PORT musí být číslo 0–65535 nebo off',
        },
      )
      .default(9464),
  ),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'METRICS_TOKEN musí mít alespoň 16 znaků').optional(),
  ),
  // --- end metrics ---
});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Neplatná konfigurace: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const mapLayers = parseMapLayers(e.MAP_LAYERS, {
    droneWmsUrl: e.DRONE_WMS_URL,
    cadastreWmsUrl: e.CADASTRE_WMS_URL,
    cadastreWmsLayers: e.CADASTRE_WMS_LAYERS,
    huntingWmsUrl: e.HUNTING_WMS_URL,
    huntingWmsLayers: e.HUNTING_WMS_LAYERS,
  });
  if ('error' in mapLayers) throw new ConfigError(`Neplatná konfigurace: ${mapLayers.error}`);
  if (!e.WEB_PUSH_VAPID_PUBLIC_KEY !== !e.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new ConfigError(
      'Neplatná konfigurace: WEB_PUSH_VAPID_PUBLIC_KEY a WEB_PUSH_VAPID_PRIVATE_KEY se zadávají spolu',
    );
  }
  return {
    // --- map services (issue 6, modules/map/services) ---
    mapServices: {
      cadastreWmsUrl: e.CADASTRE_WMS_URL,
      cadastreWmsLayers: e.CADASTRE_WMS_LAYERS,
      cadastreWfsUrl: e.CADASTRE_WFS_URL,
      railImageUrl: e.RAIL_IMAGE_URL,
      huntingUrl: e.HUNTING_URL,
      huntingWmsUrl: e.HUNTING_WMS_URL,
      huntingWmsLayers: e.HUNTING_WMS_LAYERS,
      jpoUrl: e.JPO_URL,
      mapyApiKey: e.MAPY_API_KEY,
      routingUrl: e.ROUTING_URL,
      droneWmsUrl: e.DRONE_WMS_URL,
      mapProxyHosts: mapProxyHosts(e.MAP_PROXY_HOSTS, e.DRONE_WMS_URL, e.HUNTING_WMS_URL),
    },
    // --- end map services ---
    port: e.PORT,
    // safe default (issue 23): the demo data's well-known passwords are not offered to the network unasked
    host: e.HOST ?? (e.ENVIRONMENT === 'production' ? '0.0.0.0' : '127.0.0.1'),
    hostDefaulted: e.HOST === undefined,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    database: {
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      callBudgetMs: e.DB_CALL_BUDGET_MS,
    },
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    seed: e.SEED,
    adminPassword: e.ADMIN_PASSWORD,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    product: e.PRODUCT,
    environment: e.ENVIRONMENT,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    appCodes: e.APP_CODES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dzinEventUrl: e.DZIN_EVENT_URL,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    escalationTickMs: e.ALERT_ESCALATION_TICK_MS,
    escalation: e.ALERT_ESCALATION === 'on',
    railwayOperatorUrl: e.RAILWAY_OPERATOR_URL,
    webPush: {
      vapidPublicKey: e.WEB_PUSH_VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.WEB_PUSH_VAPID_PRIVATE_KEY,
      subject: e.WEB_PUSH_SUBJECT,
    },
    trainsUrl: e.TRAINS_URL,
    trainsProvider: e.TRAINS_PROVIDER,
    mapLayers: mapLayers.layers,
    baseMaps: { cuzkDefault: mapLayers.cuzkDefault, capabilitiesTimeoutMs: e.MAP_CAPABILITIES_TIMEOUT_MS },
    simulate: e.SIMULATE === '1' || e.SIMULATE === 'true',
    simulateKopisMinutes: parseMinutesWindow(e.SIMULATE_KOPIS_MINUTES)!,
    positions: {
      retentionDays: e.POSITION_RETENTION_DAYS,
      maxAccuracyM: e.POSITION_MAX_ACCURACY_M,
      futureToleranceS: e.POSITION_FUTURE_TOLERANCE_S,
    },
    metrics: {
      port: e.METRICS_PORT === 'off' ? null : e.METRICS_PORT,
      host: e.METRICS_HOST,
      token: e.METRICS_TOKEN,
    },
  };
}
