/**
 * The 360° panorama view as pure math (001 §2, type X55): yaw (heading, degrees, wrapped to (-180, 180]),
 * pitch (degrees, clamped to ±90) and the vertical field of view (clamped to PANORAMA_FOV, 10–75°). The
 * shader of PanoramaViewer does the same ray mapping as `rayToEquirect` on the GPU.
 */
import { PANORAMA_FOV } from '@panel/domain/constants';

export interface PanoramaView {
  yaw: number;
  pitch: number;
  fov: number;
}

export const PANORAMA_DEFAULT_FOV = 65;
export const INITIAL_PANORAMA: PanoramaView = { yaw: 0, pitch: 0, fov: PANORAMA_DEFAULT_FOV };
export const PANORAMA_ZOOM_STEP = 1.25;
/** Degrees per keyboard press or turn button. */
export const PANORAMA_TURN_STEP = 15;

export const clampFov = (fov: number) =>
  Number.isFinite(fov) ? Math.min(PANORAMA_FOV.max, Math.max(PANORAMA_FOV.min, fov)) : PANORAMA_DEFAULT_FOV;

/** Wraps a heading into (-180, 180]. */
export function wrapYaw(yaw: number): number {
  if (!Number.isFinite(yaw)) return 0;
  const w = ((((yaw + 180) % 360) + 360) % 360) - 180; // [-180, 180)
  return w === -180 ? 180 : w + 0;
}

export const clampPitch = (pitch: number) => (Number.isFinite(pitch) ? Math.min(90, Math.max(-90, pitch)) : 0);

export const normalizeView = (v: PanoramaView): PanoramaView => ({
  yaw: wrapYaw(v.yaw),
  pitch: clampPitch(v.pitch),
  fov: clampFov(v.fov),
});

/**
 * Dragging by (dx, dy) CSS pixels on a view `heightPx` tall: the scene follows the pointer (grab), one pixel
 * being fov/height degrees; dragging right turns left, dragging down looks up.
 */
export function dragView(view: PanoramaView, dx: number, dy: number, heightPx: number): PanoramaView {
  const perPx = view.fov / Math.max(1, heightPx);
  return normalizeView({ ...view, yaw: view.yaw - dx * perPx, pitch: view.pitch + dy * perPx });
}

/** Zooming in divides the field of view by `factor` (> 1 zooms in, < 1 out). */
export const zoomView = (view: PanoramaView, factor: number): PanoramaView =>
  normalizeView({ ...view, fov: view.fov / factor });

/** A wheel step: deltaY > 0 (away from the user) zooms out, smoothly. */
export const wheelZoomFactor = (deltaY: number) => Math.exp(-deltaY * 0.0015);

export const turnView = (view: PanoramaView, dYaw: number, dPitch = 0): PanoramaView =>
  normalizeView({ ...view, yaw: view.yaw + dYaw, pitch: view.pitch + dPitch });

/** The compass heading shown to the user, 0–359°. */
export const headingDegrees = (yaw: number) => (Math.round(wrapYaw(yaw)) + 360) % 360;

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * The equirectangular texture coordinates (u right 0..1 from -180° to 180°, v down 0..1 from the zenith to
 * the nadir) seen at screen point (x, y) in -1..1 (x right, y up) of a view with `aspect` = width/height.
 * Camera space: x right, y up, z forward; pitch turns about x, then yaw about y (the shader's order).
 */
export function rayToEquirect(view: PanoramaView, x: number, y: number, aspect: number): { u: number; v: number } {
  const t = Math.tan(rad(view.fov) / 2);
  let dx = x * t * aspect;
  let dy = y * t;
  let dz = 1;
  const len = Math.hypot(dx, dy, dz);
  dx /= len;
  dy /= len;
  dz /= len;
  const cp = Math.cos(rad(view.pitch));
  const sp = Math.sin(rad(view.pitch));
  [dy, dz] = [dy * cp + dz * sp, -dy * sp + dz * cp];
  const cy = Math.cos(rad(view.yaw));
  const sy = Math.sin(rad(view.yaw));
  [dx, dz] = [dx * cy + dz * sy, -dx * sy + dz * cy];
  const lon = Math.atan2(dx, dz);
  const lat = Math.asin(Math.max(-1, Math.min(1, dy)));
  return { u: lon / (2 * Math.PI) + 0.5, v: 0.5 - lat / Math.PI };
}

/** The GLSL of the same mapping (kept next to its TypeScript twin). */
export const PANORAMA_VERTEX_SHADER = `
attribute vec2 aPos;
varying vec2 vPos;
void main() {
  vPos = aPos;
  gl_Position = vec4(aPos, 0.0, 1.0);
}`;

export const PANORAMA_FRAGMENT_SHADER = `
precision highp float;
uniform sampler2D uTex;
uniform float uYaw;
uniform float uPitch;
uniform float uTanHalfFov;
uniform float uAspect;
varying vec2 vPos;
const float PI = 3.141592653589793;
void main() {
  vec3 d = normalize(vec3(vPos.x * uTanHalfFov * uAspect, vPos.y * uTanHalfFov, 1.0));
  float cp = cos(uPitch);
  float sp = sin(uPitch);
  d = vec3(d.x, d.y * cp + d.z * sp, -d.y * sp + d.z * cp);
  float cy = cos(uYaw);
  float sy = sin(uYaw);
  d = vec3(d.x * cy + d.z * sy, d.y, -d.x * sy + d.z * cy);
  float lon = atan(d.x, d.z);
  float lat = asin(clamp(d.y, -1.0, 1.0));
  gl_FragColor = texture2D(uTex, vec2(lon / (2.0 * PI) + 0.5, 0.5 - lat / PI));
}`;
