import { describe, it, expect } from 'vitest';
import { BUNDLE_KEYS, CATALOGUE_KEYS, type AppBundle } from './index';

describe('sync wire types', () => {
  it('lists every entity key of the POST /v2/app bundle in spec order (000 §7), the message tag catalogue after the spec catalogues (issue 13)', () => {
    expect(BUNDLE_KEYS).toEqual([
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
      'messageCategories',
      'messageTypes',
      'users',
      'groups',
      'devices',
      'events',
      'eventToEvent',
      'resources',
      'eventJobs',
      'eventGeos',
      'eventObjects',
      'eventContacts',
      'messages',
    ]);
  });

  it('catalogue keys are a subset of the entity keys', () => {
    for (const key of CATALOGUE_KEYS) expect(BUNDLE_KEYS).toContain(key);
    expect(CATALOGUE_KEYS).not.toContain('events');
  });

  it('an empty bundle type-checks with every key', () => {
    const empty = Object.fromEntries(BUNDLE_KEYS.map((k) => [k, []])) as unknown as AppBundle;
    const bundle: AppBundle = { ...empty, userPermissions: [], resetData: true, uid: '1.0', settings: empty.settings };
    expect(Object.keys(bundle)).toHaveLength(BUNDLE_KEYS.length + 4);
  });
});
