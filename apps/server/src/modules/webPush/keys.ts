/**
 * The VAPID key pair and the acknowledgement secret. Given by the environment (WEB_PUSH_VAPID_PUBLIC_KEY and
 * WEB_PUSH_VAPID_PRIVATE_KEY, both or neither), else made at first start and kept in `settings` under
 * `private.webPush.keys` (never in a bundle), so every node and every restart signs with the same key (browsers' subscriptions are bound to
 * it: a new key would orphan them all). The ack secret is always kept in the database: random, shared by nodes.
 * Two nodes starting at once: insert-if-absent, then read what won.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

/** 'private.' keeps the row out of every bundle (modules/sync/loaders/catalogues.ts): it holds the private key */
export const KEYS_SETTING = 'private.webPush.keys';

export interface WebPushKeys {
  publicKey: string;
  privateKey: string;
  ackSecret: Buffer;
  /** where the key pair came from (the start banner and docs say so; never the key itself) */
  source: 'environment' | 'database';
}

interface StoredKeys {
  publicKey: string;
  privateKey: string;
  ackSecret: string;
}

const isStored = (v: unknown): v is StoredKeys =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as StoredKeys).publicKey === 'string' &&
  typeof (v as StoredKeys).privateKey === 'string' &&
  typeof (v as StoredKeys).ackSecret === 'string';

export async function loadWebPushKeys(db: Database, config: Pick<Config, 'webPush'>): Promise<WebPushKeys> {
  const made = webpush.generateVAPIDKeys();
  const fresh: StoredKeys = { ...made, ackSecret: randomBytes(32).toString('base64url') };
  await db.insert(settings).values({ key: KEYS_SETTING, value: fresh }).onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEYS_SETTING));
  let stored: StoredKeys;
  const value: unknown = row?.value;
  if (isStored(value)) stored = value;
  else {
    // a damaged row: replace it rather than refuse to start (subscriptions of the old key are lost either way)
    await db
      .update(settings)
      .set({ value: fresh, updatedAt: sql`now()` })
      .where(eq(settings.key, KEYS_SETTING));
    stored = fresh;
  }
  const ackSecret = Buffer.from(stored.ackSecret, 'base64url');
  const { vapidPublicKey, vapidPrivateKey } = config.webPush;
  if (vapidPublicKey && vapidPrivateKey) {
    return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, ackSecret, source: 'environment' };
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, ackSecret, source: 'database' };
}
