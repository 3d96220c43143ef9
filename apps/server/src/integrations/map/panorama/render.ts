/**
 * The offline street-level panorama: a 4096 × 2048 equirectangular JPEG drawn as SVG and rendered with sharp.
 *
 * Geometry: column x ↔ azimuth (0 north, clockwise) with north in the middle: x = ((az + 180) mod 360) / 360 · W
 * (left and right edges = south, W/4 = west, 3W/4 = east); row y ↔ elevation: y = (90 − elev) / 180 · H (the
 * horizon is the middle row). The camera stands 1.7 m high, 4 m east of the axis of a track running
 * north–south. A straight rail at lateral offset e is, in this projection, the curve
 * elev(az) = −atan(h · |sin az| / |e|) — touching the horizon at the vanishing points north (x = W/2) and
 * south (the edges) and lowest due west (x = W/4); every ground point is projected exactly from (east, north,
 * height) metres, so sleepers, ballast and the name board are drawn in the same space.
 */
import { loadSharp } from '../../sharp.js';
import { escapeHtml } from '../cadastre/sanitize.js';

export const PANORAMA_WIDTH = 4096;
export const PANORAMA_HEIGHT = 2048;

const W = PANORAMA_WIDTH;
const H = PANORAMA_HEIGHT;
const CAM_H = 1.7;
/** east offset of the track axis from the camera */
const TRACK_E = -4;
const DEG = 180 / Math.PI;

export interface PanoramaScene {
  station: string;
}

/** azimuth/elevation in degrees → pixel */
export function azElToPixel(az: number, elev: number): [number, number] {
  const a = (((az + 180) % 360) + 360) % 360;
  return [(a / 360) * W, ((90 - elev) / 180) * H];
}

/** a point (east, north, height) metres from the camera's foot → pixel */
export function groundToPixel(e: number, n: number, z = 0): [number, number] {
  const az = Math.atan2(e, n) * DEG;
  const dist = Math.hypot(e, n);
  const elev = Math.atan2(z - CAM_H, dist) * DEG;
  return azElToPixel(az, elev);
}

const pt = ([x, y]: [number, number]) => `${x.toFixed(1)},${y.toFixed(1)}`;

/** The curve of a north–south line at east offset e (< 0: west of the camera) and height z, south to north. */
function northSouthLine(e: number, z: number): [number, number][] {
  const out: [number, number][] = [];
  // sample by azimuth (dense where the curve bends), az in (180, 360) for e < 0
  for (let a = 180.25; a < 360; a += 0.5) {
    const r = (a * Math.PI) / 180;
    const n = e / Math.tan(r);
    out.push(groundToPixel(e, n, z));
  }
  return out;
}

/** A band between two north–south lines as one polygon. */
function band(e1: number, e2: number, z: number, fill: string): string {
  const a = northSouthLine(e1, z);
  const b = northSouthLine(e2, z).reverse();
  return `<polygon points="${[...a, ...b].map(pt).join(' ')}" fill="${fill}"/>`;
}

/** A quad on the ground (or any plane) with edges subdivided so it bends like the projection does. */
function quad(corners: [number, number, number][], fill: string, steps = 4): string {
  const points: [number, number][] = [];
  for (let i = 0; i < 4; i++) {
    const [e1, n1, z1] = corners[i];
    const [e2, n2, z2] = corners[(i + 1) % 4];
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      points.push(groundToPixel(e1 + (e2 - e1) * t, n1 + (n2 - n1) * t, z1 + (z2 - z1) * t));
    }
  }
  return `<polygon points="${points.map(pt).join(' ')}" fill="${fill}"/>`;
}

/** Distant hills: periodic in azimuth, so the left and right edges meet. */
function hills(): string {
  const pts: string[] = [`0,${H / 2}`];
  for (let x = 0; x <= W; x += 16) {
    const t = (x / W) * 2 * Math.PI;
    const h = 38 + 22 * Math.sin(2 * t + 0.7) + 14 * Math.sin(5 * t + 2.1) + 7 * Math.sin(11 * t + 0.3);
    pts.push(`${x},${(H / 2 - h).toFixed(1)}`);
  }
  pts.push(`${W},${H / 2}`);
  return `<polygon points="${pts.join(' ')}" fill="#7f9b7a"/>`;
}

