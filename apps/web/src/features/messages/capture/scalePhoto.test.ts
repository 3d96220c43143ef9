import { describe, expect, it } from 'vitest';
import { fitWithin } from './scalePhoto';

describe('photo size', () => {
  it('fits the longer side within 1900 px keeping the aspect, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1900, height: 1425 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1425, height: 1900 });
    expect(fitWithin(1900, 1000)).toEqual({ width: 1900, height: 1000 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(20000, 1)).toEqual({ width: 1900, height: 1 });
  });
});
