/** Demo vehicles: 2–3 per unit plus drones, inspectors and a rescue railcar; positions near their bases. */
import { UNIT_BASES, type DemoBase } from './bases.js';

export interface DemoResource {
  name: string;
  licence: string | null;
  baseCode: string;
  resourceTypeId: number;
  icon: string;
  latitude: number;
  longitude: number;
  status: number;
}

/** Deterministic small offset (≈ up to 300 m) so vehicles stand around their station, not on one point. */
function near(base: DemoBase, n: number): { latitude: number; longitude: number } {
  const a = ((base.id * 37 + n * 53) % 100) / 100 - 0.5;
  const b = ((base.id * 71 + n * 29) % 100) / 100 - 0.5;
  return { latitude: +(base.latitude + a * 0.005).toFixed(6), longitude: +(base.longitude + b * 0.007).toFixed(6) };
}

function plate(base: DemoBase, n: number): string {
  const first = (base.id % 9) + 1;
  const digit = (n * 3 + base.id) % 10;
  const num = String(1000 + ((base.id * 769 + n * 311) % 9000)).padStart(4, '0');
  return `${first}${base.region}${digit} ${num}`;
}

const KINDS: { prefix: string; typeId: number; icon: string }[] = [
  { prefix: 'CAS 30 Tatra 815-7', typeId: 1, icon: 'cas' },
  { prefix: 'TA-L VW Crafter', typeId: 2, icon: 'ta' },
  { prefix: 'CAS 20 Scania P 360', typeId: 1, icon: 'cas' },
  { prefix: 'VYA Mercedes Unimog', typeId: 3, icon: 'vya' },
  { prefix: 'DA Ford Transit', typeId: 4, icon: 'da' },
];

/** Vehicle kinds per unit (index into KINDS): big hubs get more. */
const FLEET: Record<string, number[]> = {
  PHA: [0, 2, 1, 3, 4],
  BRN: [0, 2, 1, 4],
  OVA: [0, 2, 1, 3],
  PLZ: [0, 1, 4],
  OLO: [0, 1, 3],
  PCE: [0, 1],
  CBU: [0, 1],
  UNL: [0, 2, 1],
  CTR: [0, 1, 3],
  CHB: [0, 1],
  HBR: [0, 1],
  HKR: [0, 1],
  LBC: [0, 1],
  BRV: [0, 1, 4],
  NYM: [0, 1],
};

export function demoResources(): DemoResource[] {
  const out: DemoResource[] = [];
  for (const base of UNIT_BASES) {
    (FLEET[base.code] ?? [0, 1]).forEach((k, i) => {
      const kind = KINDS[k];
      out.push({
        name: `${kind.prefix} ${base.code}`,
        licence: plate(base, i),
        baseCode: base.code,
        resourceTypeId: kind.typeId,
        icon: kind.icon,
        ...near(base, i),
        status: 0,
      });
    });
  }
  const byCode = (code: string) => UNIT_BASES.find((b) => b.code === code)!;
  for (const code of ['PHA', 'BRN', 'OVA', 'PCE']) {
    out.push({
      name: `Dron DJI Matrice 30T ${code}`,
      licence: null,
      baseCode: code,
      resourceTypeId: 5,
      icon: 'dron',
      ...near(byCode(code), 7),
      status: 0,
    });
  }
  for (const [i, code] of ['PHA', 'BRN', 'OLO', 'PLZ', 'CTR'].entries()) {
    out.push({
      name: `Inspektor Škoda Kodiaq ${code}`,
      licence: plate(byCode(code), 8 + i),
      baseCode: code,
      resourceTypeId: 6,
      icon: 'inspektor',
      ...near(byCode(code), 8),
      status: 0,
    });
  }
  out.push({
    name: 'ZKV MUV 74 Česká Třebová',
    licence: null,
    baseCode: 'CTR',
    resourceTypeId: 7,
    icon: 'kv',
    ...near(byCode('CTR'), 9),
    status: 0,
  });
  out.push({
    name: 'ZKV MUV 74 Praha',
    licence: null,
    baseCode: 'PHA',
    resourceTypeId: 7,
    icon: 'kv',
    ...near(byCode('PHA'), 9),
    status: 0,
  });
  return out;
}
