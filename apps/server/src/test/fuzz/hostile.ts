/**
 * Hostile values for the generated-request test: what QA's generator threw at the API (issue 11) and what a
 * careless or malicious client sends — ids past int4 or of 20 digits, floats, negatives, NaN-ish text, NUL
 * bytes and lone UTF-16 surrogates in strings, valid-looking ids that do not exist, impossible dates, wrong
 * types. Plausible values come alongside so a request gets past the first check and reaches the deeper code.
 */
import fc from 'fast-check';

export const INT4_MAX = 2147483647;

/** Ids no schema may let through to the database (int4 columns). */
export const hostileIdNumbers: readonly number[] = [
  INT4_MAX + 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  1e20,
  Number('12345678901234567890'), // 20 digits, as a JSON number
  -1,
  0,
  -INT4_MAX - 2,
  1.5,
  0.0001,
  1e308,
];

/** The same as text, as they arrive in paths and query strings (already URL-encoded). */
export const hostileIdTexts: readonly string[] = [
  '2147483648',
  '12345678901234567890',
  '99999999999999999999',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  '1e3',
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '%201',
  '1%00',
  '%00',
  '%ED%A0%80',
  'abc',
  'null',
  'undefined',
  '[]',
  '%',
  '%zz',
  '..',
];

/** Strings with NUL bytes and lone surrogates (and other texts that break naive code). */
export const hostileStrings: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfffy',
  '\ud83d',
  'ok\u0000\ud800',
  '',
  ' ',
  "'; drop table events; --",
  '../../etc/passwd',
  '%00',
  '\\u0000',
  '\u202eRTL',
  '😀'.repeat(50),
  'a'.repeat(5000),
];

/** Dates that do not exist or that no column holds. */
export const impossibleDates: readonly string[] = [
  '2026-13-01',
  '2026-02-30',
  '2026-00-10',
  '2026-02-30 25:61:00',
  '2026-01-01 24:00:00',
  '2026-01-01 23:59:60',
  '99999-01-01 00:00:00',
  '99999-01-01',
  '0000-00-00 00:00:00',
  '-0001-01-01 00:00:00',
  '+275760-09-13T00:00:00.000Z',
  '275761-01-01T00:00:00Z',
  '2026-01-01T25:00:00Z',
  '2026-1-1 1:1:1',
  'zítra',
];

export const validWireTimes: readonly string[] = ['2026-03-01 10:00:00', '2026-03-01', '2026-03-01T09:00:00Z'];

/** Valid-looking ids that no demo row has (unknown foreign keys). */
export const unknownFk = fc.integer({ min: 100_000, max: INT4_MAX });
/** Ids the demo data has (so authorized paths run). */
export const plausibleId = fc.integer({ min: 1, max: 6 });

export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileIdNumbers),
  fc.constantFrom(...hostileIdTexts.filter((s) => !s.includes('%'))),
);

export const hostileString = fc.constantFrom(...hostileStrings);
export const impossibleDate = fc.constantFrom(...impossibleDates);

/** Any value of a wrong type, nested or not. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, {}, [], [null], { a: { b: [{}] } }, -0, 1e308, '1', 'true'),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '\u0000'), hostileString, { maxKeys: 2 }),
);

/** Anything hostile, for a field of any kind. */
export const anyHostile: fc.Arbitrary<unknown> = fc.oneof(
  hostileId,
  unknownFk,
  hostileString,
  impossibleDate,
  wrongType,
);

/** A path or query segment as sent on the wire: hostile tokens pre-encoded, plausible ones as they are. */
export function encodeSegment(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    // a lone surrogate has no UTF-8 form: send its WTF-8 bytes (what a broken client produces)
    if (cp >= 0xd800 && cp <= 0xdfff) {
      out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A path segment: a plausible value for the parameter's name, or a hostile one (pre-encoded). */
export function pathSegment(name: string): fc.Arbitrary<string> {
  const plausible = plausibleSegment(name);
  return fc.oneof(
    { weight: 2, arbitrary: plausible },
    { weight: 3, arbitrary: fc.constantFrom(...hostileIdTexts) },
    { weight: 1, arbitrary: unknownFk.map(String) },
    { weight: 2, arbitrary: hostileString.map(encodeSegment) },
  );
}

function plausibleSegment(name: string): fc.Arbitrary<string> {
  if (/uuid|token/i.test(name)) return fc.uuid();
  if (/file|name/i.test(name)) return fc.constantFrom('a.jpg', 'foto.png', '1.mp3', 'state.json', 'x');
  if (/stamp/i.test(name)) return fc.constantFrom('20260301100000', '20261301100000', '20260230256100');
  if (/lon|lat/i.test(name)) return fc.constantFrom('14.42', '50.08', '-181', '1e400', 'NaN');
  return plausibleId.map(String);
}
