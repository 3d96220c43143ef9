/**
 * Accepting (or closing) an alert stops its escalation chain at once (issue 25 item 3): the pending steps are
 * closed in the transaction of the state change, so no node can take them afterwards (a node taking a step
 * locks the event row first, so it either ran before the accept or finds the step closed), and the alert keeps
 * what happened with nothing next. Called by the event update (modules/events/update.ts).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { stoppedEscalation } from '@panel/domain/alerts';
import type { EventAlert } from '@panel/domain/sync';
import type { Tx } from '../../../db/client.js';
import { alertEscalationSteps } from '../../../db/schema/index.js';

/** Closes the event's pending steps; returns the alert with the chain stopped (unchanged when it had none). */
export async function stopEscalation(tx: Tx, eventId: number, alert: EventAlert | null, at: Date) {
  await tx
    .update(alertEscalationSteps)
    .set({ doneAt: at, outcome: 'stopped' })
    .where(and(eq(alertEscalationSteps.eventId, eventId), isNull(alertEscalationSteps.doneAt)));
  if (!alert?.escalation) return alert;
  return { ...alert, escalation: stoppedEscalation(alert.escalation) };
}
