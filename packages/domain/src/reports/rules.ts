/**
 * Rules of the response-time reports (issue 26 item 2), shared by the server (which enforces them) and the panel
 * (which shows the screen only to those it would answer).
 */
import { CENTRAL_BASE_ID } from '../constants/index';
import { GROUP_MNG } from '../auth/permissions';
import type { AppAbility, RuleUser } from '../auth/permissions';
import type { ReportTargets } from './schema';

/** Defaults of the targets (issue 26: 60 s turnout, 20 min from the alert to the scene); setting `reportTargets`. */
export const DEFAULT_REPORT_TARGETS: ReportTargets = { turnoutSeconds: 60, arrivalSeconds: 20 * 60 };

/** The settings row (`settings.key`) that overrides the targets: `{turnoutSeconds, arrivalSeconds}`. */
export const REPORT_TARGETS_SETTING = 'reportTargets';

/** The targets from the setting's value; a missing or malformed part keeps its default. */
export function reportTargetsOf(value: unknown): ReportTargets {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const pick = (x: unknown, d: number) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : d);
  return {
    turnoutSeconds: pick(v.turnoutSeconds, DEFAULT_REPORT_TARGETS.turnoutSeconds),
    arrivalSeconds: pick(v.arrivalSeconds, DEFAULT_REPORT_TARGETS.arrivalSeconds),
  };
}

/**
 * Who sees which jobs' times: 'all' — group MNG (management, view only) and users of the central base who view
 * deployments; 'own' — a unit's users who view deployments see their own base's vehicles only; 'none' —
 * everybody else (role udrp views no deployments, 000 §6, so it gets no times of them either).
 */
export type ReportScope = 'all' | 'own' | 'none';

export function reportScope(ability: AppAbility, user: RuleUser): ReportScope {
  if (user.groups?.includes(GROUP_MNG)) return 'all';
  if (!ability.can('view', 'EventResources')) return 'none';
  if (user.baseId === CENTRAL_BASE_ID) return 'all';
  return user.baseId != null ? 'own' : 'none';
}

export const canViewReports = (ability: AppAbility, user: RuleUser): boolean => reportScope(ability, user) !== 'none';

/** Distribution bars: turnout by 15 s up to 3 min, arrival by 2 min up to 30 min; the last bar is open. */
export const DISTRIBUTION_STEPS = {
  turnout: { step: 15, bars: 12 },
  arrival: { step: 120, bars: 15 },
} as const;

/** A duration as the screen and the print show it: 'm:ss', from an hour 'h:mm:ss'; '–' for none. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '–';
  const total = Math.round(Math.max(0, seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A share as a Czech percentage: '83,3 %'; '–' for none. */
export function formatShare(share: number | null | undefined): string {
  if (share == null || !Number.isFinite(share)) return '–';
  return `${(share * 100).toFixed(1).replace('.', ',')} %`;
}

/** A target as words: 60 → '60 s', 1200 → '20 min'. */
export function formatTarget(seconds: number): string {
  return seconds % 60 === 0 && seconds >= 120 ? `${seconds / 60} min` : `${seconds} s`;
}

/** 'YYYY-MM' → 'MM/YYYY' (the month rows and the trend's axis). */
export const formatMonth = (key: string): string =>
  /^\d{4}-\d{2}$/.test(key) ? `${key.slice(5)}/${key.slice(0, 4)}` : key;
