/**
 * Run-card rules (issue 26 item 1, the Czech 'poplachový plán'), pure and shared: the server answers the
 * proposal and checks the administrator's cards with them (apps/server/src/modules/runCards), the panel shows the
 * proposal and recounts the shortfall while the dispatcher edits it (apps/web/src/features/runCards).
 *
 * Readings:
 * - Matching: a card applies when its category is the event's and each narrowing it sets holds — the event type,
 *   the railway object kind (the event's terrain: tunnel, bridge …) and the subject words (any one of them in the
 *   subject, address or description; accents and case ignored). The most specific card wins: type weighs 4,
 *   object kind 2, words 1, so category+type+object/words beats category+type beats category alone. Tie rule:
 *   among cards equally specific the one with the lowest id (the oldest) wins, so the choice never depends on the
 *   order rows arrive in.
 * - The proposal: per line, the free vehicles of the type whose ETA is within the line's limit — the road ETA
 *   where the server routed it, else the labelled straight-line estimate (the deployment dialog's ETA column,
 *   GET /v2/events/{id}/vehicle-eta). The event's own base first, then neighbours (mutual aid); within each, by
 *   ETA; equal ETAs: own base before mutual aid, then the lower vehicle id (deterministic). A vehicle without a
 *   position has no ETA, so it is never proposed (the dispatcher may add it by hand). A vehicle is used once.
 * - The shortfall counts only chosen vehicles that meet the limit: a late one added by hand is shown, but 'chybí
 *   1× TA do 30 min' stays true.
 */
import { ROLE_ADMIN } from '../auth/permissions';
import type { FieldError } from '../http/fieldErrors';
import type { EtaSourceLike } from './types';
import type { ProposalLine, ProposedVehicle, RunCard, RunCardLine } from './schema';
import { runCardTexts as t } from './texts';

/**
 * Who keeps the run cards: role admin (like the escalation rules and the login unlock, the administrator's
 * catalogues). Dispatchers read them (the proposal); units and MNG only through the proposal of events they see.
 */
export const canManageRunCards = (user: { roles?: readonly string[] | null } | null | undefined): boolean =>
  (user?.roles ?? []).includes(ROLE_ADMIN);

export const MAX_LINES = 20;
export const MAX_COUNT = 20;
export const MAX_ETA_MINUTES = 240;

// ---- matching

export interface MatchableEvent {
  eventCategoryId: number;
  eventTypeId: number | null;
  eventTerrainId: number | null;
  subject?: string | null;
  address?: string | null;
  description?: string | null;
}

/** Lower case without accents: 'Tunel Březno' and 'tunel brezno' are the same words. */
export const foldText = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** 'tunel, most ,, ' → ['tunel', 'most']: the admin dialog's text as the card's words. */
export const splitWords = (text: string): string[] =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);

type MatchCard = Pick<RunCard, 'id' | 'eventCategoryId' | 'eventTypeId' | 'eventTerrainId' | 'words'>;

export function cardMatches(card: MatchCard, event: MatchableEvent): boolean {
  if (card.eventCategoryId !== event.eventCategoryId) return false;
  if (card.eventTypeId != null && card.eventTypeId !== event.eventTypeId) return false;
  if (card.eventTerrainId != null && card.eventTerrainId !== event.eventTerrainId) return false;
  if (card.words.length === 0) return true;
  const text = foldText([event.subject, event.address, event.description].filter(Boolean).join(' '));
  return card.words.some((w) => foldText(w) !== '' && text.includes(foldText(w)));
}

/** 4 for a type, 2 for an object kind, 1 for words: category+type+object/words > category+type > category. */
export const cardSpecificity = (card: MatchCard): number =>
  (card.eventTypeId != null ? 4 : 0) + (card.eventTerrainId != null ? 2 : 0) + (card.words.length ? 1 : 0);

/** The card that applies to the event: the most specific match, ties to the lowest id; null when none. */
export function matchRunCard<C extends MatchCard>(cards: readonly C[], event: MatchableEvent): C | null {
  let best: C | null = null;
  for (const card of cards) {
    if (!cardMatches(card, event)) continue;
    if (
      !best ||
      cardSpecificity(card) > cardSpecificity(best) ||
      (cardSpecificity(card) === cardSpecificity(best) && card.id < best.id)
    ) {
      best = card;
    }
  }
  return best;
}

