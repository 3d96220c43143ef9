/**
 * Sounds and speech (001 §7): `GET /v2/assets/sounds` → `{assets, types: [{id, code, name, type, url?}]}`, the
 * files `GET {assets}/{soundAssetId}.mp3` and speech `GET /tts/api?t={text}`. Everything is fetched as a blob
 * with the session headers (the files may be public, speech is not), then played from an object URL. The
 * shapes are `@panel/domain/alerts`.
 */
import type { SoundLibrary } from '@panel/domain/alerts';
import { fetchRaw } from './client';

export type { SoundLibrary, SoundType } from '@panel/domain/alerts';

/** GET /v2/assets/sounds. */
export async function fetchSoundLibrary(): Promise<SoundLibrary> {
  const response = await fetchRaw('/v2/assets/sounds', { headers: { Accept: 'application/json' } });
  const body = (await response.json()) as Partial<SoundLibrary> | null;
  return {
    assets: typeof body?.assets === 'string' ? body.assets : '',
    types: Array.isArray(body?.types) ? body.types : [],
  };
}

/** `{assets}/{soundAssetId}.mp3` (or the type's own url when the library gives one); null without a library. */
export function soundUrl(library: SoundLibrary | null, soundAssetId: number | null | undefined): string | null {
  if (!library || soundAssetId === null || soundAssetId === undefined) return null;
  const own = library.types.find((s) => s.id === soundAssetId)?.url;
  if (own) return own;
  return `${library.assets.replace(/\/$/, '')}/${soundAssetId}.mp3`;
}

/** The first sound of a kind (`type`, else `code`), e.g. 'message'. */
export function soundOfKind(library: SoundLibrary | null, kind: string): string | null {
  const hit = library?.types.find((s) => s.type === kind) ?? library?.types.find((s) => s.code === kind);
  return hit ? soundUrl(library, hit.id) : null;
}

/** GET /tts/api?t={text}. */
export const ttsUrl = (text: string): string => `/tts/api?t=${encodeURIComponent(text)}`;

/** The audio of a sound or speech URL as a blob (session headers). */
export async function fetchAudioBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetchRaw(url, { signal });
  return response.blob();
}
