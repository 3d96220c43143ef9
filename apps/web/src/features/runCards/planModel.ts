/**
 * The deployment dialog's run-card plan as the dispatcher edits it (issue 26 item 1): the server's proposal per
 * line, the vehicles the dispatcher may pick instead (free vehicles of the line's type from the dialog's
 * overview, by ETA), the shortfall recounted with the domain rule, and the deploy body.
 */
import { shortfallOf, type ProposalLine } from '@panel/domain/runCards';
import type { DeployByCardBody } from '@panel/domain/runCards';
import type { OverviewRow } from '../vehicles/vehicleModel';

/** Chosen vehicle ids per line; null = a slot left empty ('nenasazovat'). */
export type Picks = (number | null)[][];

/** The slots a line still needs (what is already on the event counts) filled with the proposal. */
export const initialPicks = (lines: readonly ProposalLine[]): Picks =>
  lines.map((line) => {
    const need = Math.max(0, line.count - line.deployed);
    return Array.from({ length: need }, (_, i) => line.vehicles[i]?.resourceId ?? null);
  });

/** Free vehicles of the type, by ETA (no ETA last), then name. */
export function candidatesOf(rows: readonly OverviewRow[], resourceTypeId: number): OverviewRow[] {
  return rows
    .filter((r) => r.deployment === 'free' && r.resource.resourceTypeId === resourceTypeId)
    .sort(
      (a, b) =>
        (a.eta?.duration ?? Infinity) - (b.eta?.duration ?? Infinity) ||
        a.resource.name.localeCompare(b.resource.name, 'cs'),
    );
}

/** The ETA in seconds of a chosen vehicle: the dialog's (live), else the proposal's; null when unknown. */
export function durationOf(line: ProposalLine, rows: readonly OverviewRow[], id: number): number | null {
  const row = rows.find((r) => r.id === id);
  if (row?.eta) return row.eta.duration;
  return line.vehicles.find((v) => v.resourceId === id)?.duration ?? null;
}

/** What is missing in a line with the dispatcher's picks ('chybí 1× TA do 30 min'). */
export function lineShortfall(line: ProposalLine, picks: readonly (number | null)[], rows: readonly OverviewRow[]) {
  const chosen = picks
    .filter((id): id is number => id !== null)
    .map((id) => ({ duration: durationOf(line, rows, id) }));
  return shortfallOf(
    { count: Math.max(0, line.count - line.deployed), maxEtaMinutes: line.maxEtaMinutes },
    line.code,
    chosen,
  );
}

/** The deploy body: the chosen vehicles per line (lines without any left out). */
export function deployBody(lines: readonly ProposalLine[], picks: Picks): DeployByCardBody {
  return {
    lines: lines
      .map((line, i) => ({
        resourceTypeId: line.resourceTypeId,
        resourceIds: (picks[i] ?? []).filter((id): id is number => id !== null),
      }))
      .filter((l) => l.resourceIds.length > 0),
  };
}

export const pickedCount = (picks: Picks): number => picks.flat().filter((id) => id !== null).length;
