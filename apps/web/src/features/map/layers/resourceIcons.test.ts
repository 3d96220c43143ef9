import { describe, expect, it, vi } from 'vitest';
import type { Style } from 'ol/style';
import Icon from 'ol/style/Icon';
import { BASES, NOW, TYPES, makeJob, makeResource } from '../../vehicles/testVehicles';
import { createIconLoader, markerIconOf, resourceIconUrl } from './resourceIcons';
import { freeVehicleFeatures, jobFeatures, type VehicleData } from './vehicleFeatures';

const type = (file: unknown) => ({ options: { icon: { file } } }) as never;

/** A loader whose loads the test settles by hand. */
function manualLoader() {
  const pending = new Map<string, { ok: () => void; fail: () => void }>();
  const load = vi.fn(
    (url: string) => new Promise<void>((ok, fail) => pending.set(url, { ok, fail: () => fail(new Error('404')) })),
  );
  return { loader: createIconLoader(load), load, pending };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the resource type's icon file", () => {
  it('is a plain file name in /resource-icons/; paths, URLs and other names are not loaded', () => {
    expect(resourceIconUrl(type('cas.svg'))).toBe('/resource-icons/cas.svg');
    expect(resourceIconUrl(type('kv-2.png'))).toBe('/resource-icons/kv-2.png');
    for (const bad of ['../cas.svg', 'a/b.svg', 'https://x.example/a.svg', '/etc/a.svg', 'cas', 'a..svg', '', 42]) {
      expect(resourceIconUrl(type(bad))).toBeNull();
    }
    expect(resourceIconUrl({ options: null })).toBeNull();
    expect(resourceIconUrl(undefined)).toBeNull();
  });

  it('the marker draws the file only once loaded; a missing file keeps the glyph; listeners hear each settle', async () => {
    const { loader, load, pending } = manualLoader();
    const heard = vi.fn();
    loader.subscribe(heard);
    expect(markerIconOf(type('cas.svg'), loader)).toBeNull(); // loading: the glyph
    expect(markerIconOf(type('ta.svg'), loader)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
    pending.get('/resource-icons/cas.svg')!.ok();
    pending.get('/resource-icons/ta.svg')!.fail();
    await flush();
    expect(heard).toHaveBeenCalledTimes(2);
    expect(markerIconOf(type('cas.svg'), loader)).toBe('/resource-icons/cas.svg');
    expect(markerIconOf(type('ta.svg'), loader)).toBeNull(); // failed: the glyph for good
    expect(loader.state('/resource-icons/ta.svg')).toBe('failed');
    expect(load).toHaveBeenCalledTimes(2); // asked once each
  });
});

describe('vehicle markers with the icon file or the glyph', () => {
  const styles = (f: { getStyle: () => unknown }) => f.getStyle() as Style[];
  const icons = (f: { getStyle: () => unknown }) =>
    styles(f)
      .map((s) => s.getImage())
      .filter((i): i is Icon => i instanceof Icon)
      .map((i) => i.getSrc());
  const glyphs = (f: { getStyle: () => unknown }) =>
    styles(f)
      .map((s) => s.getText()?.getText())
      .filter((t) => t === 'fire_truck');
  const data = (iconOf: VehicleData['iconOf']): VehicleData => ({
    jobs: [makeJob(1)],
    resources: { 1: makeResource(1), 2: makeResource(2) },
    resourceTypes: { 1: { ...TYPES[1], options: { icon: { file: 'cas.svg' } } } },
    bases: BASES,
    events: {},
    now: new Date(NOW),
    onSelectEvent: () => {},
    iconOf,
  });

  it('a loaded file is drawn instead of the glyph, on jobs and free vehicles', () => {
    const d = data((t) => resourceIconUrl(t));
    for (const f of [...jobFeatures(d), ...freeVehicleFeatures(d)]) {
      expect(icons(f)).toEqual(['/resource-icons/cas.svg']);
      expect(glyphs(f)).toEqual([]);
    }
  });

  it('without a loaded file the built-in glyph is drawn', () => {
    const d = data(() => null);
    for (const f of [...jobFeatures(d), ...freeVehicleFeatures(d)]) {
      expect(icons(f)).toEqual([]);
      expect(glyphs(f)).toEqual(['fire_truck']);
    }
  });

  it('the features say what they stand for (the tooltip reads it)', () => {
    const d = data(() => null);
    expect(jobFeatures(d)[0].getProperties()).toMatchObject({ kind: 'event-job', jobId: 1, resourceId: 1 });
    expect(freeVehicleFeatures(d)[0].getProperties()).toMatchObject({ kind: 'vehicle', resourceId: 2, label: 'PHA' });
  });
});
