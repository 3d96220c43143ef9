/** Labels of the viewers the spec does not give (ours); the spec's texts come from `@panel/domain/locale`. */
export const VIEWER_TEXTS = {
  flipHorizontal: 'Převrátit vodorovně', // ours
  flipVertical: 'Převrátit svisle', // ours
  before: 'Před', // ours
  after: 'Po', // ours
  compare: 'Porovnat', // ours
  compareTitle: 'Porovnání snímků', // ours (the X50 type name of the catalogue)
  compareSlider: 'Poloha děliče porovnání', // ours
  compareMissing: 'Porovnání potřebuje dva snímky.', // ours
  panorama: 'Panorama 360°', // ours
  panoramaOpen: 'Otevřít panorama 360°', // ours
  panoramaHint: 'Táhněte myší pro rozhlédnutí, kolečkem přibližte.', // ours
  panoramaNoWebgl: 'Prohlížeč neumí zobrazit panorama 360° (WebGL není k dispozici), zobrazuji plochý snímek.', // ours
  lookLeft: 'Otočit doleva', // ours
  lookRight: 'Otočit doprava', // ours
  heading: 'Směr', // ours
  openInNewWindow: 'Otevřít v novém okně', // ours
  debug: 'Ladicí údaje zprávy', // ours
  debugTitle: (id: number | null) => `Zpráva ${id ?? '(neuložená)'} – JSON`, // ours
} as const;
