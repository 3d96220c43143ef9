/**
 * sharp (libvips, a native addon) loaded on first use, not at import: loading it costs 0.2–0.7 s, which every
 * start paid before listen although only image requests (thumbnails, track previews, panoramas) and the demo
 * seed need it.
 */
import type SharpFactory from 'sharp';

let loading: Promise<typeof SharpFactory> | null = null;

export function loadSharp(): Promise<typeof SharpFactory> {
  loading ??= import('sharp').then(
    (mod) => mod.default,
    (error: unknown) => {
      loading = null; // a later call tries again
      throw error;
    },
  );
  return loading;
}
