/**
 * The administrator's run cards (issue 26 item 1): list, create, replace, delete. Each write is a command
 * (`runCommand`: one revision, one journal row of type `runCard.*`); the cards are not a bundle table — the
 * admin dialog reads GET /v2/run-cards and the deployment dialog the proposal of GET /v2/events/{id}/run-card.
 * Validation: the domain's `runCardErrors` against the catalogues (Czech 422 per field, nothing written).
 */
import { asc, eq } from 'drizzle-orm';
import { toWireTime } from '@panel/domain/locale';
import { runCardErrors, runCardTexts, type RunCard, type RunCardBody } from '@panel/domain/runCards';
import type { Queryable } from '../../db/client.js';
import { eventCategories, eventTerrains, eventTypes, resourceTypes, runCards } from '../../db/schema/index.js';
import { notFound, unprocessable } from '../../errors.js';
import { runCommand, type CommandDeps } from '../../sync/commands.js';
import { actorOf, type Auth } from '../events/access.js';

type CardRow = typeof runCards.$inferSelect;

export const presentCard = (r: CardRow): RunCard => ({
  id: r.id,
  name: r.name,
  eventCategoryId: r.eventCategoryId,
  eventTypeId: r.eventTypeId ?? null,
  eventTerrainId: r.eventTerrainId ?? null,
  words: r.words ?? [],
  lines: r.lines,
  updatedAt: toWireTime(r.updatedAt),
});

export async function loadCards(q: Queryable): Promise<CardRow[]> {
  return q.select().from(runCards).orderBy(asc(runCards.eventCategoryId), asc(runCards.id));
}

export const listCards = async (q: Queryable): Promise<RunCard[]> => (await loadCards(q)).map(presentCard);

const idsOf = async (q: Queryable, table: typeof eventCategories | typeof eventTypes | typeof eventTerrains) =>
  new Set((await q.select({ id: table.id }).from(table)).map((r) => r.id));

/** The body checked against the domain rule and the catalogues; 422 with every field's Czech message. */
async function validate(q: Queryable, body: RunCardBody) {
  const types = await q.select({ id: resourceTypes.id }).from(resourceTypes);
  const { errors, card } = runCardErrors(body, {
    categoryIds: await idsOf(q, eventCategories),
    eventTypeIds: await idsOf(q, eventTypes),
    terrainIds: await idsOf(q, eventTerrains),
    resourceTypeIds: new Set(types.map((r) => r.id)),
  });
  if (!card) throw unprocessable(errors);
  return card;
}

export async function createCard(deps: CommandDeps, auth: Auth, body: RunCardBody): Promise<RunCard> {
  const card = await validate(deps.db, body);
  return runCommand(deps, actorOf(auth), { type: 'runCard.create' }, async (tx, rec) => {
    const [row] = await tx
      .insert(runCards)
      .values({ ...card, createdBy: auth.user.id })
      .returning();
    rec.journal({ table: 'run_cards', data: { id: row!.id, ...card } });
    return presentCard(row!);
  });
}

export async function replaceCard(deps: CommandDeps, auth: Auth, id: number, body: RunCardBody): Promise<RunCard> {
  const card = await validate(deps.db, body);
  return runCommand(deps, actorOf(auth), { type: 'runCard.update' }, async (tx, rec) => {
    const [before] = await tx.select().from(runCards).where(eq(runCards.id, id)).for('update');
    if (!before) throw notFound(runCardTexts.notFound);
    const [row] = await tx
      .update(runCards)
      .set({ ...card, updatedAt: new Date() })
      .where(eq(runCards.id, id))
      .returning();
    rec.journal({ table: 'run_cards', data: { id, old: presentCard(before), new: card } });
    return presentCard(row!);
  });
}

export async function deleteCard(deps: CommandDeps, auth: Auth, id: number): Promise<void> {
  await runCommand(deps, actorOf(auth), { type: 'runCard.delete' }, async (tx, rec) => {
    const [gone] = await tx.delete(runCards).where(eq(runCards.id, id)).returning();
    if (!gone) throw notFound(runCardTexts.notFound);
    rec.journal({ table: 'run_cards', data: { id, old: presentCard(gone) } });
  });
}
