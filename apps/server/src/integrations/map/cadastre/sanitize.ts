/** Escaping for the HTML the cadastre provider writes itself (the card shows it as HTML). */
/** Text for HTML we write ourselves. */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
