/**
 * The street-level panorama (001 §2, §5 "field of view limited to 10–75 degrees", §7 "Panorama service: lon,
 * lat, yaw, pitch, fov", §8 "error code other than NONE: map just moves").
 *
 * Our wire speaks degrees: yaw 0–360 from north, pitch −90…90 with + looking up (as the X55 viewer), fov 10–75.
 * The real Czech street-level panorama is Mapy.com's JS Panorama (`Panorama.panoramaFromPosition`,
 * `Panorama.panoramaExists`; https://developer.mapy.com/js-panorama-2/, documented in the public repository
 * mapycom/developer, docs/js-panorama/README.md): it speaks radians, yaw 0–2π from north, pitch ± with
 * **+ looking down**, a horizontal fov of π/20–π/2, and answers `errorCode` NONE / PANORAMA_NOT_FOUND /
 * MISSING_API_KEY / WRONG_API_KEY with `info {lon, lat, date: 'YYYY-MM-DD hh:mm:ss'}`.
 */
import type { z } from 'zod';
import { PANORAMA_FOV } from '../constants';
import type { mapyPanoramaAnswer, offlinePanoramaAnswer, panoramaAnswer } from './schema';

/** Where Mapy.com serves its JS Panorama (their documentation's script tag). */
export const MAPY_PANORAMA_SCRIPT = 'https://api.mapy.cz/js/panorama/v1/panorama.js';
/** Search radius around the asked point, metres (ours and Mapy.com's `radius`). */
export const PANORAMA_RADIUS = 150;

/** A camera in our degrees (yaw from north, pitch + up, horizontal fov) or, converted, in Mapy.com's radians. */
export interface PanoramaCamera {
  yaw: number;
  pitch: number;
  fov: number;
}

/** The wire answers of GET /v2/panorama (schemas in ./schema.ts): ours, Mapy.com's lookup, or an error code. */
export type OfflinePanoramaAnswer = z.infer<typeof offlinePanoramaAnswer>;
export type MapyPanoramaAnswer = z.infer<typeof mapyPanoramaAnswer>;
export type PanoramaAnswer = z.infer<typeof panoramaAnswer>;

export const clampPanoramaFov = (fov: number | undefined): number =>
  Number.isFinite(fov) ? Math.min(PANORAMA_FOV.max, Math.max(PANORAMA_FOV.min, fov as number)) : PANORAMA_FOV.max;

/** A heading in degrees wrapped to [0, 360). */
export const wrapHeading = (deg: number | undefined): number => {
  const d = Number.isFinite(deg) ? (deg as number) : 0;
  return (((d % 360) + 360) % 360) + 0;
};

export const clampPanoramaPitch = (pitch: number | undefined): number =>
  Number.isFinite(pitch) ? Math.min(90, Math.max(-90, pitch as number)) : 0;

const RAD = Math.PI / 180;

/** Our camera (degrees, + up) as Mapy.com's (radians, + down), the fov clamped to 10–75° first. */
export function toMapyCamera(view: Partial<PanoramaCamera>): PanoramaCamera {
  return {
    yaw: wrapHeading(view.yaw) * RAD,
    pitch: -clampPanoramaPitch(view.pitch) * RAD + 0,
    fov: clampPanoramaFov(view.fov) * RAD,
  };
}

/** Mapy.com's camera as ours (degrees, + up); the fov as it is, so a caller can see it left our limits. */
export function fromMapyCamera(camera: PanoramaCamera): PanoramaCamera {
  return {
    yaw: wrapHeading(camera.yaw / RAD),
    pitch: clampPanoramaPitch(-camera.pitch / RAD) + 0,
    fov: camera.fov / RAD,
  };
}

/** True when Mapy.com's camera is outside our field-of-view limits (001 §5) and must be set back. */
export function mapyFovOutOfRange(camera: PanoramaCamera): boolean {
  const fov = camera.fov / RAD;
  return fov < PANORAMA_FOV.min - 0.01 || fov > PANORAMA_FOV.max + 0.01;
}