export function panoramaSvg(scene: PanoramaScene): string {
  const parts: string[] = [];
  parts.push(hills());
  // ground below the horizon
  parts.push(`<rect x="0" y="${H / 2}" width="${W}" height="${H / 2}" fill="url(#ground)"/>`);
  // formation, ballast, sleepers (0.6 m apart, 2.6 m long), two rails of standard gauge
  parts.push(band(TRACK_E - 3.2, TRACK_E + 3.2, 0, '#8e8a83'));
  parts.push(band(TRACK_E - 2.0, TRACK_E + 2.0, 0, '#a29e97'));
  for (let n = -120; n <= 120; n += 0.6) {
    const far = Math.abs(n) > 40;
    if (far && Math.round(n / 0.6) % 3 !== 0) continue; // far away they merge anyway
    parts.push(
      quad(
        [
          [TRACK_E - 1.3, n, 0.02],
          [TRACK_E + 1.3, n, 0.02],
          [TRACK_E + 1.3, n + 0.26, 0.02],
          [TRACK_E - 1.3, n + 0.26, 0.02],
        ],
        '#5f5246',
        far ? 2 : 6,
      ),
    );
  }
  for (const side of [-1, 1]) {
    const inner = TRACK_E + side * 0.7175;
    const outer = TRACK_E + side * 0.7875;
    parts.push(band(Math.min(inner, outer), Math.max(inner, outer), 0.15, '#d5d9de'));
    // the web of the rail facing the camera (east side)
    const eastEdge = Math.max(inner, outer);
    const top = northSouthLine(eastEdge, 0.15);
    const foot = northSouthLine(eastEdge, 0.0).reverse();
    parts.push(`<polygon points="${[...top, ...foot].map(pt).join(' ')}" fill="#50545a"/>`);
  }
  // the station name board beyond the track: 2 – 3 m high, facing the camera, on two posts
  {
    const e = TRACK_E - 3.5;
    const n1 = 3;
    const n2 = 11;
    for (const n of [n1 + 0.6, n2 - 0.6]) {
      parts.push(
        quad(
          [
            [e, n - 0.06, 0],
            [e, n + 0.06, 0],
            [e, n + 0.06, 2.0],
            [e, n - 0.06, 2.0],
          ],
          '#5d6166',
          2,
        ),
      );
    }
    parts.push(
      quad(
        [
          [e, n1, 2.0],
          [e, n2, 2.0],
          [e, n2, 3.0],
          [e, n1, 3.0],
        ],
        '#ffffff',
        8,
      ),
    );
    parts.push(
      quad(
        [
          [e, n1 + 0.08, 2.08],
          [e, n2 - 0.08, 2.08],
          [e, n2 - 0.08, 2.92],
          [e, n1 + 0.08, 2.92],
        ],
        '#0b3a7a',
        8,
      ),
    );
    const [x1] = groundToPixel(e, n2 - 0.3, 2.5);
    const [x2, yMid] = groundToPixel(e, n1 + 0.3, 2.5);
    const [, yTop] = groundToPixel(e, (n1 + n2) / 2, 2.92);
    const [, yBottom] = groundToPixel(e, (n1 + n2) / 2, 2.08);
    const width = Math.abs(x2 - x1);
    const fontSize = Math.min((yBottom - yTop) * 0.62, width / Math.max(1, scene.station.length * 0.64));
    parts.push(
      `<text x="${((x1 + x2) / 2).toFixed(1)}" y="${(yMid + fontSize * 0.36).toFixed(1)}" font-size="${fontSize.toFixed(1)}" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeHtml(scene.station)}</text>`,
    );
  }
  // compass on the horizon: letters and a tick every 10°
  const letters: [number, string][] = [
    [0, 'S'],
    [90, 'V'],
    [180, 'J'],
    [270, 'Z'],
  ];
  for (let az = 0; az < 360; az += 10) {
    const [x] = azElToPixel(az, 0);
    const major = az % 90 === 0;
    parts.push(
      `<line x1="${x.toFixed(1)}" y1="${H / 2 - (major ? 26 : 12)}" x2="${x.toFixed(1)}" y2="${H / 2}" stroke="#ffffff" stroke-opacity="0.8" stroke-width="${major ? 4 : 2}"/>`,
    );
  }
  for (const [az, letter] of letters) {
    const xs = az === 180 ? [0, W] : [azElToPixel(az, 0)[0]];
    for (const x of xs) {
      parts.push(
        `<text x="${x.toFixed(1)}" y="${H / 2 - 40}" font-size="64" font-weight="bold" fill="#ffffff" stroke="#1c2a3a" stroke-width="3" text-anchor="middle">${letter}</text>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Liberation Sans, sans-serif">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2f5f9e"/><stop offset="0.7" stop-color="#8db8e2"/><stop offset="1" stop-color="#dcebf6"/></linearGradient>
  <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#93ab6c"/><stop offset="1" stop-color="#56713a"/></linearGradient>
</defs>
<rect width="${W}" height="${H / 2}" fill="url(#sky)"/>
${parts.join('\n')}
</svg>`;
}

export async function renderPanorama(scene: PanoramaScene): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(panoramaSvg(scene)), { limitInputPixels: W * H * 2 })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}
