/**
 * Voronoi cells in a plane (S-JTSK metres): d3-delaunay's cells, cut to a bounding polygon that may be concave
 * (Sutherland–Hodgman against one half-plane at a time), their neighbours and a colouring that tells neighbours
 * apart.
 */
import { Delaunay } from 'd3-delaunay';

export type XY = [number, number];

/** Keep the part of `poly` where a·p ≤ c. */
export function clipHalfPlane(poly: XY[], a: XY, c: number): XY[] {
  const out: XY[] = [];
  const inside = (p: XY) => a[0] * p[0] + a[1] * p[1] <= c + 1e-9;
  for (let i = 0; i < poly.length; i++) {
    const cur = poly[i];
    const prev = poly[(i + poly.length - 1) % poly.length];
    const curIn = inside(cur);
    const prevIn = inside(prev);
    if (curIn !== prevIn) {
      const fp = a[0] * prev[0] + a[1] * prev[1] - c;
      const fc = a[0] * cur[0] + a[1] * cur[1] - c;
      const t = fp / (fp - fc);
      out.push([prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t]);
    }
    if (curIn) out.push(cur);
  }
  return out;
}

/**
 * The cell of every site inside `bounds`: the points of `bounds` nearer to that site than to any other.
 * A site identical to an earlier one gets an empty cell (the earlier one owns the place).
 *
 * d3-delaunay gives each site's (convex) cell within the bounding box of `bounds`; `bounds` itself may be
 * concave (the country outline), so it is clipped by each edge of that cell in turn. Clipping a polygon by a
 * convex one this way is exact, and the region is the same as clipping by every other site's bisector.
 */
export function voronoiCells(sites: XY[], bounds: XY[]): XY[][] {
  if (!sites.length) return [];
  const xs = bounds.map((p) => p[0]);
  const ys = bounds.map((p) => p[1]);
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
  // d3 gives a repeated point's cell to one copy of its choosing: triangulate only the first of each
  const seen = new Set<string>();
  const first = sites.map((s) => !seen.has(`${s[0]},${s[1]}`) && !!seen.add(`${s[0]},${s[1]}`));
  const unique = sites.filter((_, i) => first[i]);
  let u = 0;
  const indexInUnique = first.map((f) => (f ? u++ : -1));
  // a cell that meets `bounds` only along its border clips to a zero-area sliver: no cell
  const sliver = 1e-9 * (box[2] - box[0]) * (box[3] - box[1]);
  const voronoi = Delaunay.from(unique).voronoi([box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1]);
  return sites.map((s, i) => {
    if (!first[i]) return [];
    const polygon = voronoi.cellPolygon(indexInUnique[i]) as XY[] | null;
    if (!polygon) return [];
    let cell = bounds.slice();
    // the polygon is closed (its last vertex repeats the first): one edge per consecutive pair
    for (let k = 0; k + 1 < polygon.length && cell.length; k++) {
      const [p, q] = [polygon[k], polygon[k + 1]];
      // the edge's line as a·x ≤ c, oriented so the site lies inside
      let a: XY = [q[1] - p[1], p[0] - q[0]];
      let c = a[0] * p[0] + a[1] * p[1];
      if (a[0] === 0 && a[1] === 0) continue;
      if (a[0] * s[0] + a[1] * s[1] > c) {
        a = [-a[0], -a[1]];
        c = -c;
      }
      cell = clipHalfPlane(cell, a, c);
    }
    return Math.abs(signedArea(cell)) <= sliver ? [] : cell;
  });
}

/** Signed area (positive = counter-clockwise). */
export function signedArea(poly: XY[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i];
    const q = poly[(i + 1) % poly.length];
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

/** Ray casting; points on an edge may fall either way. */
export function pointInPolygon(p: XY, poly: XY[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Neighbouring cells: i and j touch when an edge of cell i lies on their bisector (two consecutive vertices
 * of cell i as near to j as to i, within `tolerance` metres).
 */
export function neighbours(sites: XY[], cells: XY[][], tolerance = 1): Set<number>[] {
  const adj = sites.map(() => new Set<number>());
  const dist = (p: XY, q: XY) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  cells.forEach((cell, i) => {
    if (cell.length < 3) return;
    for (let k = 0; k < cell.length; k++) {
      const v = cell[k];
      const w = cell[(k + 1) % cell.length];
      if (dist(v, w) < tolerance) continue;
      sites.forEach((o, j) => {
        if (j === i || cells[j].length < 3) return;
        const onV = Math.abs(dist(v, sites[i]) - dist(v, o)) < tolerance;
        const onW = Math.abs(dist(w, sites[i]) - dist(w, o)) < tolerance;
        if (onV && onW) {
          adj[i].add(j);
          adj[j].add(i);
        }
      });
    }
  });
  return adj;
}

/**
 * Colours so that neighbours differ: smallest-last ordering (a planar graph always has a vertex of degree ≤ 5,
 * so each vertex meets at most 5 coloured neighbours and 6 colours always suffice), then greedy, taking among
 * the free colours the one used least so far, so the palette spreads evenly. Returns indexes into the palette.
 */
export function colourGraph(adj: Set<number>[], paletteSize: number): number[] {
  const n = adj.length;
  const removed = new Array<boolean>(n).fill(false);
  const degree = adj.map((s) => s.size);
  const order: number[] = [];
  for (let k = 0; k < n; k++) {
    let best = -1;
    for (let i = 0; i < n; i++) if (!removed[i] && (best === -1 || degree[i] < degree[best])) best = i;
    removed[best] = true;
    order.push(best);
    for (const j of adj[best]) if (!removed[j]) degree[j]--;
  }
  order.reverse();
  const colour = new Array<number>(n).fill(-1);
  const used = new Array<number>(paletteSize).fill(0);
  for (const i of order) {
    const taken = new Set([...adj[i]].map((j) => colour[j]));
    let pick = -1;
    for (let c = 0; c < paletteSize; c++) {
      if (taken.has(c)) continue;
      if (pick === -1 || used[c] < used[pick]) pick = c;
    }
    if (pick === -1) pick = i % paletteSize; // more neighbours than colours: cannot happen for Voronoi cells with ≥ 6 colours
    colour[i] = pick;
    used[pick]++;
  }
  return colour;
}
