import { describe, expect, it } from 'vitest';
import { czPlural } from '../locale/plural';
import {
  cardSpecificity,
  foldText,
  matchRunCard,
  proposeRunCard,
  runCardErrors,
  shortfallOf,
  splitWords,
  type RunCardCandidate,
} from './rules';
import type { RunCard } from './schema';
import { runCardTexts, vehicleForms } from './texts';

const card = (id: number, over: Partial<RunCard> = {}): RunCard => ({
  id,
  name: `plán ${id}`,
  eventCategoryId: 1,
  eventTypeId: null,
  eventTerrainId: null,
  words: [],
  lines: [{ resourceTypeId: 1, count: 1, maxEtaMinutes: 15 }],
  updatedAt: '2026-11-28 10:00:00',
  ...over,
});

const event = { eventCategoryId: 1, eventTypeId: 9, eventTerrainId: 5, subject: 'Požár lokomotivy v Tunelu Březno' };

describe('matchRunCard', () => {
  it('the most specific card wins: category+type+object > category+type > category', () => {
    const category = card(1);
    const typed = card(2, { eventTypeId: 9 });
    const tunnel = card(3, { eventTypeId: 9, eventTerrainId: 5 });
    expect(matchRunCard([category, typed, tunnel], event)?.id).toBe(3);
    expect(matchRunCard([category, typed], event)?.id).toBe(2);
    expect(matchRunCard([category], event)?.id).toBe(1);
    // the order of the list does not matter
    expect(matchRunCard([tunnel, category, typed], event)?.id).toBe(3);
  });

  it('a narrowing that does not hold leaves the card out', () => {
    expect(matchRunCard([card(1, { eventCategoryId: 3 })], event)).toBeNull();
    expect(matchRunCard([card(1, { eventTypeId: 1 })], event)).toBeNull();
    expect(matchRunCard([card(1, { eventTerrainId: 6 })], event)).toBeNull();
    expect(matchRunCard([card(1, { words: ['most'] })], event)).toBeNull();
  });

  it('subject words match without accents and case, in subject, address or description', () => {
    expect(matchRunCard([card(1, { words: ['TUNELU březno'] })], event)?.id).toBe(1);
    expect(
      matchRunCard([card(1, { words: ['nádraží'] })], { ...event, subject: null, address: 'Nadrazi Kolin' })?.id,
    ).toBe(1);
    expect(foldText('  Žluťoučký  KŮŇ ')).toBe('zlutoucky kun');
    expect(splitWords('tunel, most ,, ')).toEqual(['tunel', 'most']);
  });

  it('ties go to the lowest id; type outweighs object kind and words', () => {
    const a = card(7, { eventTypeId: 9, words: ['lokomotiv'] });
    const b = card(4, { eventTypeId: 9, eventTerrainId: 5 });
    const c = card(2, { eventTypeId: 9, eventTerrainId: 5 });
    expect(cardSpecificity(b)).toBeGreaterThan(cardSpecificity(a));
    expect(matchRunCard([a, b, c], event)?.id).toBe(2);
    expect(cardSpecificity(card(1, { eventTypeId: 9 }))).toBeGreaterThan(
      cardSpecificity(card(1, { eventTerrainId: 5, words: ['x'] })),
    );
  });
});

const v = (resourceId: number, resourceTypeId: number, baseId: number, minutes: number | null): RunCardCandidate => ({
  resourceId,
  resourceTypeId,
  baseId,
  duration: minutes === null ? null : minutes * 60,
  source: 'estimate',
});
const codes = { 1: 'CAS', 2: 'TA', 6: 'INSP' };

