/**
 * The whole Czech catalogue of the panel in one object, as the panel and the server read it (`texts.events.…`).
 * Each area keeps its own texts beside its rules (`events/texts.ts`, `contacts/texts.ts` …); this file only
 * assembles them. It lives in the language area and imports the areas' texts files directly — never an area's
 * index — and no area's texts file imports it back, so the catalogue closes no import cycle.
 *
 * The spec's texts are verbatim (typos included: 'udádolsti', 'aktulizace', 'následujích', 'přiřazano …
 * zařízeni', 'zažízení', 'pri'). Texts with a placeholder are functions.
 */
import { alertTexts } from '../alerts/texts';
import { authTexts, passwordTexts } from '../auth/texts';
import { contactTexts, smsTexts } from '../contacts/texts';
import { deviceOverviewTexts, micTestTexts } from '../devices/texts';
import { eventFormTexts, eventTexts } from '../events/texts';
import { serverTexts, wireTexts } from '../http/texts';
import { appLogTexts } from '../logs/texts';
import { mapTexts } from '../map/texts';
import { mediaTexts, messageTexts } from '../messages/texts';
import { receiptTexts } from '../receipts/texts';
import { shellTexts } from '../shell/texts';
import { jobTexts } from '../vehicles/texts';

export const texts = {
  auth: authTexts,
  password: passwordTexts,
  server: serverTexts,
  shell: shellTexts,
  alerts: alertTexts,
  micTest: micTestTexts,
  appLog: appLogTexts,
  events: eventTexts,
  validation: eventFormTexts,
  contacts: contactTexts,
  sms: smsTexts,
  jobs: jobTexts,
  messages: messageTexts,
  media: mediaTexts,
  map: mapTexts,
  devices: deviceOverviewTexts,
  wire: wireTexts,
  receipts: receiptTexts,
} as const;

export type Texts = typeof texts;
