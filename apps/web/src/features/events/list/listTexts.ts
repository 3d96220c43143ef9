/** Texts of the event list, custom filter and calendar that the spec does not give (ours). */
import { texts } from '@panel/domain/locale';

export const listTexts = {
  search: 'Hledat', // ours
  empty: 'Žádné události', // ours
  emptyFiltered: 'Filtru neodpovídá žádná událost', // ours
  custom: 'Vlastní', // ours (chip of the custom filter)
  customTitle: 'Vlastní filtr', // ours
  calamity: 'Kalamita', // ours
  calamityHint: 'Skryje neuzavřené události bez aktivity; jen události, volání a chaty', // ours
  text: 'Text', // ours
  categories: 'Kategorie', // ours
  eventTypes: 'Typy událostí', // ours
  bases: 'Jednotky', // ours
  priorities: 'Priority', // ours
  tags: 'Štítky', // ours
  clear: 'Vymazat', // ours
  close: 'Zavřít', // ours
  clearSearch: 'Vymazat hledání', // ours
  count: (shown: number, total: number) => (shown === total ? `${total}` : `${shown} / ${total}`), // ours
  // calendar
  today: texts.shell.today,
  previousDay: 'Předchozí den', // ours
  nextDay: 'Následující den', // ours
  date: 'Datum', // ours
  pickDate: 'Vybrat datum', // ours
  loading: 'Načítám události…', // ours
  loadFailed: (message: string) => `Události se nepodařilo načíst: ${message}`, // ours
  retry: 'Zkusit znovu', // ours
} as const;
