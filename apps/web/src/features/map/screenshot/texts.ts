/** Texts of the map screenshot (001 §2, §9 verbatim from the domain catalogue; the rest ours). */
import { texts } from '@panel/domain/locale';

export const SCREENSHOT_TEXTS = {
  loading: texts.map.screenshotLoading,
  cancel: texts.map.screenshotCancel,
  send: texts.map.screenshotSend,
  sent: texts.messages.sent,
  sendFailed: texts.messages.sendFailed,
  button: 'Odeslat snímek mapy do události', // ours
  title: 'Snímek mapy', // ours
  tainted:
    'Snímek mapy nelze pořídit: podkladová mapa nepovoluje export obrázku (CORS). Přepněte na jinou podkladovou mapu.', // ours
  captureFailed: 'Snímek mapy se nepodařilo pořídit.', // ours
  imageAlt: 'Snímek mapy', // ours
} as const;
