/**
 * Demo run cards (issue 26 item 1) for the demo's categories, with the demo's resource types (catalogues.ts:
 * 1 CAS water tender, 2 TA technical, 3 VYA rescue, 4 DA transport, 6 INSP inspector, 7 KV rescue railcar) and
 * event types (1 fire, 4 hazardous leak, 5 train vs person, 6 derailment, 9 rail vehicle fire) and terrains
 * (5 tunnel, 6 bridge).
 */
import type { Tx } from '../db/client.js';
import { runCards } from '../db/schema/index.js';

const line = (resourceTypeId: number, count: number, maxEtaMinutes: number) => ({
  resourceTypeId,
  count,
  maxEtaMinutes,
});
const CAS = 1;
const TA = 2;
const VYA = 3;
const DA = 4;
const INSP = 6;
const KV = 7;

export const DEMO_RUN_CARDS = [
  { name: 'Mimořádná událost – základní', eventCategoryId: 1, lines: [line(CAS, 1, 20), line(INSP, 1, 30)] },
  { name: 'Požár', eventCategoryId: 1, eventTypeId: 1, lines: [line(CAS, 2, 20), line(INSP, 1, 30)] },
  {
    name: 'Požár kolejového vozidla',
    eventCategoryId: 1,
    eventTypeId: 9,
    lines: [line(CAS, 2, 20), line(TA, 1, 30), line(INSP, 1, 30)],
  },
  {
    name: 'Požár kolejového vozidla v tunelu',
    eventCategoryId: 1,
    eventTypeId: 9,
    eventTerrainId: 5,
    lines: [line(CAS, 3, 20), line(TA, 1, 30), line(VYA, 1, 30), line(INSP, 1, 30), line(KV, 1, 90)],
  },
  {
    name: 'Požár lokomotivy',
    eventCategoryId: 1,
    eventTypeId: 9,
    words: ['lokomotiv'],
    lines: [line(CAS, 2, 20), line(TA, 1, 30), line(INSP, 1, 30)],
  },
  {
    name: 'Vykolejení',
    eventCategoryId: 1,
    eventTypeId: 6,
    lines: [line(VYA, 1, 30), line(TA, 1, 30), line(INSP, 1, 30), line(KV, 1, 120)],
  },
  {
    name: 'Únik nebezpečné látky',
    eventCategoryId: 1,
    eventTypeId: 4,
    lines: [line(CAS, 2, 20), line(TA, 1, 30), line(DA, 1, 40), line(INSP, 1, 30)],
  },
  {
    name: 'Srážka vlaku s osobou na mostě',
    eventCategoryId: 1,
    eventTypeId: 5,
    eventTerrainId: 6,
    lines: [line(TA, 1, 20), line(VYA, 1, 30), line(INSP, 1, 30)],
  },
  { name: 'Událost KOPIS', eventCategoryId: 3, lines: [line(CAS, 1, 20), line(INSP, 1, 30)] },
  { name: 'Technická pomoc', eventCategoryId: 5, eventTypeId: 2, lines: [line(TA, 1, 30)] },
];

export async function seedRunCards(tx: Tx): Promise<void> {
  await tx.insert(runCards).values(
    DEMO_RUN_CARDS.map((c) => ({
      eventTypeId: null,
      eventTerrainId: null,
      words: [],
      ...c,
    })),
  );
}
