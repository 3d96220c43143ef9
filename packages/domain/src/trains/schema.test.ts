import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../http/fieldErrors';
import { trainLocationBody, trainTrackBody } from './schema';
import { trainRouteTexts } from './texts';

const errors = (schema: typeof trainLocationBody | typeof trainTrackBody, body: unknown) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : toFieldErrors(parsed.error);
};

describe('train request schemas', () => {
  it('location: one train by number (text or number), or a window of a train or a point', () => {
    expect(trainLocationBody.parse({ TR: ' 143 ' })).toEqual({ TR: '143' });
    expect(trainLocationBody.parse({ TR: 143 })).toEqual({ TR: '143' });
    expect(
      trainLocationBody.parse({ CasOd: '2026-03-02 09:00:00', CasDo: '2026-03-02 10:00:00', DopravniBod: ' kolin ' }),
    ).toEqual({ CasOd: '2026-03-02 09:00:00', CasDo: '2026-03-02 10:00:00', DopravniBod: 'kolin', RealTime: false });
    expect(
      trainLocationBody.parse({
        CasOd: '2026-03-02 09:00:00',
        CasDo: '2026-03-02 10:00:00',
        VlakCislo: 7,
        RealTime: '1',
      }),
    ).toEqual({ CasOd: '2026-03-02 09:00:00', CasDo: '2026-03-02 10:00:00', VlakCislo: '7', RealTime: true });
  });

  it('location: the Czech texts on the fields the route answered before', () => {
    expect(errors(trainLocationBody, {})).toEqual([{ field: 'TR', message: trainRouteTexts.locationQuery }]);
    expect(errors(trainLocationBody, [])).toEqual([{ field: 'TR', message: trainRouteTexts.locationQuery }]);
    expect(errors(trainLocationBody, { TR: 'Os12' })).toEqual([{ field: 'TR', message: trainRouteTexts.trainNumber }]);
    expect(errors(trainLocationBody, { CasOd: 'včera', CasDo: '2026-03-02 10:00:00', VlakCislo: '1' })).toEqual([
      { field: 'CasOd', message: trainRouteTexts.time },
    ]);
    expect(
      errors(trainLocationBody, { CasOd: '2026-03-02 11:00:00', CasDo: '2026-03-02 10:00:00', VlakCislo: '1' }),
    ).toEqual([{ field: 'CasDo', message: trainRouteTexts.window }]);
    expect(errors(trainLocationBody, { CasOd: '2026-03-02 09:00:00', CasDo: '2026-03-02 10:00:00' })).toEqual([
      { field: 'VlakCislo', message: trainRouteTexts.locationQuery },
    ]);
  });

  it('track: 1–100 numbers, one alone is a list, duplicates once; any fault one 422 on TR', () => {
    expect(trainTrackBody.parse({ TR: ['1', 2, '1'] })).toEqual({ TR: ['1', '2'] });
    expect(trainTrackBody.parse({ TR: '5' })).toEqual({ TR: ['5'] });
    for (const bad of [{}, { TR: [] }, { TR: ['x'] }, { TR: Array.from({ length: 101 }, (_, i) => i + 1) }, 'x']) {
      expect(errors(trainTrackBody, bad)).toEqual([{ field: 'TR', message: trainRouteTexts.trackList }]);
    }
  });
});
