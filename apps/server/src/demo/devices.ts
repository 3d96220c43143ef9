/**
 * Demo devices: per unit a phone (M), a tablet (T), a vehicle navigation (N), a drone controller (DC) where the
 * unit has a drone, and workstations (X) at the central dispatch and management. Test results mix good,
 * warning and error values of the parameters of 001 §3.
 */
import { DEMO_BASES, UNIT_BASES } from './bases.js';

export const EXPECTED_APP_VERSION = '3.14.2';

export interface DemoDevice {
  code: string;
  name: string;
  baseCode: string;
  number: string | null;
  ownership: 'corporate' | 'private';
  /** name of the vehicle the device sits in */
  resourceName: string | null;
  testResult: Record<string, unknown> | null;
  /** minutes since the last test / connection */
  testedAgo: number;
  connectedAgo: number | null;
}

type Quality = 'good' | 'warning' | 'error';

function testResult(model: string, q: Quality, seed: number): Record<string, unknown> {
  const good = {
    device: model,
    app_version: EXPECTED_APP_VERSION,
    expect_app_version: EXPECTED_APP_VERSION,
    mobile_data_enabled: true,
    wifi_enabled: seed % 2 === 0,
    gps_enabled: true,
    location_high_precision: true,
    battery: 62 + (seed % 35),
    device_to_server_time_diff: +((seed % 9) / 10).toFixed(1),
    storage_fill: 28 + (seed % 30),
  };
  if (q === 'warning') return { ...good, app_version: '3.13.0', battery: 18 + (seed % 5), storage_fill: 86 };
  if (q === 'error') {
    return {
      ...good,
      gps_enabled: false,
      location_high_precision: false,
      mobile_data_enabled: seed % 2 === 1,
      device_to_server_time_diff: 94.6,
      storage_fill: 97,
      battery: 7,
    };
  }
  return good;
}

const quality = (i: number): Quality => (i % 7 === 3 ? 'error' : i % 4 === 1 ? 'warning' : 'good');
const sim = (i: number) => `7${String(30000000 + i * 104729).slice(-8)}`;

export function demoDevices(resourceNamesByBase: Map<string, string[]>): DemoDevice[] {
  const out: DemoDevice[] = [];
  let i = 0;
  for (const base of UNIT_BASES) {
    const vehicles = resourceNamesByBase.get(base.code) ?? [];
    const cas = vehicles.find((v) => v.startsWith('CAS')) ?? null;
    const drone = vehicles.find((v) => v.startsWith('Dron')) ?? null;
    const add = (
      code: string,
      name: string,
      model: string,
      resourceName: string | null,
      ownership: 'corporate' | 'private' = 'corporate',
    ) => {
      i += 1;
      const q = quality(i);
      out.push({
        code,
        name,
        baseCode: base.code,
        number: code.startsWith('X') ? null : sim(i),
        ownership,
        resourceName,
        testResult: i % 11 === 5 ? null : testResult(model, q, i),
        testedAgo: 15 + ((i * 37) % 2800),
        connectedAgo: q === 'error' ? 60 * 24 * 3 : (i * 7) % 50,
      });
    };
    add(`M-${base.code}-01`, `Mobil velitele ${base.code}`, 'Samsung Galaxy XCover 6 Pro', null);
    add(`T-${base.code}-01`, `Tablet ${base.code}`, 'Samsung Galaxy Tab Active4 Pro', null);
    add(`N-${base.code}-01`, `Navigace ${cas ?? base.code}`, 'Panasonic Toughbook FZ-G2', cas);
    if (drone) add(`DC-${base.code}-01`, `Ovladač dronu ${base.code}`, 'DJI RC Plus', drone);
    if (base.id % 3 === 0) add(`M-${base.code}-02`, `Mobil strojníka ${base.code}`, 'Apple iPhone 13', null, 'private');
  }
  const central = DEMO_BASES.find((b) => b.code === 'COIS')!;
  for (let n = 1; n <= 3; n++) {
    i += 1;
    out.push({
      code: `X-COIS-0${n}`,
      name: `Pracoviště dispečera ${n}`,
      baseCode: central.code,
      number: null,
      ownership: 'corporate',
      resourceName: null,
      testResult: testResult('Dell OptiPlex 7010 (Chrome)', n === 3 ? 'warning' : 'good', i),
      testedAgo: 30 * n,
      connectedAgo: n,
    });
  }
  i += 1;
  out.push({
    code: 'M-COIS-01',
    name: 'Mobil služby COIS',
    baseCode: 'COIS',
    number: sim(i),
    ownership: 'corporate',
    resourceName: null,
    testResult: testResult('Samsung Galaxy S23', 'good', i),
    testedAgo: 90,
    connectedAgo: 5,
  });
  out.push({
    code: 'X-RHZ-01',
    name: 'Pracoviště vedení',
    baseCode: 'RHZ',
    number: null,
    ownership: 'corporate',
    resourceName: null,
    testResult: null,
    testedAgo: 0,
    connectedAgo: null,
  });
  return out;
}
