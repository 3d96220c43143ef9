/** Texts of the event head and list: the spec's from the domain catalogue, the rest ours (marked). */
import { texts } from '@panel/domain/locale';

const { events } = texts;

export const headTexts = {
  closed: events.closedChip,
  deleted: events.deletedChip,
  ended: events.endedChip,
  resolver: events.resolver,
  missingCommander: events.missingCommander,
  moreJobs: events.moreJobs,
  commander: texts.contacts.commanderTitle,
  muted: 'Ztlumeno', // ours (tooltip of the muted icon)
  eta: 'ETA', // ours
  etaMinutes: (min: number) => `${min} min`, // ours
  unread: (category: string, n: number) => `${category}: ${n} nepřečtených`, // ours (tooltip)
  linked: 'Připojené události', // ours (tooltip prefix)
  children: (n: number) => `Připojené události: ${n}`, // ours (the parent's children chip)
} as const;
