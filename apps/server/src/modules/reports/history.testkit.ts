/**
 * A hand-made job history for the report tests (issue 26 item 2), written the way the panel writes it: a job row
 * inserted in status 14 (or 15), then its status updated with `updated_at` at the step's time, so the database's
 * trigger records each step. The expected figures in reports.api.test.ts are worked out by hand from these.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import * as s from '../../db/schema/index.js';

/** seconds spent in 14 (turnout), 15 (travel), 18 (on scene), 19 (return); null = the job stopped there */
export interface HandJob {
  event: 'PHA-2025-0412' | 'BRN-2025-0198';
  base: 'PHA' | 'BRN';
  startAt: string;
  /** null: created directly at 15 (no turnout known) */
  turnout: number | null;
  travel: number;
  onScene: number | null;
  ret: number | null;
}

export const HAND_JOBS: HandJob[] = [
  {
    event: 'PHA-2025-0412',
    base: 'PHA',
    startAt: '2026-10-03T08:00:00Z',
    turnout: 30,
    travel: 600,
    onScene: 1800,
    ret: 900,
  },
  {
    event: 'PHA-2025-0412',
    base: 'PHA',
    startAt: '2026-10-10T08:00:00Z',
    turnout: 60,
    travel: 900,
    onScene: 1200,
    ret: 600,
  },
  {
    event: 'PHA-2025-0412',
    base: 'PHA',
    startAt: '2026-10-17T08:00:00Z',
    turnout: 90,
    travel: 1500,
    onScene: 600,
    ret: 300,
  },
  {
    event: 'PHA-2025-0412',
    base: 'PHA',
    startAt: '2026-10-24T08:00:00Z',
    turnout: 120,
    travel: 300,
    onScene: null,
    ret: null,
  },
  {
    event: 'BRN-2025-0198',
    base: 'BRN',
    startAt: '2026-10-05T08:00:00Z',
    turnout: 45,
    travel: 1320,
    onScene: 3600,
    ret: 1200,
  },
  {
    event: 'BRN-2025-0198',
    base: 'BRN',
    startAt: '2026-10-06T08:00:00Z',
    turnout: null,
    travel: 700,
    onScene: null,
    ret: null,
  },
];

/** Writes HAND_JOBS; answers the vehicle ids used per base. */
export async function writeHandHistory(db: Database): Promise<Record<'PHA' | 'BRN', number>> {
  const vehicles = {} as Record<'PHA' | 'BRN', number>;
  for (const code of ['PHA', 'BRN'] as const) {
    const [row] = await db
      .select({ id: s.resources.id })
      .from(s.resources)
      .innerJoin(s.bases, eq(s.bases.id, s.resources.baseId))
      .where(eq(s.bases.code, code))
      .orderBy(s.resources.id)
      .limit(1);
    vehicles[code] = row.id;
  }
  for (const j of HAND_JOBS) {
    const [event] = await db.select().from(s.events).where(eq(s.events.code, j.event));
    const [base] = await db.select().from(s.bases).where(eq(s.bases.code, j.base));
    let at = new Date(j.startAt);
    const [job] = await db
      .insert(s.eventJobs)
      .values({
        eventId: event.id,
        eventJobStatusId: j.turnout == null ? 15 : 14,
        baseId: base.id,
        resourceId: vehicles[j.base],
        createdAt: at,
        updatedAt: at,
        endedAt: new Date(at.getTime() + 86_400_000), // an ended job: not any vehicle's active job
      })
      .returning();
    const steps: [number, number | null][] = [
      [15, j.turnout],
      [18, j.travel],
      [19, j.onScene],
      [20, j.ret],
    ];
    for (const [status, seconds] of steps) {
      if (status === 15 && j.turnout == null) continue;
      if (seconds == null) break;
      at = new Date(at.getTime() + seconds * 1000);
      await db.execute(
        sql`update event_jobs set event_job_status_id = ${status}, updated_at = ${at.toISOString()}::timestamptz where id = ${job.id}`,
      );
    }
  }
  return vehicles;
}
