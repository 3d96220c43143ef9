/** Phone number rules of 000 §5 and 001 §5. */
import { CZ_PREFIX, PHONE_LENGTH } from '../constants/index';

type MaybeNumber = string | number | null | undefined;

/** Trim and remove a leading 00420. */
export function stripCzPrefix(value: MaybeNumber): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text.startsWith(CZ_PREFIX) ? text.slice(CZ_PREFIX.length) : text;
}

/** Map contact numbers: spaces removed, leading 00 → +, leading +420 removed. */
export function normalizePhone(value: MaybeNumber): string {
  let text = value === null || value === undefined ? '' : String(value).replace(/\s+/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (text.startsWith('+420')) text = text.slice(4);
  return text;
}

/** Normalize every number, drop empty ones and duplicates, keep the first occurrence's order. */
export function dedupePhones(list: readonly MaybeNumber[]): string[] {
  const seen = new Set<string>();
  for (const value of list) {
    const n = normalizePhone(value);
    if (n) seen.add(n);
  }
  return [...seen];
}

/** A contact can be sent when its number is non-null, numerically above 0 and 9 characters long after stripping. */
export function isSendableNumber(value: MaybeNumber): boolean {
  if (value === null || value === undefined) return false;
  const stripped = stripCzPrefix(value);
  if (!(Number(stripped) > 0)) return false;
  return stripped.length === PHONE_LENGTH;
}

/** '123456789' → '123 456 789'; anything that is not exactly 9 digits is returned unchanged. */
export function formatPhone(value: MaybeNumber): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^\d{9}$/.test(text) ? `${text.slice(0, 3)} ${text.slice(3, 6)} ${text.slice(6)}` : text;
}

/** SMS is offered only for mobile numbers: starting with 6 or 7 after normalization. */
export function canOfferSms(value: MaybeNumber): boolean {
  return /^[67]/.test(stripCzPrefix(normalizePhone(value)));
}

/**
 * A number typed into the contact form, as stored: spaces removed, leading 00 → +, leading +420 removed
 * (so '00420 725 123 456' and '+420725123456' both give '725123456'). Other text is kept for the rules to refuse.
 */
export function normalizeContactNumber(value: MaybeNumber): string {
  return stripCzPrefix(normalizePhone(value));
}

/** A 9-digit Czech number in international form for an SMS gateway: '725123456' → '+420725123456'. */
export function toInternationalNumber(value: MaybeNumber): string {
  const n = normalizeContactNumber(value);
  return /^\d{9}$/.test(n) ? `+420${n}` : n;
}
