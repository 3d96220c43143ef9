/**
 * Czech plural forms as the spec states them (000 §9): 0 → form 0, 1 → form 1, 2–4 → form 2, otherwise form 3.
 * Negative numbers count by their absolute value; non-integers take form 3 ("1,5 hodiny" is outside the rule,
 * form 3 is the safe genitive).
 */
export type PluralForms = readonly [zero: string, one: string, few: string, many: string];

export function czPlural(n: number, forms: PluralForms): string {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return forms[3];
  if (abs === 0) return forms[0];
  if (abs === 1) return forms[1];
  if (abs >= 2 && abs <= 4) return forms[2];
  return forms[3];
}

/**
 * `"{n} {form}"`, e.g. `pluralize(3, ['událostí', 'událost', 'události', 'událostí'])` → '3 události'.
 * When n is 0 and form 0 is a full phrase (it has a space, e.g. 'žádné události'), the phrase is returned alone,
 * so callers can write the zero case as words instead of "0 událostí".
 */
export function pluralize(n: number, forms: PluralForms): string {
  const form = czPlural(n, forms);
  if (n === 0 && /\s/.test(form.trim())) return form;
  return `${n} ${form}`;
}
