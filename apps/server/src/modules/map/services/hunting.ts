/** Hunting contact rules: the phone as stored (001 §5 contact numbers) and the wire answers of the contact calls. */
import { PHONE_LENGTH } from '@panel/domain/constants';
import { normalizePhone, stripCzPrefix } from '@panel/domain/locale';
import type { HuntingContactAnswer } from '@panel/domain/map';
import { mapServiceTexts as t } from './texts.js';

/**
 * '00420 725 123 456', '+420725123456', '725 123 456' → '725123456'. Refused: other characters than digits
 * ('Toto pole musí obsahovat jen číslice') and not 9 digits ('Vložte devítimístné telefonní číslo').
 */
export function normalizeHuntingPhone(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const n = stripCzPrefix(normalizePhone(raw));
  if (!/^\d+$/.test(n)) return { ok: false, message: t.digitsOnly };
  if (n.length !== PHONE_LENGTH || !(Number(n) > 0)) return { ok: false, message: t.nineDigits };
  return { ok: true, value: n };
}

/** Offline 'not-found' → 404 `{type: 'error', message}`; anything else (ours or the real service's) as it is. */
export function huntingContactAnswer(result: unknown): { status: 200 | 404; body: HuntingContactAnswer } {
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'not-found') {
    return { status: 404, body: { type: 'error', message: t.contactNotFound } };
  }
  // ours is `{type: 'success', contact?}`; the real service's JSON is passed on as it came (the schema is loose)
  return { status: 200, body: result as HuntingContactAnswer };
}
