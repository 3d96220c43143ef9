import { describe, expect, it } from 'vitest';
import { reportEventIdOf, reportPath } from './route';

describe('incident report address', () => {
  it('reads the event id of its own path only', () => {
    expect(reportPath(42)).toBe('/zprava-udalosti/42');
    expect(reportEventIdOf('/zprava-udalosti/42')).toBe(42);
    expect(reportEventIdOf('/zprava-udalosti/42/')).toBe(42);
    expect(reportEventIdOf('/')).toBeNull();
    expect(reportEventIdOf('/zprava-udalosti/')).toBeNull();
    expect(reportEventIdOf('/zprava-udalosti/0')).toBeNull();
    expect(reportEventIdOf('/zprava-udalosti/-1')).toBeNull();
    expect(reportEventIdOf('/zprava-udalosti/1e3')).toBeNull();
    expect(reportEventIdOf('/zprava-udalosti/2147483648')).toBeNull();
    expect(reportEventIdOf('/v2/zprava-udalosti/1')).toBeNull();
  });
});
