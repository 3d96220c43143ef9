/**
 * The demo pictures as SVG drawings: the before/after photos of the tank wagon leak in perspective, and an
 * equirectangular 2:1 panorama of the site (sky, ground, a horizon grid, the tracks, the wagon, the station and
 * the compass letters). `mediaMessages.ts` renders them with sharp and seeds the messages.
 */

// ---------------------------------------------------------------- drawing helpers

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
const pathOf = (points: [number, number][]) => points.map(([x, y], i) => `${i ? 'L' : 'M'}${f1(x)},${f1(y)}`).join('');
const DEG = 180 / Math.PI;
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold"`;

// ---------------------------------------------------------------- the before/after photos (perspective)

const PW = 1600;
const PH = 1200;
const FOCAL = 1050;
const HORIZON = 540;
const EYE = 1.7; // camera height above the rail top, metres

/** Camera space (x right, y up from the eye, z forward) → pixels. */
const persp = (x: number, y: number, z: number): [number, number] => [
  PW / 2 + (FOCAL * x) / z,
  HORIZON - (FOCAL * y) / z,
];

export function trackScene(withWagon: boolean): string {
  const parts: string[] = [];
  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#5d8fc9"/><stop offset="1" stop-color="#d9e8f5"/></linearGradient>
    <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7a8f55"/><stop offset="1" stop-color="#4d6b2f"/></linearGradient>
    <radialGradient id="smoke" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#3a3a3a" stop-opacity="0.95"/><stop offset="1" stop-color="#555" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffb300" stop-opacity="0.9"/><stop offset="1" stop-color="#ff5722" stop-opacity="0"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${PW}" height="${HORIZON}" fill="url(#sky)"/>`);
  parts.push(`<rect y="${HORIZON}" width="${PW}" height="${PH - HORIZON}" fill="url(#grass)"/>`);
  // distant tree line
  const trees: [number, number][] = [[0, HORIZON]];
  for (let x = 0; x <= PW; x += 20) {
    trees.push([x, HORIZON - 18 - 14 * Math.abs(Math.sin(x / 53) + Math.sin(x / 19) * 0.5)]);
  }
  trees.push([PW, HORIZON]);
  parts.push(`<path d="${pathOf(trees)}Z" fill="#3e5a34"/>`);
  // two tracks: kolej 12 (centre x=0.4) and kolej 10 (x=-4.3)
  for (const c of [0.4, -4.3]) {
    const bed = [
      persp(c - 1.9, -EYE - 0.15, 2.2),
      persp(c - 1.9, -EYE - 0.15, 4000),
      persp(c + 1.9, -EYE - 0.15, 4000),
      persp(c + 1.9, -EYE - 0.15, 2.2),
    ];
    parts.push(`<path d="${pathOf(bed)}Z" fill="#8a8178"/>`);
    // sleepers: 2.6 × 0.26 m on the ground every 0.6 m (each a projected quad)
    for (let z = 2.4; z < 160; z += 0.6) {
      const y = -EYE - 0.05;
      const q = [persp(c - 1.3, y, z), persp(c + 1.3, y, z), persp(c + 1.3, y, z + 0.26), persp(c - 1.3, y, z + 0.26)];
      parts.push(`<path d="${pathOf(q)}Z" fill="#5b4636"/>`);
    }
    for (const r of [-0.7175, 0.7175]) {
      const far = persp(c + r, -EYE, 4000);
      parts.push(
        `<path d="${pathOf([persp(c + r - 0.04, -EYE, 2.2), far, persp(c + r + 0.04, -EYE, 2.2)])}Z" fill="#c9ccd1" stroke="#6d6f73" stroke-width="1"/>`,
      );
    }
  }
  // catenary poles and the contact wire of kolej 12
  for (let z = 8; z < 400; z += 45) {
    const [x, yb] = persp(3.1, -EYE, z);
    const [, yt] = persp(3.1, 7.2 - EYE, z);
    const w = Math.max(1, (FOCAL * 0.3) / z);
    parts.push(
      `<line x1="${f1(x)}" y1="${f1(yb)}" x2="${f1(x)}" y2="${f1(yt)}" stroke="#6b6f72" stroke-width="${f1(w)}"/>`,
    );
    const [xa, ya] = persp(0.2, 6.4 - EYE, z);
    parts.push(
      `<line x1="${f1(x)}" y1="${f1(ya)}" x2="${f1(xa)}" y2="${f1(ya)}" stroke="#6b6f72" stroke-width="${f1(w * 0.5)}"/>`,
    );
  }
  parts.push(
    `<path d="${pathOf([persp(0.4, 5.6 - EYE, 2.2), persp(0.4, 5.6 - EYE, 4000)])}" stroke="#2d2d2d" stroke-width="2" fill="none"/>`,
  );
  parts.push(
    `<path d="${pathOf([persp(0.4, 6.3 - EYE, 2.2), persp(0.4, 6.3 - EYE, 4000)])}" stroke="#2d2d2d" stroke-width="1.5" fill="none"/>`,
  );

  if (withWagon) {
    // the end of a four-axle tank wagon (benzine, Kemler 33 / UN 1203) on kolej 12, a puddle under its valve
    const z = 17;
    const [cx, cy] = persp(0.4, 2.35 - EYE, z);
    const rTank = (FOCAL * 1.45) / z;
    const [fl, ft] = persp(0.4 - 1.5, 1.05 - EYE, z);
    const [fr, fb] = persp(0.4 + 1.5, 0.55 - EYE, z);
    const [px, py] = persp(0.55, -EYE, z - 2.5);
    parts.push(
      `<ellipse cx="${f1(px)}" cy="${f1(py)}" rx="${f1(rTank * 1.5)}" ry="${f1(rTank * 0.22)}" fill="#2d3b45" opacity="0.85"/>`,
    );
    parts.push(
      `<ellipse cx="${f1(px - rTank * 0.3)}" cy="${f1(py - 2)}" rx="${f1(rTank * 0.6)}" ry="${f1(rTank * 0.08)}" fill="#7e57c2" opacity="0.45"/>`,
    );
    parts.push(
      `<rect x="${f1(fl + (fr - fl) * 0.1)}" y="${f1(fb)}" width="${f1((fr - fl) * 0.8)}" height="${f1((fb - ft) * 1.4)}" fill="#222"/>`,
    );
    parts.push(`<rect x="${f1(fl)}" y="${f1(ft)}" width="${f1(fr - fl)}" height="${f1(fb - ft)}" fill="#3a3a3a"/>`);
    for (const hx of [0.12, 0.88]) {
      const bx = fl + (fr - fl) * hx;
      parts.push(
        `<circle cx="${f1(bx)}" cy="${f1((ft + fb) / 2)}" r="${f1((fb - ft) * 0.55)}" fill="#555" stroke="#222" stroke-width="3"/>`,
      );
    }
    parts.push(
      `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(rTank)}" fill="#c9ccd1" stroke="#7a7d82" stroke-width="4"/>`,
    );
    parts.push(
      `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(rTank * 0.82)}" fill="none" stroke="#9ea2a8" stroke-width="3"/>`,
    );
    parts.push(
      `<rect x="${f1(cx - rTank * 0.06)}" y="${f1(cy - rTank * 1.25)}" width="${f1(rTank * 0.12)}" height="${f1(rTank * 0.3)}" fill="#7a7d82"/>`,
    );
    // the orange hazard plate 33 / 1203
    const pw = rTank * 0.62;
    const ph = rTank * 0.44;
    const plateY = cy + rTank * 0.25;
    parts.push(
      `<rect x="${f1(cx - pw / 2)}" y="${f1(plateY)}" width="${f1(pw)}" height="${f1(ph)}" fill="#ff8f00" stroke="#111" stroke-width="3"/>`,
    );
    parts.push(
      `<line x1="${f1(cx - pw / 2)}" y1="${f1(plateY + ph / 2)}" x2="${f1(cx + pw / 2)}" y2="${f1(plateY + ph / 2)}" stroke="#111" stroke-width="2"/>`,
    );
    parts.push(
      `<text x="${f1(cx)}" y="${f1(plateY + ph * 0.4)}" text-anchor="middle" font-size="${f1(ph * 0.34)}" fill="#111" ${FONT}>33</text>`,
    );
    parts.push(
      `<text x="${f1(cx)}" y="${f1(plateY + ph * 0.9)}" text-anchor="middle" font-size="${f1(ph * 0.34)}" fill="#111" ${FONT}>1203</text>`,
    );
    // drips from the valve
    for (const [dx, dy] of [
      [0.05, 0.1],
      [0.08, 0.4],
      [0.03, 0.7],
    ]) {
      parts.push(
        `<ellipse cx="${f1(cx + rTank * dx)}" cy="${f1(cy + rTank + (py - cy - rTank) * dy)}" rx="3" ry="6" fill="#4a6572"/>`,
      );
    }
  } else {
    // cleared: sorbent on the ballast where the puddle was, a traffic cone on each side of the track
    const [sx, sy] = persp(0.55, -EYE, 14.5);
    parts.push(`<ellipse cx="${f1(sx)}" cy="${f1(sy)}" rx="140" ry="20" fill="#e0c97a" opacity="0.9"/>`);
    for (const x of [-1.6, 2.4]) {
      const [cx, cy] = persp(x, -EYE, 9);
      parts.push(
        `<path d="M${f1(cx - 14)},${f1(cy)} L${f1(cx)},${f1(cy - 52)} L${f1(cx + 14)},${f1(cy)}Z" fill="#ff6d00"/>`,
      );
      parts.push(`<rect x="${f1(cx - 8)}" y="${f1(cy - 32)}" width="16" height="8" fill="#fff"/>`);
    }
  }
  const stamp = withWagon ? 'Ostrava hl.n. · kolej 12 · před zásahem' : 'Ostrava hl.n. · kolej 12 · kolej volná';
  parts.push(
    `<text x="${PW - 32}" y="${PH - 36}" text-anchor="end" font-size="40" fill="#fff" stroke="#000" stroke-width="4" paint-order="stroke" ${FONT}>${stamp}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PW}" height="${PH}" viewBox="0 0 ${PW} ${PH}">${parts.join('')}</svg>`;
}

// ---------------------------------------------------------------- the 360° panorama (equirectangular)

const EW = 4096;
const EH = 2048;

/** World (x east, y up from the eye, z north; metres) → equirectangular pixels (north in the middle). */
function equi(x: number, y: number, z: number): [number, number] {
  const az = Math.atan2(x, z) * DEG; // 0 north, 90 east
  const el = Math.atan2(y, Math.hypot(x, z)) * DEG;
  return [(az / 360 + 0.5) * EW, (0.5 - el / 180) * EH];
}
const azEl = (az: number, el: number): [number, number] => [(az / 360 + 0.5) * EW, (0.5 - el / 180) * EH];

/** A straight 3D segment as an equirectangular polyline (straight lines curve in this projection). */
function segment(a: [number, number, number], b: [number, number, number], n = 48): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(equi(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t));
  }
  return out;
}