describe('proposeRunCard', () => {
  const lines = [
    { resourceTypeId: 1, count: 2, maxEtaMinutes: 20 },
    { resourceTypeId: 2, count: 1, maxEtaMinutes: 30 },
    { resourceTypeId: 6, count: 1, maxEtaMinutes: 30 },
  ];

  it('own base first, then mutual aid, each by ETA; ties by id', () => {
    const proposal = proposeRunCard(
      { lines },
      [v(11, 1, 5, 12), v(10, 1, 5, 12), v(20, 1, 7, 4), v(30, 2, 7, 10), v(40, 6, 5, 25)],
      5,
      codes,
    );
    // own base's two tenders (equal ETA: lower id first) before the nearer neighbour's
    expect(proposal[0].vehicles.map((x) => x.resourceId)).toEqual([10, 11]);
    expect(proposal[0].vehicles.every((x) => !x.mutualAid)).toBe(true);
    // the own base has no technical vehicle: the neighbour's comes, marked as mutual aid
    expect(proposal[1].vehicles).toMatchObject([{ resourceId: 30, mutualAid: true }]);
    expect(proposal[2].vehicles.map((x) => x.resourceId)).toEqual([40]);
    expect(proposal.every((l) => l.missing === 0 && l.shortfall === null)).toBe(true);
  });

  it('the neighbour fills what the own base lacks; beyond the limit and without a position nothing is proposed', () => {
    const proposal = proposeRunCard(
      { lines },
      [v(10, 1, 5, 12), v(20, 1, 7, 19), v(21, 1, 7, 5), v(22, 1, 5, 21), v(23, 1, 5, null), v(40, 6, 5, 31)],
      5,
      codes,
    );
    expect(proposal[0].vehicles.map((x) => [x.resourceId, x.mutualAid])).toEqual([
      [10, false],
      [21, true],
    ]);
    expect(proposal[1]).toMatchObject({ vehicles: [], missing: 1, shortfall: 'chybí 1× TA do 30 min' });
    expect(proposal[2]).toMatchObject({ vehicles: [], missing: 1, shortfall: 'chybí 1× INSP do 30 min' });
  });

  it('a vehicle is proposed once, and without an own base everything is mutual aid by ETA', () => {
    const twice = [
      { resourceTypeId: 1, count: 1, maxEtaMinutes: 20 },
      { resourceTypeId: 1, count: 1, maxEtaMinutes: 20 },
    ];
    const proposal = proposeRunCard({ lines: twice }, [v(2, 1, 7, 9), v(1, 1, 8, 9)], null, codes);
    expect(proposal.map((l) => l.vehicles[0]?.resourceId)).toEqual([1, 2]);
    expect(proposal[0].vehicles[0].mutualAid).toBe(true);
  });

  it('vehicles already on the event count toward their line', () => {
    const proposal = proposeRunCard({ lines }, [v(10, 1, 5, 5), v(11, 1, 5, 6), v(30, 2, 5, 10)], 5, codes, [1, 1, 2]);
    expect(proposal.map((l) => [l.deployed, l.vehicles.length, l.missing])).toEqual([
      [2, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
    expect(proposeRunCard({ lines }, [v(10, 1, 5, 5), v(11, 1, 5, 6)], 5, codes, [1])[0]).toMatchObject({
      deployed: 1,
      vehicles: [{ resourceId: 10 }],
      missing: 0,
    });
  });
});

describe('shortfallOf', () => {
  it('counts only vehicles within the limit, texted with the count', () => {
    const line = { count: 3, maxEtaMinutes: 30 };
    expect(shortfallOf(line, 'CAS', [{ duration: 600 }])).toEqual({ missing: 2, text: 'chybí 2× CAS do 30 min' });
    expect(shortfallOf(line, 'CAS', [{ duration: 600 }, { duration: 3600 }, { duration: null }]).missing).toBe(2);
    expect(shortfallOf(line, 'CAS', [{ duration: 1800 }, { duration: 60 }, { duration: 0 }])).toEqual({
      missing: 0,
      text: null,
    });
  });

  it('Czech plural of the deployed summary', () => {
    expect(runCardTexts.deployed(1, czPlural(1, vehicleForms))).toBe('Nasazeno 1 vozidlo');
    expect(runCardTexts.deployed(3, czPlural(3, vehicleForms))).toBe('Nasazeno 3 vozidla');
    expect(runCardTexts.deployed(5, czPlural(5, vehicleForms))).toBe('Nasazeno 5 vozidel');
  });
});

describe('runCardErrors', () => {
  const cat = {
    categoryIds: new Set([1, 3]),
    eventTypeIds: new Set([1, 9]),
    terrainIds: new Set([5]),
    resourceTypeIds: new Set([1, 2, 6]),
  };
  const good = {
    name: ' Požár lokomotivy ',
    eventCategoryId: 1,
    eventTypeId: 9,
    words: [' lokomotiv ', ''],
    lines: [{ resourceTypeId: 1, count: 2, maxEtaMinutes: 20 }],
  };

  it('a good card comes back clean', () => {
    expect(runCardErrors(good, cat)).toEqual({
      errors: [],
      card: {
        name: 'Požár lokomotivy',
        eventCategoryId: 1,
        eventTypeId: 9,
        eventTerrainId: null,
        words: ['lokomotiv'],
        lines: [{ resourceTypeId: 1, count: 2, maxEtaMinutes: 20 }],
      },
    });
  });

  it('unknown types, counts below 1 or not whole, max ETA ≤ 0 are refused in Czech per field', () => {
    const { errors, card } = runCardErrors(
      {
        ...good,
        lines: [
          { resourceTypeId: 99, count: 0, maxEtaMinutes: 0 },
          { resourceTypeId: 2, count: 1.5, maxEtaMinutes: -5 },
          { resourceTypeId: 2, count: -1, maxEtaMinutes: 10 },
        ],
      },
      cat,
    );
    expect(card).toBeNull();
    expect(errors).toEqual([
      { field: 'lines.0.resourceTypeId', message: 'Neznámý druh techniky.' },
      { field: 'lines.0.count', message: runCardTexts.countInvalid },
      { field: 'lines.0.maxEtaMinutes', message: runCardTexts.maxEtaInvalid },
      { field: 'lines.1.count', message: runCardTexts.countInvalid },
      { field: 'lines.1.maxEtaMinutes', message: runCardTexts.maxEtaInvalid },
      { field: 'lines.2.resourceTypeId', message: runCardTexts.typeDuplicate },
      { field: 'lines.2.count', message: runCardTexts.countInvalid },
    ]);
  });

  it('missing name, category, lines and unknown catalogue ids', () => {
    const { errors } = runCardErrors(
      { name: '', eventCategoryId: 2, eventTypeId: 4, eventTerrainId: 'x', lines: [] },
      cat,
    );
    expect(errors.map((e) => e.field)).toEqual(['name', 'eventCategoryId', 'eventTypeId', 'eventTerrainId', 'lines']);
    expect(runCardErrors({ ...good, words: 'tunel' }).errors).toEqual([
      { field: 'words', message: runCardTexts.wordsInvalid },
    ]);
  });
});
