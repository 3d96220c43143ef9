/**
 * The incident report's own address: the print page opens in a new browser tab at `/zprava-udalosti/{id}`
 * (the server answers a browser's navigation outside the API with the panel, http/panelFiles.ts), where the
 * app shows only the report — no sync, no socket — with the session the tab shares through localStorage.
 * Kept free of imports so App.tsx can read it without pulling the report's chunk into the login bundle.
 */
export const REPORT_PATH = '/zprava-udalosti/';

export const reportPath = (eventId: number) => `${REPORT_PATH}${eventId}`;

/** The event id of a report address, else null (any other path is the panel). */
export function reportEventIdOf(pathname: string): number | null {
  if (!pathname.startsWith(REPORT_PATH)) return null;
  const rest = pathname.slice(REPORT_PATH.length).replace(/\/$/, '');
  if (!/^\d{1,10}$/.test(rest)) return null;
  const id = Number(rest);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Opens the report of an event in a new tab (the browser prints it to PDF from there). */
export function openIncidentReport(eventId: number): void {
  window.open(reportPath(eventId), '_blank', 'noopener');
}
