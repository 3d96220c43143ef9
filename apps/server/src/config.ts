/**
 * Process configuration from the environment, validated once at start. A bad value stops the server with a
 * message naming the variable instead of failing later in some unrelated place.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  /** embedded database and files; ':memory:' keeps PGlite in memory (tests) */
  dataDir: string;
  /** a PostgreSQL server instead of the embedded PGlite */
  databaseUrl?: string;
  /** push fan-out between server processes */
  redisUrl?: string;
  seed: 'demo' | 'none';
  product: string;
  /** 'production' hides the environment chip in the panel */
  environment: string;
  /** built web panel (apps/web/dist) */
  webDist: string;
  /** app codes a session may be opened for (`app-code` header) */
  appCodes: string[];
  /** the external DŽIN application's page of an event, `{code}` replaced by the event code (unset: no link) */
  dzinEventUrl?: string;
  /** the SMS gateway (POST JSON); unset: SMS are recorded in the outbox table */
  smsGatewayUrl?: string;
  /** the railway service of train positions (POST /train-location …); unset: simulated trains over our lines */
  trainsUrl?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL musí začínat postgres:// nebo postgresql://')
      .optional(),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL musí začínat redis:// nebo rediss://')
      .optional(),
  ),
  SEED: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.toLowerCase()) : v),
    z.enum(['demo', 'none'], { message: "SEED musí být 'demo' nebo 'none'" }).default('demo'),
  ),
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
  TRAINS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^https?:\/\/\S+$/, 'TRAINS_URL musí být http(s) adresa')
      .optional(),
  ),
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seed: e.SEED,
    product: e.PRODUCT,
    environment: e.ENVIRONMENT,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    appCodes: e.APP_CODES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    dzinEventUrl: e.DZIN_EVENT_URL,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    trainsUrl: e.TRAINS_URL,
  };
}
