/** Small wire helpers shared by presenters. */
import { toWireTime } from '@panel/domain/locale';

/** Date → `YYYY-MM-DD HH:mm:ss` in Europe/Prague, null stays null. */
export function wireTime(d: Date | null | undefined): string | null {
  return d ? toWireTime(d) : null;
}
