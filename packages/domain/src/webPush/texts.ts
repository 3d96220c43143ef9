/** Czech texts of Web Push (issue 25 item 2): the permission question, the notification's actions, refusals. */

/** The one question after device confirmation and the notices around it (web `features/webPush`). */
export const webPushTexts = {
  askTitle: 'Upozornění i při zavřeném panelu',
  askBody: 'Má panel ukazovat poplachy a zprávy jako systémová upozornění, i když je zavřený nebo na pozadí?',
  allow: 'Povolit',
  later: 'Teď ne',
  denied: 'Upozornění prohlížeč nepovolil; poplachy uvidíte jen v otevřeném panelu.',
  unavailable: 'Upozornění při zavřeném panelu nejsou v tomto prohlížeči dostupná.',
  enabled: 'Upozornění při zavřeném panelu jsou zapnutá.',
} as const;

/** What the service worker shows (sw `pwa/pushHandlers.ts`). */
export const webPushNotificationTexts = {
  open: 'Otevřít',
  accept: 'Přijmout',
  /** the title's prefix by the reason of the push */
  reminder: 'Stále nepřijato',
  escalation: 'Eskalace',
  message: 'Nová zpráva',
  alertFallback: 'Poplach',
} as const;

/** Refusals of the calls (422 messages). */
export const webPushRuleTexts = {
  badEndpoint: 'Adresa odběru musí být https adresa služby upozornění.',
  badKey: 'Klíč odběru (p256dh) není platný veřejný klíč P-256.',
  badAuth: 'Tajemství odběru (auth) musí mít 16 bajtů.',
  badToken: 'Potvrzení doručení je neplatné.',
  unavailable: 'Upozornění přes Web Push nejsou na serveru zapnutá.',
} as const;