// ---- the proposal

/** A free vehicle with its ETA to the event (seconds; null without a position). */
export interface RunCardCandidate {
  resourceId: number;
  resourceTypeId: number;
  baseId: number;
  duration: number | null;
  durationText?: string;
  source?: EtaSourceLike;
}

/** Own base first, then by ETA, then own base again for equal ETAs (already decided by the group), then id. */
export function compareCandidates(ownBaseId: number | null) {
  const group = (c: RunCardCandidate) => (c.baseId === ownBaseId ? 0 : 1);
  return (a: RunCardCandidate, b: RunCardCandidate): number =>
    group(a) - group(b) || (a.duration ?? Infinity) - (b.duration ?? Infinity) || a.resourceId - b.resourceId;
}

export const withinLimit = (c: Pick<RunCardCandidate, 'duration'>, maxEtaMinutes: number): boolean =>
  c.duration != null && c.duration <= maxEtaMinutes * 60;

const minutesText = (seconds: number) => `${Math.max(0, Math.round(seconds / 60))} min`;

function proposed(c: RunCardCandidate, ownBaseId: number | null): ProposedVehicle {
  return {
    resourceId: c.resourceId,
    baseId: c.baseId,
    duration: c.duration ?? 0,
    durationText: c.durationText ?? minutesText(c.duration ?? 0),
    source: c.source ?? 'estimate',
    mutualAid: c.baseId !== ownBaseId,
  };
}

/** How many of a line's chosen vehicles are still missing within its limit, and the text ('chybí 1× TA do 30 min'). */
export function shortfallOf(
  line: Pick<RunCardLine, 'count' | 'maxEtaMinutes'>,
  code: string,
  chosen: readonly Pick<RunCardCandidate, 'duration'>[],
): { missing: number; text: string | null } {
  const inTime = chosen.filter((c) => withinLimit(c, line.maxEtaMinutes)).length;
  const missing = Math.max(0, line.count - inTime);
  return { missing, text: missing > 0 ? t.shortfall(missing, code, line.maxEtaMinutes) : null };
}

/**
 * The proposal of a card for an event: per line, the best `count` free vehicles of its type within its limit
 * (own base first, then mutual aid; see the readings above) and what is missing. `codes` names the types
 * ('CAS', 'TA' …) for the shortfall text; `deployedTypes` are the types of the vehicles already on the event
 * (one entry per vehicle): they fill their lines first, so after 'Nasadit podle plánu' nothing more is proposed.
 */
export function proposeRunCard(
  card: Pick<RunCard, 'lines'>,
  candidates: readonly RunCardCandidate[],
  ownBaseId: number | null,
  codes: Readonly<Record<number, string>>,
  deployedTypes: readonly number[] = [],
): ProposalLine[] {
  const used = new Set<number>();
  const order = compareCandidates(ownBaseId);
  return card.lines.map((line) => {
    const code = codes[line.resourceTypeId] ?? String(line.resourceTypeId);
    // vehicles of the type already on the event count toward the line (the plan is not proposed twice)
    const deployed = deployedTypes.filter((type) => type === line.resourceTypeId).length;
    const need = Math.max(0, line.count - deployed);
    const pool = candidates
      .filter((c) => c.resourceTypeId === line.resourceTypeId && !used.has(c.resourceId))
      .filter((c) => withinLimit(c, line.maxEtaMinutes))
      .sort(order)
      .slice(0, need);
    for (const c of pool) used.add(c.resourceId);
    const { missing, text } = shortfallOf({ ...line, count: need }, code, pool);
    return {
      resourceTypeId: line.resourceTypeId,
      code,
      count: line.count,
      deployed,
      maxEtaMinutes: line.maxEtaMinutes,
      vehicles: pool.map((c) => proposed(c, ownBaseId)),
      missing,
      shortfall: text,
    };
  });
}

// ---- validation of the administrator's card

