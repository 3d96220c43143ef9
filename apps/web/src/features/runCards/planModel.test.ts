import { describe, expect, it } from 'vitest';
import type { ProposalLine } from '@panel/domain/runCards';
import type { OverviewRow } from '../vehicles/vehicleModel';
import { candidatesOf, deployBody, initialPicks, lineShortfall, pickedCount } from './planModel';

const line = (over: Partial<ProposalLine> = {}): ProposalLine => ({
  resourceTypeId: 1,
  code: 'CAS',
  count: 2,
  deployed: 0,
  maxEtaMinutes: 20,
  vehicles: [{ resourceId: 10, baseId: 3, duration: 300, durationText: '5 min', source: 'estimate', mutualAid: false }],
  missing: 1,
  shortfall: 'chybí 1× CAS do 20 min',
  ...over,
});

const row = (id: number, typeId: number, minutes: number | null, deployment: OverviewRow['deployment'] = 'free') =>
  ({
    id,
    deployment,
    resource: { id, name: `V${id}`, resourceTypeId: typeId, baseId: 3 },
    eta:
      minutes === null
        ? null
        : {
            resourceId: id,
            duration: minutes * 60,
            distance: 1,
            source: 'estimate',
            distanceText: '',
            durationText: '',
          },
  }) as unknown as OverviewRow;

describe('the plan as the dispatcher edits it', () => {
  it('slots: what the line still needs, filled with the proposal', () => {
    expect(initialPicks([line(), line({ deployed: 2 }), line({ count: 3, deployed: 1 })])).toEqual([
      [10, null],
      [],
      [10, null],
    ]);
  });

  it('candidates: free vehicles of the type by ETA, no ETA last', () => {
    const rows = [row(1, 1, null), row(2, 1, 9), row(3, 1, 4), row(4, 2, 1), row(5, 1, 1, 'elsewhere')];
    expect(candidatesOf(rows, 1).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('the shortfall follows the picks: a late or unknown vehicle does not fill the line', () => {
    const rows = [row(10, 1, 5), row(11, 1, 25), row(12, 1, null)];
    expect(lineShortfall(line(), [10, null], rows).text).toBe('chybí 1× CAS do 20 min');
    expect(lineShortfall(line(), [10, 11], rows).text).toBe('chybí 1× CAS do 20 min');
    expect(lineShortfall(line(), [12, 11], rows).text).toBe('chybí 2× CAS do 20 min');
    expect(lineShortfall(line(), [10, 10], rows).text).toBeNull();
  });

  it('the deploy body carries the chosen vehicles per line, empty lines left out', () => {
    const lines = [line(), line({ resourceTypeId: 2, code: 'TA' })];
    expect(deployBody(lines, [[10, null], [null]])).toEqual({ lines: [{ resourceTypeId: 1, resourceIds: [10] }] });
    expect(
      pickedCount([
        [10, null],
        [null, 4],
      ]),
    ).toBe(2);
  });
});
