/** The RÚIAN import's closing report, in Czech (the command's output). */
import type { RuianImportReport } from './ruianImport.js';

const count = (n: number) => n.toLocaleString('cs-CZ');

export function formatRuianImportReport(r: RuianImportReport, maxBad = 50): string {
  const unchanged = r.rows - r.inserted - r.updated;
  const lines = [
    `RÚIAN (${r.source}): ${count(r.rows)} adresních míst načteno (${count(r.inserted)} nových, ` +
      `${count(r.updated)} aktualizovaných, ${count(unchanged)} beze změny) z ${count(r.entriesDone)} souborů` +
      (r.entriesSkipped ? `; ${count(r.entriesSkipped)} souborů již načteno dříve (přeskočeno)` : '') +
      `; za ${(r.ms / 1000).toFixed(1)} s.`,
  ];
  if (r.badCount) {
    lines.push(`Chybné řádky (${count(r.badCount)}), vynechány:`);
    for (const b of r.bad.slice(0, maxBad)) lines.push(`  ${b.entry}, řádek ${b.line}: ${b.message}`);
    if (r.badCount > maxBad) lines.push(`  … a dalších ${count(r.badCount - maxBad)}`);
  }
  return lines.join('\n');
}
