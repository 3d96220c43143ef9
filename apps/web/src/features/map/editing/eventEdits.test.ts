import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useUiStore } from '../../../stores/uiStore';
import { useToastStore } from '../../../ui/toasts';
import { demoLogin, mockFetch, resetStores } from '../../../test/utils';
import { createEventAt, setEventTarget } from './eventEdits';

const good = {
  address: { title: 'Wilsonova 300/8, Praha', type_code: 'address', distance: 12, latitude: 50.08, longitude: 14.43 },
  jpo_name: 'HZS hl. m. Prahy – stanice Sokolská',
  jpo_id: 101,
};
const errors = () =>
  useToastStore
    .getState()
    .toasts.filter((t) => t.severity === 'error')
    .map((t) => t.message);

function reverseAnswers(answer: unknown, status = 200) {
  return mockFetch({ 'GET /v2/search/reverse': () => ({ status, body: answer }) });
}

describe('reverse geocoding from the map (000 §5, §7)', () => {
  beforeEach(() => {
    resetStores();
    useAuthStore.getState().login(demoLogin);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the spec's fields: eventUuid, eventTerrainId, updateEvent, addressData — and takes a good answer", async () => {
    const { calls } = reverseAnswers(good);
    const local = useUiStore.getState().createLocalEvent({ eventTerrainId: 2, addressData: { source: 'hledání' } });
    expect(await setEventTarget(local.uuid, [14.4353123456789, 50.0831], true)).toBe(true);

    const url = new URL(calls[0].url, 'http://panel');
    expect(url.pathname).toBe('/v2/search/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '50.0831',
      longitude: '14.43531235',
      eventUuid: local.uuid,
      eventTerrainId: '2',
      updateEvent: '0',
      addressData: JSON.stringify({ source: 'hledání' }),
    });
    expect(useUiStore.getState().localEvents[local.uuid]).toMatchObject({
      targetLatitude: 50.0831,
      targetLongitude: 14.43531235,
      address: 'Wilsonova 300/8, Praha',
      addressData: { source: 'hledání', distance: 12, type_code: 'address', jpo_id: 101 },
    });
    expect(errors()).toEqual([]);
  });

  it.each([
    ['no numeric jpo_id', { ...good, jpo_id: null }],
    ['jpo_id as text', { ...good, jpo_id: '101' }],
    ['no address object', { address: null, jpo_name: null, jpo_id: 101 }],
    ['a title that is no string', { ...good, address: { ...good.address, title: 7 } }],
  ])('a bad answer (%s) is reported; the target is set, the address is left as it was', async (_why, answer) => {
    reverseAnswers(answer);
    const local = useUiStore.getState().createLocalEvent({ address: 'Původní adresa' });
    expect(await setEventTarget(local.uuid, [15.11, 50.062], true)).toBe(true);
    expect(errors()).toEqual(['Adresu místa se nepodařilo zjistit, doplňte ji ručně.']);
    expect(useUiStore.getState().localEvents[local.uuid]).toMatchObject({
      targetLatitude: 50.062,
      targetLongitude: 15.11,
      address: 'Původní adresa',
    });
  });

  it('a failed call is reported the same way; a new event at the point keeps its target', async () => {
    reverseAnswers({ message: 'Služba není dostupná' }, 503);
    const uuid = await createEventAt([14.43, 50.08]);
    expect(errors()).toEqual(['Adresu místa se nepodařilo zjistit, doplňte ji ručně.']);
    expect(useUiStore.getState().localEvents[uuid]).toMatchObject({ targetLatitude: 50.08, targetLongitude: 14.43 });
  });

  it('without the address (not editable) nothing is asked and nothing reported', async () => {
    const { calls } = reverseAnswers(good);
    const local = useUiStore.getState().createLocalEvent();
    await setEventTarget(local.uuid, [14.43, 50.08], false);
    expect(calls).toHaveLength(0);
    expect(errors()).toEqual([]);
  });
});
