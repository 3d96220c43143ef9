/** Case- and accent-insensitive text matching of the event list and the calendar (000 §2, 001 §2). */
import type { Event } from '@panel/domain/sync';

/** Lower case without diacritics: 'Požár' → 'pozar'. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

type Searchable = Partial<Pick<Event, 'header' | 'code' | 'address' | 'reporterName' | 'reporterNumber'>>;

// events are immutable snapshots (a change replaces the object), so their haystacks can be cached by identity
const headerCache = new WeakMap<object, string>();
const fullCache = new WeakMap<object, string>();

function headerValues(event: Searchable): string[] {
  const h = event.header;
  return [h?.title?.value, h?.subtitle?.value, h?.description?.value, h?.overview?.value].filter((v): v is string =>
    Boolean(v),
  );
}

/** Normalized header values (the calendar searches these). */
export function headerHaystack(event: Searchable): string {
  let text = headerCache.get(event);
  if (text === undefined) {
    text = normalizeText(headerValues(event).join('\n'));
    headerCache.set(event, text);
  }
  return text;
}

/** Normalized header values, code, address and reporter (the event list searches these). */
export function eventHaystack(event: Searchable): string {
  let text = fullCache.get(event);
  if (text === undefined) {
    text = normalizeText(
      [...headerValues(event), event.code, event.address, event.reporterName, event.reporterNumber]
        .filter(Boolean)
        .join('\n'),
    );
    fullCache.set(event, text);
  }
  return text;
}

/** Every word of the query occurs in the haystack. */
export function matchesQuery(haystack: string, query: string): boolean {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  return words.every((w) => haystack.includes(w));
}
