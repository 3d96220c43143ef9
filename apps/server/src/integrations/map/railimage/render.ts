/**
 * The offline track preview: a clean schematic drawn as SVG and rendered to JPEG with sharp (1280 × 720).
 * A camera 1.8 m above the track axis looks along the line: ground points (x across, z ahead, metres) map to
 * the screen by a pinhole projection, so rails converge at the vanishing point and sleepers shrink with
 * distance. A km post stands on the right, the station name board on the left; the bar at the bottom shows the
 * directions (previous / next operating point), the line and the km; the top bar the capture date and the
 * deviation of the requested point from the track.
 */
import { loadSharp } from '../../sharp.js';
import { escapeHtml } from '../cadastre/sanitize.js';

export const RAIL_IMAGE_WIDTH = 1280;
export const RAIL_IMAGE_HEIGHT = 720;

export interface RailScene {
  /** nearest operating point (station board) */
  station: string | null;
  /** km at the camera, one decimal; null when unknown */
  km: number | null;
  /** operating points behind / ahead along the line */
  previous: string | null;
  next: string | null;
  line: string | null;
  /** 'DD.MM.YYYY HH:mm' */
  captured: string;
  /** metres of the requested point from the track axis */
  deviation: number;
}

const W = RAIL_IMAGE_WIDTH;
const H = RAIL_IMAGE_HEIGHT;
const HORIZON = 300;
const F = 700; // focal length in px
const CAM_H = 1.8;
const CX = W / 2;

/** ground point (x right, z ahead, height y above the rail plane) → screen */
const proj = (x: number, z: number, y = 0): [number, number] => [CX + (F * x) / z, HORIZON + (F * (CAM_H - y)) / z];
const pt = ([x, y]: [number, number]) => `${x.toFixed(1)},${y.toFixed(1)}`;
const quad = (a: [number, number], b: [number, number], c: [number, number], d: [number, number]) =>
  `${pt(a)} ${pt(b)} ${pt(c)} ${pt(d)}`;

export const kmText = (km: number | null) => (km === null ? '–' : km.toFixed(1).replace('.', ','));
const oneDecimal = (v: number) => v.toFixed(1).replace('.', ',');