/** A planar quad (corners in order) as a filled equirectangular polygon. */
function quad(corners: [number, number, number][], fill: string, extra = ''): string {
  const points: [number, number][] = [];
  for (let i = 0; i < corners.length; i++) points.push(...segment(corners[i], corners[(i + 1) % corners.length], 24));
  return `<path d="${pathOf(points)}Z" fill="${fill}" ${extra}/>`;
}

/** A line along a track (x fixed, y fixed) from z0 to z1, dense near the viewer. */
function alongTrack(x: number, y: number, z0: number, z1: number): [number, number][] {
  const out: [number, number][] = [];
  const n = 160;
  for (let i = 0; i <= n; i++) {
    const t = (i / n) * 2 - 1; // -1..1
    const z = t < 0 ? -Math.pow(-t, 3) * Math.abs(z0) : Math.pow(t, 3) * z1;
    out.push(equi(x, y, z));
  }
  return out;
}

export function panorama(): string {
  const parts: string[] = [];
  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0d3b78"/><stop offset="0.6" stop-color="#4f8fd1"/><stop offset="1" stop-color="#cfe6fa"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7f9159"/><stop offset="1" stop-color="#3d5423"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#fffbe0"/><stop offset="0.35" stop-color="#fff3a0" stop-opacity="0.9"/><stop offset="1" stop-color="#fff3a0" stop-opacity="0"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${EW}" height="${EH / 2}" fill="url(#sky)"/>`);
  parts.push(`<rect y="${EH / 2}" width="${EW}" height="${EH / 2}" fill="url(#ground)"/>`);
  const [sx, sy] = azEl(140, 38);
  parts.push(`<circle cx="${sx}" cy="${sy}" r="150" fill="url(#sun)"/>`);
  for (const [az, el, rx, ry] of [
    [-150, 25, 220, 50],
    [-60, 32, 300, 60],
    [30, 20, 260, 45],
    [100, 28, 200, 40],
    [170, 18, 240, 44],
  ]) {
    const [cx, cy] = azEl(az, el);
    parts.push(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#fff" opacity="0.75"/>`);
    parts.push(
      `<ellipse cx="${cx + rx * 0.45}" cy="${cy - ry * 0.4}" rx="${rx * 0.6}" ry="${ry * 0.8}" fill="#fff" opacity="0.7"/>`,
    );
  }
  // distant hills along the whole horizon
  const hills: [number, number][] = [[0, EH / 2]];
  for (let u = 0; u <= EW; u += 16) {
    const a = (u / EW) * Math.PI * 2;
    hills.push([u, EH / 2 - 18 - 30 * (1 + Math.sin(a * 3 + 1)) - 18 * (1 + Math.sin(a * 7))]);
  }
  hills.push([EW, EH / 2]);
  parts.push(`<path d="${pathOf(hills)}Z" fill="#5d7748"/>`);

  // the grid: elevation rings every 15° (straight in this projection) and azimuth lines every 15°
  for (let el = -75; el <= 75; el += 15) {
    const y = azEl(0, el)[1];
    const w = el === 0 ? 5 : 2;
    parts.push(
      `<line x1="0" y1="${y}" x2="${EW}" y2="${y}" stroke="#fff" stroke-opacity="${el === 0 ? 0.75 : 0.3}" stroke-width="${w}"/>`,
    );
  }
  for (let az = -180; az < 180; az += 15) {
    const x = azEl(az, 0)[0];
    parts.push(
      `<line x1="${x}" y1="${azEl(0, 80)[1]}" x2="${x}" y2="${azEl(0, -80)[1]}" stroke="#fff" stroke-opacity="${az % 45 === 0 ? 0.45 : 0.2}" stroke-width="${az % 45 === 0 ? 3 : 2}"/>`,
    );
    if (az % 45 !== 0) {
      const [lx, ly] = azEl(az, 2.5);
      parts.push(
        `<text x="${lx + 8}" y="${ly}" font-size="34" fill="#fff" fill-opacity="0.85" ${FONT}>${(az + 360) % 360}°</text>`,
      );
    }
  }

  // the station building to the west and the tank wagon on kolej 12, north-east
  parts.push(
    quad(
      [
        [-14, -1.7, -14],
        [-14, -1.7, 12],
        [-14, 7.5, 12],
        [-14, 7.5, -14],
      ],
      '#d9cdb8',
      'stroke="#8d8272" stroke-width="3"',
    ),
  );
  parts.push(
    quad(
      [
        [-14, 7.5, -14],
        [-14, 7.5, 12],
        [-17, 10, 12],
        [-17, 10, -14],
      ],
      '#7b3f2f',
    ),
  );
  for (let z = -11; z < 10; z += 4) {
    for (const y of [0.2, 3.8]) {
      parts.push(
        quad(
          [
            [-13.95, y, z],
            [-13.95, y, z + 1.6],
            [-13.95, y + 2, z + 1.6],
            [-13.95, y + 2, z],
          ],
          '#34495e',
        ),
      );
    }
  }
  const [tx, ty] = equi(-13.9, 6.1, -1);
  parts.push(
    `<text x="${f1(tx)}" y="${f1(ty)}" text-anchor="middle" font-size="60" fill="#1d2b36" ${FONT}>Ostrava hl.n.</text>`,
  );

  // tracks: kolej 12 east of the viewer (x=2.6), kolej 10 west (x=-2.4), running north–south
  for (const c of [2.6, -2.4]) {
    const near = alongTrack(c - 1.8, -1.85, -600, 600);
    const far = alongTrack(c + 1.8, -1.85, -600, 600).reverse();
    parts.push(`<path d="${pathOf([...near, ...far])}Z" fill="#8b8279"/>`);
    for (let z = -60.3; z <= 60; z += 0.6) {
      parts.push(
        quad(
          [
            [c - 1.3, -1.75, z],
            [c + 1.3, -1.75, z],
            [c + 1.3, -1.75, z + 0.26],
            [c - 1.3, -1.75, z + 0.26],
          ],
          '#5b4636',
        ),
      );
    }
    for (const r of [-0.7175, 0.7175]) {
      parts.push(
        `<path d="${pathOf(alongTrack(c + r, -1.7, -600, 600))}" stroke="#c9ccd1" stroke-width="5" fill="none"/>`,
      );
    }
    // contact wire
    parts.push(
      `<path d="${pathOf(alongTrack(c, 3.9, -600, 600))}" stroke="#333" stroke-opacity="0.8" stroke-width="2" fill="none"/>`,
    );
  }
  // catenary poles east of kolej 12 and west of kolej 10
  for (const px of [5.2, -5.0]) {
    for (let z = -120; z <= 120; z += 40) {
      const d = Math.hypot(px, z);
      const w = Math.max(2, ((EW / (2 * Math.PI)) * 0.35) / d);
      parts.push(
        `<path d="${pathOf(segment([px, -1.7, z], [px, 5.6, z], 4))}" stroke="#5e6266" stroke-width="${f1(w)}" fill="none"/>`,
      );
      parts.push(
        `<path d="${pathOf(segment([px, 4.8, z], [px > 0 ? 2.6 : -2.4, 4.8, z], 12))}" stroke="#5e6266" stroke-width="${f1(w * 0.45)}" fill="none"/>`,
      );
    }
  }
  // the tank wagon on kolej 12 (x 1.1..4.1): its west side and end facing the viewer, the hazard plate
  parts.push(
    quad(
      [
        [1.1, -0.9, 14],
        [1.1, -0.9, 30],
        [1.1, 2.3, 30],
        [1.1, 2.3, 14],
      ],
      '#b9bdc3',
      'stroke="#6d7075" stroke-width="3"',
    ),
  );
  parts.push(
    quad(
      [
        [1.1, -0.9, 14],
        [4.1, -0.9, 14],
        [4.1, 2.3, 14],
        [1.1, 2.3, 14],
      ],
      '#cfd2d7',
      'stroke="#6d7075" stroke-width="3"',
    ),
  );
  parts.push(
    quad(
      [
        [1.1, -1.2, 14],
        [1.1, -1.2, 30],
        [1.1, -0.9, 30],
        [1.1, -0.9, 14],
      ],
      '#2b2b2b',
    ),
  );
  parts.push(
    quad(
      [
        [2.2, 0.2, 13.95],
        [3.0, 0.2, 13.95],
        [3.0, 0.8, 13.95],
        [2.2, 0.8, 13.95],
      ],
      '#ff8f00',
      'stroke="#111" stroke-width="2"',
    ),
  );

  // compass letters (Czech: S sever, V východ, J jih, Z západ) above the horizon, J on both edges
  const letters: [string, number, number][] = [
    ['S', 0, 190],
    ['V', 90, 190],
    ['J', 180, 190],
    ['J', -180, 190],
    ['Z', -90, 190],
    ['SV', 45, 110],
    ['JV', 135, 110],
    ['JZ', -135, 110],
    ['SZ', -45, 110],
  ];
  for (const [text, az, size] of letters) {
    const [x, y] = azEl(az, 9);
    parts.push(
      `<text x="${x}" y="${y}" text-anchor="middle" font-size="${size}" fill="${text === 'S' ? '#ffeb3b' : '#fff'}" stroke="#10233d" stroke-width="10" paint-order="stroke" ${FONT}>${text}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${EW}" height="${EH}" viewBox="0 0 ${EW} ${EH}">${parts.join('')}</svg>`;
}
