/**
 * The resource type's icon file (001 §3 resource type `options.icon.file`, 000 §3 "Resource type: options
 * (icon file, …)"). Reading: the value is a file name in the panel's own folder `/resource-icons/` (apps/web/
 * public/resource-icons, served by the server with the built panel, precached by the service worker, allowed
 * by CSP img-src 'self'). Anything that is not a plain file name (a path, a URL, `..`) is not drawn: a
 * catalogue row must not make the panel load from elsewhere.
 *
 * A marker draws the file only once it has loaded; until then, and for good when it is missing or fails to
 * load, the built-in Material Icons glyph of the type code is drawn (`resourceGlyph`). Layers subscribe to
 * learn when a file has settled, to redraw.
 */
import type { ResourceType } from '@panel/domain/sync';

export const RESOURCE_ICON_DIR = '/resource-icons/';

const PLAIN_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|png|webp)$/;

/** The URL of a resource type's icon file, or null when it names none (or not a plain file name). */
export function resourceIconUrl(type: Pick<ResourceType, 'options'> | null | undefined): string | null {
  const file = type?.options?.icon?.file;
  if (typeof file !== 'string' || !PLAIN_FILE.test(file) || file.includes('..')) return null;
  return `${RESOURCE_ICON_DIR}${file}`;
}

export type IconState = 'loading' | 'ready' | 'failed';

/** Loads an image URL; resolves when it can be drawn, rejects when it cannot. */
export type ImageLoad = (url: string) => Promise<void>;

export interface IconLoader {
  /** The state of a URL; the first ask starts loading it. */
  state(url: string): IconState;
  /** Called whenever a URL settles (ready or failed); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createIconLoader(load: ImageLoad): IconLoader {
  const states = new Map<string, IconState>();
  const listeners = new Set<() => void>();
  const settle = (url: string, state: IconState) => {
    states.set(url, state);
    for (const listener of [...listeners]) listener();
  };
  return {
    state(url) {
      const known = states.get(url);
      if (known) return known;
      states.set(url, 'loading');
      load(url).then(
        () => settle(url, 'ready'),
        () => settle(url, 'failed'),
      );
      return 'loading';
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Browser image load; an image that decodes to nothing (0 × 0) counts as failed. */
const loadImage: ImageLoad = (url) =>
  new Promise((resolve, reject) => {
    if (typeof Image === 'undefined') {
      reject(new Error('no Image'));
      return;
    }
    const img = new Image();
    img.onload = () => (img.naturalWidth > 0 ? resolve() : reject(new Error(`empty image ${url}`)));
    img.onerror = () => reject(new Error(`icon ${url} failed to load`));
    img.src = url;
  });

export const resourceIcons = createIconLoader(loadImage);

/**
 * The icon file a marker should draw for a resource type now: its URL once loaded, else null (the marker draws
 * the built-in glyph: while loading, and for good when the file is missing or broken).
 */
export function markerIconOf(
  type: Pick<ResourceType, 'options'> | null | undefined,
  loader: IconLoader = resourceIcons,
): string | null {
  const url = resourceIconUrl(type);
  return url && loader.state(url) === 'ready' ? url : null;
}
