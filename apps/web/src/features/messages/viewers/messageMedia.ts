/**
 * How a message's media are shown: type X50 with two images is a before/after comparison (the first 'Před',
 * the second 'Po'), type X55 with an image a 360° panorama (its first image); everything else — and the media
 * left over — as plain media.
 */
import { MESSAGE_TYPES } from '@panel/domain/constants';
import type { Message } from '@panel/domain/sync';
import { mediaKind } from '../rules';

export type MessageMedia =
  | { kind: 'compare'; before: string; after: string; rest: string[] }
  | { kind: 'panorama'; file: string; rest: string[] }
  | { kind: 'plain'; rest: string[] };

export function messageMedia(message: Pick<Message, 'type' | 'media'>): MessageMedia {
  const media = message.media ?? [];
  const images = media.filter((m) => mediaKind(m) === 'image');
  if (message.type === MESSAGE_TYPES.IMAGE_COMPARISON && images.length >= 2) {
    const [before, after] = images;
    return { kind: 'compare', before, after, rest: media.filter((m) => m !== before && m !== after) };
  }
  if (message.type === MESSAGE_TYPES.PANORAMA && images.length >= 1) {
    const [file] = images;
    return { kind: 'panorama', file, rest: media.filter((m) => m !== file) };
  }
  return { kind: 'plain', rest: media };
}
