/** Voronoi cells by half-plane clipping: each cell holds its site, cells do not overlap, they fill the bounds. */
import { describe, expect, it } from 'vitest';
import { colourGraph, neighbours, pointInPolygon, signedArea, voronoiCells, type XY } from './voronoi.js';
import { CZ_BOUNDS, ZONE_COLORS, zoneFeatures } from './provider.js';

/** a deterministic pseudo-random sequence */
function rng(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const square: XY[] = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
];
// a concave bound (an L)
const ell: XY[] = [
  [0, 0],
  [100, 0],
  [100, 40],
  [40, 40],
  [40, 100],
  [0, 100],
];

describe('voronoi', () => {
  it('two sites split a square along the bisector', () => {
    const cells = voronoiCells(
      [
        [25, 50],
        [75, 50],
      ],
      square,
    );
    expect(Math.abs(signedArea(cells[0]))).toBeCloseTo(5000, 6);
    expect(Math.abs(signedArea(cells[1]))).toBeCloseTo(5000, 6);
    expect(Math.max(...cells[0].map((p) => p[0]))).toBeCloseTo(50, 9);
  });

  for (const [name, bounds] of [
    ['square', square],
    ['concave L', ell],
  ] as const) {
    it(`random sites in a ${name}: own site inside, every sample point in exactly one cell, areas add up`, () => {
      const rand = rng(name.length);
      const sites: XY[] = [];
      while (sites.length < 25) {
        const p: XY = [rand() * 100, rand() * 100];
        if (pointInPolygon(p, bounds)) sites.push(p);
      }
      const cells = voronoiCells(sites, bounds);
      cells.forEach((c, i) => expect(pointInPolygon(sites[i], c), `site ${i}`).toBe(true));
      let samples = 0;
      for (let k = 0; k < 2000; k++) {
        const p: XY = [rand() * 100, rand() * 100];
        if (!pointInPolygon(p, bounds)) {
          expect(cells.filter((c) => pointInPolygon(p, c))).toHaveLength(0);
          continue;
        }
        samples++;
        const owners = cells.map((c, i) => (pointInPolygon(p, c) ? i : -1)).filter((i) => i >= 0);
        expect(owners, `${p}`).toHaveLength(1);
        // and the owner is the nearest site
        const d = sites.map((s) => Math.hypot(s[0] - p[0], s[1] - p[1]));
        expect(d[owners[0]]).toBeCloseTo(Math.min(...d), 6);
      }
      expect(samples).toBeGreaterThan(500);
      const total = cells.reduce((a, c) => a + Math.abs(signedArea(c)), 0);
      expect(total).toBeCloseTo(Math.abs(signedArea(bounds)), 3);
    });
  }

  it('a duplicate site gets no cell', () => {
    const cells = voronoiCells(
      [
        [25, 50],
        [25, 50],
        [75, 50],
      ],
      square,
    );
    expect(cells[1]).toEqual([]);
    expect(Math.abs(signedArea(cells[0]))).toBeCloseTo(5000, 6);
  });

  it('colouring: neighbours always differ, even with the grid of many touching cells', () => {
    const sites: XY[] = [];
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) sites.push([8 + i * 16 + (j % 2) * 4, 8 + j * 16]);
    const cells = voronoiCells(sites, square);
    const adj = neighbours(sites, cells);
    expect(adj[7].size).toBeGreaterThanOrEqual(4);
    const colours = colourGraph(adj, 7);
    adj.forEach((set, i) => set.forEach((j) => expect(colours[i], `${i}-${j}`).not.toBe(colours[j])));
    expect(new Set(colours).size).toBeGreaterThanOrEqual(4);
  });
});

describe('zoneFeatures', () => {
  it('made-up bases: WGS84 polygons, counter-clockwise, closed, each holding its base, colours of the palette', () => {
    const units = [
      { id: 1, name: 'A', code: 'A', longitude: 14.43, latitude: 50.08 },
      { id: 2, name: 'B', code: 'B', longitude: 16.61, latitude: 49.19 },
      { id: 3, name: 'C', code: 'C', longitude: 18.27, latitude: 49.83 },
      { id: 4, name: 'D', code: 'D', longitude: 13.38, latitude: 49.74 },
    ];
    const features = zoneFeatures(units);
    expect(features).toHaveLength(4);
    for (const f of features) {
      const ring = f.geometry.coordinates[0];
      expect(ring[0]).toEqual(ring.at(-1));
      expect(signedArea(ring.slice(0, -1))).toBeGreaterThan(0);
      const u = units.find((b) => b.id === f.properties.baseId)!;
      expect(pointInPolygon([u.longitude, u.latitude], ring)).toBe(true);
      expect(ZONE_COLORS).toContain(f.properties.color);
    }
    // Brno's and Prague's cells touch: different colours
    expect(features[0].properties.color).not.toBe(features[1].properties.color);
    // Jihlava lies in one cell only; a point in Germany in none
    expect(features.filter((f) => pointInPolygon([15.59, 49.4], f.geometry.coordinates[0]))).toHaveLength(1);
    expect(features.filter((f) => pointInPolygon([11.5, 50.5], f.geometry.coordinates[0]))).toHaveLength(0);
    expect(CZ_BOUNDS.length).toBeGreaterThan(20);
  });
});
