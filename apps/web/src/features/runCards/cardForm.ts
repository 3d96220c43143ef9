/**
 * The admin dialog's form of a run card as strings (what the inputs hold) and its conversion to the write body.
 * A field left empty or not a number goes as NaN → null in JSON, so the server names the field in Czech.
 */
import { splitWords, type RunCard } from '@panel/domain/runCards';
import type { RunCardInput } from '../../api/runCards';

export interface LineForm {
  key: number;
  resourceTypeId: string;
  count: string;
  maxEtaMinutes: string;
}

export interface CardForm {
  id: number | null;
  name: string;
  eventCategoryId: string;
  eventTypeId: string;
  eventTerrainId: string;
  words: string;
  lines: LineForm[];
}

let nextKey = 1;
export const emptyLine = (): LineForm => ({ key: nextKey++, resourceTypeId: '', count: '1', maxEtaMinutes: '20' });

export const emptyCard = (): CardForm => ({
  id: null,
  name: '',
  eventCategoryId: '',
  eventTypeId: '',
  eventTerrainId: '',
  words: '',
  lines: [emptyLine()],
});

export const cardToForm = (c: RunCard): CardForm => ({
  id: c.id,
  name: c.name,
  eventCategoryId: String(c.eventCategoryId),
  eventTypeId: c.eventTypeId == null ? '' : String(c.eventTypeId),
  eventTerrainId: c.eventTerrainId == null ? '' : String(c.eventTerrainId),
  words: c.words.join(', '),
  lines: c.lines.map((l) => ({
    key: nextKey++,
    resourceTypeId: String(l.resourceTypeId),
    count: String(l.count),
    maxEtaMinutes: String(l.maxEtaMinutes),
  })),
});

const num = (s: string) => Number(s.trim() || NaN);
const idOrNull = (s: string) => (s === '' ? null : Number(s));

export const formToInput = (f: CardForm): RunCardInput => ({
  name: f.name,
  eventCategoryId: idOrNull(f.eventCategoryId),
  eventTypeId: idOrNull(f.eventTypeId),
  eventTerrainId: idOrNull(f.eventTerrainId),
  words: splitWords(f.words),
  lines: f.lines.map((l) => ({
    resourceTypeId: idOrNull(l.resourceTypeId),
    count: num(l.count),
    maxEtaMinutes: num(l.maxEtaMinutes),
  })),
});
