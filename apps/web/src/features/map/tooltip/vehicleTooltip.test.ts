import { describe, expect, it } from 'vitest';
import type { Device } from '@panel/domain/sync';
import { makeEvent } from '../../../test/factories';
import { BASES, NOW, ago, makeJob, makeResource } from '../../vehicles/testVehicles';
import { clusterTooltip, deviceTooltip, mediaOf, vehicleTooltip } from './vehicleTooltip';

const now = new Date(NOW);
const CAS = { id: 1, code: 'CAS', name: 'Cisternová automobilová stříkačka', options: { icon: { file: 'cas.svg' } } };
const lines = (m: { content: { label: string; value: string }[] }) =>
  Object.fromEntries(m.content.map((l) => [l.label, l.value]));

describe('vehicle tooltip (001 §2: title, content, media, overview)', () => {
  const resource = makeResource(7, {
    name: 'CAS 30 Tatra 815-7 PHA',
    licence: '4A1 2345',
    status: 1,
    locationAt: ago(120),
    pnt: { speed: 62.4, sourceName: 'Tereza' } as never,
  });
  const event = makeEvent(1, {
    code: 'E-2025-17',
    header: {
      title: { value: 'Požár lokomotivy', class: null },
      subtitle: { value: null, class: null },
      description: { value: null, class: null },
      overview: { value: '**E-2025-17** – požár', class: 'markdown' },
    },
  });

  it('a deployed vehicle: its name, type, plate, unit, status, the job and its event, speed, position, overview', () => {
    const job = makeJob(7, { eventJobStatusId: 16, arriveAt: '2025-06-01 12:20:00' });
    const m = vehicleTooltip({ resource, type: CAS, base: BASES[3], job, event, now });
    expect(m.title).toBe('CAS 30 Tatra 815-7 PHA');
    expect(lines(m)).toEqual({
      Typ: 'Cisternová automobilová stříkačka',
      SPZ: '4A1 2345',
      Jednotka: 'PHA – Praha',
      Stav: 'Jízda',
      'Stav výjezdu': 'Blíží se k místu',
      Událost: 'E-2025-17 – Požár lokomotivy',
      Příjezd: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/),
      Rychlost: '62 km/h',
      Poloha: expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d \(před 2 min\)$/),
      'Zdroj polohy': 'Tereza',
    });
    expect(m.overview).toBe('**E-2025-17** – požár');
    expect(m.icon).toEqual({ src: '/resource-icons/cas.svg', glyph: 'fire_truck', color: '#f9a825' });
    expect(m.media).toBeNull();
  });

  it('a free vehicle: no job lines and no overview; a job on an event the panel does not hold says so', () => {
    const free = vehicleTooltip({ resource, type: CAS, base: BASES[3], now });
    expect(Object.keys(lines(free))).not.toContain('Stav výjezdu');
    expect(Object.keys(lines(free))).not.toContain('Událost');
    expect(free.overview).toBeNull();
    const elsewhere = vehicleTooltip({ resource, type: CAS, base: BASES[3], job: makeJob(7), now });
    expect(lines(elsewhere)['Událost']).toBe('jiná událost');
    expect(elsewhere.overview).toBeNull();
  });

  it('a position older than 300 s is the stale warning; none is "bez polohy"', () => {
    const stale = vehicleTooltip({
      resource: makeResource(2, { locationAt: ago(900) }),
      type: CAS,
      base: undefined,
      now,
    });
    const position = stale.content.find((l) => l.label === 'Poloha')!;
    expect(position.warn).toBe(true);
    expect(position.value).toMatch(/^Neaktuální poloha \(před 15 min\), /);
    const none = vehicleTooltip({
      resource: makeResource(3, { locationAt: null }),
      type: undefined,
      base: undefined,
      now,
    });
    expect(none.content.find((l) => l.label === 'Poloha')).toEqual({ label: 'Poloha', value: 'bez polohy' });
    expect(none.icon.src).toBeNull();
    expect(lines(none)['Jednotka']).toBe('PHA');
  });

  it('media: the vehicle link (url, urlName); own pictures as thumbnails; other schemes never', () => {
    const linked = vehicleTooltip({
      resource: makeResource(4, { url: 'https://cam.example/dron/4', urlName: 'Živý přenos' }),
      type: CAS,
      base: undefined,
      now,
    });
    expect(linked.media).toEqual({ url: 'https://cam.example/dron/4', name: 'Živý přenos', image: false });
    expect(mediaOf('/v2/media/vehicle/4.jpg', null)).toEqual({
      url: '/v2/media/vehicle/4.jpg',
      name: '/v2/media/vehicle/4.jpg',
      image: true,
    });
    expect(mediaOf('https://elsewhere.example/a.jpg', 'x')?.image).toBe(false);
    expect(mediaOf('javascript:alert(1)', 'x')).toBeNull();
    expect(mediaOf('//evil.example/a.jpg', 'x')).toBeNull();
    expect(mediaOf('  ', 'x')).toBeNull();
  });

  it('a device: name and code, assignment, SIM, last contact (stale above 300 s)', () => {
    const device = {
      id: 9,
      code: 'M123',
      name: 'Telefon velitele',
      resourceName: 'CAS 30 Tatra 815-7 PHA',
      number: '731000111',
      connectedAt: Math.floor(NOW / 1000) - 400,
    } as Device;
    const m = deviceTooltip(device, now);
    expect(m.title).toBe('Telefon velitele (M123)');
    expect(m.icon.glyph).toBe('smartphone');
    expect(lines(m)).toMatchObject({ Přiděleno: 'CAS 30 Tatra 815-7 PHA', Sim: '731000111' });
    expect(m.content.find((l) => l.label === 'Poslední spojení')?.warn).toBe(true);
  });

  it('several markers on one spot list their names', () => {
    const m = clusterTooltip([
      { title: 'CAS 20 PHA', label: 'PHA' },
      { title: 'Dron PHA', label: 'PHA' },
    ]);
    expect(m.title).toBe('Technika a zařízení na jednom místě (2)');
    expect(m.content.map((l) => l.value)).toEqual(['CAS 20 PHA', 'Dron PHA']);
  });
});
