/** Map search rules (001 §2, §5, §9): groups, query normalization and the minimum query. */
import { SEARCH_MIN_QUERY } from '../constants/index';
import { mapTexts } from './texts';

/** Lower case without diacritics and with single spaces: 'Praha  hl. n.' → 'praha hl. n.', 'Ústí' → 'usti'. */
export function normalizeSearch(text: string | null | undefined): string {
  return (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export type SearchGroupId = 'trains' | 'address' | 'railway';

export interface SearchGroup {
  id: SearchGroupId;
  /** shown in 'Hledání v {label} objektech...' */
  label: string;
  /** 001 §3 "Search group: … placeholder": the input's placeholder, 'Hledání v {label} objektech...' (001 §2) */
  placeholder: string;
  /** keyboard key that switches to the group */
  key: string;
  inputType: 'numeric' | 'text';
  /** type codes sent as `typeCodes` of fire.search */
  typeCodes: readonly string[];
  active: boolean;
}

/** Type codes of search results. */
export const SEARCH_TYPE_CODES = {
  train: 'train',
  station: 'station',
  halt: 'halt',
  railwayPoint: 'railway-point',
  address: 'address',
  place: 'place',
} as const;

const group = (g: Omit<SearchGroup, 'placeholder'>): SearchGroup => ({
  ...g,
  placeholder: mapTexts.searchPlaceholder(g.label),
});

export const SEARCH_GROUPS: readonly SearchGroup[] = [
  group({ id: 'trains', label: 'vlakových', key: '*', inputType: 'numeric', typeCodes: ['train'], active: false }),
  group({
    id: 'address',
    label: 'adresních',
    key: '/',
    inputType: 'text',
    typeCodes: ['address', 'place'],
    active: false,
  }),
  group({
    id: 'railway',
    label: 'železničních',
    key: '*',
    inputType: 'text',
    typeCodes: ['station', 'halt', 'railway-point'],
    active: true,
  }),
];

/** A numeric group keeps the first run of digits ('Os 1234 x' → '1234'); a text group the text as typed. */
export function searchQueryFor(group: Pick<SearchGroup, 'inputType'>, input: string): string {
  if (group.inputType === 'numeric') return /\d+/.exec(input)?.[0] ?? '';
  return input.trim();
}

/** A query is sent only from 2 characters on. */
export const isSearchable = (query: string): boolean => query.trim().length >= SEARCH_MIN_QUERY;