export function railSceneSvg(s: RailScene): string {
  const parts: string[] = [];
  const zNear = 2.6;
  const zFar = 400;
  // ballast bed and the formation shoulders
  parts.push(
    `<polygon points="${quad(proj(-2.6, zNear), proj(2.6, zNear), proj(2.6, zFar), proj(-2.6, zFar))}" fill="#8d8a84"/>`,
  );
  parts.push(
    `<polygon points="${quad(proj(-1.9, zNear), proj(1.9, zNear), proj(1.9, zFar), proj(-1.9, zFar))}" fill="#a09c95"/>`,
  );
  // sleepers every 0.6 m, 0.26 m deep, 2.6 m long; fade into the ballast far away
  for (let z = zFar; z >= zNear; z -= z > 120 ? 3 : z > 40 ? 1.2 : 0.6) {
    const z2 = z + 0.26;
    const shade = Math.round(70 + Math.min(60, z / 3));
    parts.push(
      `<polygon points="${quad(proj(-1.3, z), proj(1.3, z), proj(1.3, z2), proj(-1.3, z2))}" fill="rgb(${shade + 20},${shade + 6},${shade - 10})"/>`,
    );
  }
  // rails: standard gauge 1435 mm, head 70 mm wide and 150 mm tall (a lit top and a darker web)
  for (const side of [-1, 1]) {
    const inner = side * 0.7175;
    const outer = side * (0.7175 + 0.07);
    parts.push(
      `<polygon points="${quad(proj(inner, zNear, 0.15), proj(outer, zNear, 0.15), proj(outer, zFar, 0.15), proj(inner, zFar, 0.15))}" fill="#d9dde2"/>`,
    );
    parts.push(
      `<polygon points="${quad(proj(inner, zNear, 0.15), proj(inner, zNear, 0), proj(inner, zFar, 0), proj(inner, zFar, 0.15))}" fill="#4a4d52"/>`,
    );
  }
  // km post (hektometrovník): white post with black digits on the right of the track
  {
    const z = 9;
    const x = 3.1;
    const [bx, by] = proj(x, z, 0);
    const [, ty] = proj(x, z, 1.6);
    const w = (F * 1.0) / z;
    parts.push(
      `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="${(by - ty).toFixed(1)}" fill="#f4f4f0" stroke="#333" stroke-width="2"/>`,
    );
    parts.push(
      `<rect x="${(bx - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="14" fill="#1d1d1d"/>`,
    );
    const [kmInt, kmDec] = kmText(s.km).split(',');
    parts.push(
      `<text x="${bx.toFixed(1)}" y="${(ty + 52).toFixed(1)}" font-size="${kmInt.length > 3 ? 20 : 26}" font-weight="bold" text-anchor="middle" fill="#111">${escapeHtml(kmInt)}</text>`,
    );
    if (kmDec !== undefined) {
      parts.push(
        `<text x="${bx.toFixed(1)}" y="${(ty + 88).toFixed(1)}" font-size="26" font-weight="bold" text-anchor="middle" fill="#111">${escapeHtml(kmDec)}</text>`,
      );
    }
  }
  // station name board on two posts on the left, as wide as its name needs
  if (s.station) {
    const z = 11;
    const x = -4.2;
    const name = s.station;
    const [cx, groundY] = proj(x, z, 0);
    const [, top] = proj(x, z, 3.2);
    const [, bottom] = proj(x, z, 2.5);
    const fontSize = Math.min(30, (bottom - top) * 0.62);
    // DejaVu Sans Bold averages ~0.64 em per character
    const textW = Math.min(W * 0.42, name.length * fontSize * 0.64);
    const fitted =
      name.length * fontSize * 0.64 > textW ? (fontSize * textW) / (name.length * fontSize * 0.64) : fontSize;
    const boardW = Math.max((F * 2.4) / z, textW + 28);
    const lx = Math.max(12, cx - boardW / 2);
    const rx = lx + boardW;
    for (const px of [lx + boardW * 0.12, rx - boardW * 0.12]) {
      parts.push(
        `<rect x="${(px - 3).toFixed(1)}" y="${bottom.toFixed(1)}" width="6" height="${(groundY - bottom).toFixed(1)}" fill="#5d6166"/>`,
      );
    }
    parts.push(
      `<rect x="${lx.toFixed(1)}" y="${top.toFixed(1)}" width="${boardW.toFixed(1)}" height="${(bottom - top).toFixed(1)}" rx="3" fill="#0b3a7a" stroke="#ffffff" stroke-width="3"/>`,
    );
    parts.push(
      `<text x="${((lx + rx) / 2).toFixed(1)}" y="${((top + bottom) / 2 + fitted * 0.36).toFixed(1)}" font-size="${fitted.toFixed(1)}" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeHtml(name)}</text>`,
    );
  }
  const bar = 64;
  const info = [`Pořízeno ${s.captured}`, `Odchylka od osy koleje ${oneDecimal(s.deviation)} m`].join('   ·   ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Liberation Sans, sans-serif">
<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fc9"/><stop offset="1" stop-color="#cfe3f3"/></linearGradient>
  <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fa86a"/><stop offset="1" stop-color="#5f7d3c"/></linearGradient>
</defs>
<rect width="${W}" height="${HORIZON}" fill="url(#sky)"/>
<path d="M0 ${HORIZON} L0 262 C140 236 260 268 380 250 C520 228 610 262 760 246 C900 232 1020 258 1140 240 C1200 232 1250 244 ${W} 238 L${W} ${HORIZON} Z" fill="#7d9a78"/>
<rect y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="url(#grass)"/>
${parts.join('\n')}
<rect width="${W}" height="44" fill="rgba(0,0,0,0.55)"/>
<text x="16" y="29" font-size="20" fill="#ffffff">${escapeHtml(info)}</text>
<text x="${W - 16}" y="29" font-size="20" fill="#ffffff" text-anchor="end">${escapeHtml(s.line ?? '')}</text>
<rect y="${H - bar}" width="${W}" height="${bar}" fill="rgba(0,0,0,0.6)"/>
<text x="20" y="${H - 22}" font-size="24" fill="#ffffff">${escapeHtml(`◀ ${s.previous ?? '—'}`)}</text>
<text x="${W / 2}" y="${H - 22}" font-size="26" font-weight="bold" fill="#ffd54a" text-anchor="middle">${escapeHtml(`km ${kmText(s.km)}`)}</text>
<text x="${W - 20}" y="${H - 22}" font-size="24" fill="#ffffff" text-anchor="end">${escapeHtml(`${s.next ?? '—'} ▶`)}</text>
</svg>`;
}

export async function renderRailImage(scene: RailScene): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(railSceneSvg(scene)))
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
