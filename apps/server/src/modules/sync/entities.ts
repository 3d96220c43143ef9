/** The bundle's entity lists: the empty set a bundle or a delta starts from, and the child tables of events. */
import type { AppBundle, EntityKey } from '@panel/domain/sync';
import { BUNDLE_KEYS } from '@panel/domain/sync';
import type { ChildKey } from './loaders.js';

export type Entities = { [K in EntityKey]: AppBundle[K] };

export const CHILD_KEYS: ChildKey[] = ['eventJobs', 'eventGeos', 'eventObjects', 'eventContacts', 'messages'];

export function emptyEntities(): Entities {
  const out = {} as Record<EntityKey, unknown[]>;
  for (const k of BUNDLE_KEYS) out[k] = [];
  return out as Entities;
}