/** Ids the catalogues know; a set left out is not checked (the panel checks against its bundle, the server always). */
export interface RunCardCatalogue {
  categoryIds?: ReadonlySet<number>;
  eventTypeIds?: ReadonlySet<number>;
  terrainIds?: ReadonlySet<number>;
  resourceTypeIds?: ReadonlySet<number>;
}

export interface CleanRunCard {
  name: string;
  eventCategoryId: number;
  eventTypeId: number | null;
  eventTerrainId: number | null;
  words: string[];
  lines: RunCardLine[];
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647;
const optionalId = (v: unknown) => v === undefined || v === null || isId(v);

function lineErrors(raw: unknown, i: number, cat: RunCardCatalogue, seen: Set<number>): FieldError[] {
  const errors: FieldError[] = [];
  const field = (k: string) => `lines.${i}.${k}`;
  const line = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const type = line.resourceTypeId;
  if (!isId(type)) errors.push({ field: field('resourceTypeId'), message: t.typeRequired });
  else if (cat.resourceTypeIds && !cat.resourceTypeIds.has(type)) {
    errors.push({ field: field('resourceTypeId'), message: t.typeUnknown });
  } else if (seen.has(type)) errors.push({ field: field('resourceTypeId'), message: t.typeDuplicate });
  else seen.add(type);
  const count = line.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_COUNT) {
    errors.push({ field: field('count'), message: t.countInvalid });
  }
  const eta = line.maxEtaMinutes;
  if (typeof eta !== 'number' || !Number.isInteger(eta) || eta <= 0 || eta > MAX_ETA_MINUTES) {
    errors.push({ field: field('maxEtaMinutes'), message: t.maxEtaInvalid });
  }
  return errors;
}

/** The card body checked field by field (Czech 422 messages); `card` only when there is no error. */
export function runCardErrors(
  body: Record<string, unknown>,
  cat: RunCardCatalogue = {},
): { errors: FieldError[]; card: CleanRunCard | null } {
  const errors: FieldError[] = [];
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name || name.length > 120) errors.push({ field: 'name', message: t.nameRequired });
  const { eventCategoryId: category, eventTypeId: type, eventTerrainId: terrain } = body;
  if (!isId(category)) errors.push({ field: 'eventCategoryId', message: t.categoryRequired });
  else if (cat.categoryIds && !cat.categoryIds.has(category)) {
    errors.push({ field: 'eventCategoryId', message: t.categoryUnknown });
  }
  if (!optionalId(type)) errors.push({ field: 'eventTypeId', message: t.eventTypeInvalid });
  else if (isId(type) && cat.eventTypeIds && !cat.eventTypeIds.has(type)) {
    errors.push({ field: 'eventTypeId', message: t.eventTypeUnknown });
  }
  if (!optionalId(terrain)) errors.push({ field: 'eventTerrainId', message: t.terrainInvalid });
  else if (isId(terrain) && cat.terrainIds && !cat.terrainIds.has(terrain)) {
    errors.push({ field: 'eventTerrainId', message: t.terrainUnknown });
  }
  const words = body.words ?? [];
  const wordsOk = Array.isArray(words) && words.every((w) => typeof w === 'string') && words.join(',').length <= 200;
  if (!wordsOk) errors.push({ field: 'words', message: t.wordsInvalid });
  const lines = body.lines;
  if (!Array.isArray(lines) || lines.length === 0) errors.push({ field: 'lines', message: t.linesRequired });
  else if (lines.length > MAX_LINES) errors.push({ field: 'lines', message: t.linesTooMany });
  else {
    const seen = new Set<number>();
    lines.forEach((line, i) => errors.push(...lineErrors(line, i, cat, seen)));
  }
  if (errors.length) return { errors, card: null };
  return {
    errors,
    card: {
      name,
      eventCategoryId: category as number,
      eventTypeId: (type as number | null | undefined) ?? null,
      eventTerrainId: (terrain as number | null | undefined) ?? null,
      words: (words as string[]).map((w) => w.trim()).filter(Boolean),
      lines: (lines as RunCardLine[]).map((l) => ({
        resourceTypeId: l.resourceTypeId,
        count: l.count,
        maxEtaMinutes: l.maxEtaMinutes,
      })),
    },
  };
}
