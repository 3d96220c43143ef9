/**
 * Tabs of the event detail by the category's `tabs` (000 §2): one chat tab per conversation
 * ('event-messages-{categoryId}', needs view Message), contacts, resources (view EventResources), more
 * settings (the form) and action history (desktop only; the history is readable by whoever may view the event)
 * and the external link for category 17. 'map' is mobile only.
 *
 * Order (issue 12 item 6): the chat tabs come first, by conversation number, whatever the category lists first,
 * so they and their unread badges are never scrolled out of view; the other tabs follow in the category's order.
 */
import { LINKED_EVENTS_CATEGORY_ID } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import type { AppAbility } from '@panel/domain/auth';
import type { Event, EventCategory, MessageCategory } from '@panel/domain/sync';
import { messageCategoryStyle } from '../head/headColors';

export type ChatTab = { id: string; kind: 'messages'; label: string; messageCategoryId: number; unread: number };
export type DetailTab =
  ChatTab | { id: string; kind: 'contacts' | 'resources' | 'settings' | 'history' | 'external' | 'map'; label: string };

export const TAB_LABELS = {
  settings: 'Další nastavení', // ours
  history: 'Historie akcí', // ours
  external: 'DŽIN', // ours
  map: 'Mapa', // ours
} as const;

/** The external page of an event: the configured template with the event code. */
export function dzinEventHref(template: string, event: Partial<Event>): string {
  return template.replaceAll('{code}', encodeURIComponent(event.code ?? String(event.id ?? '')));
}

export function detailTabs(
  event: Partial<Event>,
  category: Pick<EventCategory, 'tabs' | 'id'> | undefined,
  ability: AppAbility,
  /** the DŽIN page template from settings; without it there is no external tab */
  dzinEventUrl: string | null = null,
  /** phone-sized screen: the event's map is a tab (the map screen is hidden behind the sidebar) */
  mobile = false,
  /** the bundle's message-category catalogue: the chat tabs' labels (000 §3, 001 §2) */
  messageCategories: Record<number, MessageCategory> = {},
): DetailTab[] {
  const tabs: DetailTab[] = [];
  for (const name of category?.tabs ?? ['settings']) {
    if (name === 'messages') {
      if (!ability.can('view', 'Message')) continue;
      for (const c of event.conversations ?? []) {
        const id = `event-messages-${c.messageCategoryId}`;
        if (tabs.some((t) => t.id === id)) continue;
        tabs.push({
          id,
          kind: 'messages',
          label: messageCategoryStyle(c.messageCategoryId, messageCategories).name,
          messageCategoryId: c.messageCategoryId,
          unread: event.messages?.unread?.[String(c.messageCategoryId)] ?? 0,
        });
      }
    } else if (name === 'map') {
      if (mobile) tabs.push({ id: name, kind: name, label: TAB_LABELS.map });
    } else if (name === 'contacts') tabs.push({ id: name, kind: name, label: texts.events.contactsTab });
    else if (name === 'resources') {
      if (ability.can('view', 'EventResources')) tabs.push({ id: name, kind: name, label: texts.events.resourcesTab });
    } else if (name === 'settings') {
      if (!mobile) tabs.push({ id: name, kind: name, label: TAB_LABELS.settings });
    } else if (name === 'history') {
      // the readable history (GET /v2/events/{id}/history) follows view Event; the raw journal needs view Debug
      if (!mobile && ability.can('view', 'Event')) tabs.push({ id: name, kind: name, label: TAB_LABELS.history });
    } else if (
      name === 'external' &&
      dzinEventUrl &&
      (category?.id === LINKED_EVENTS_CATEGORY_ID || event.eventCategoryId === 17)
    ) {
      tabs.push({ id: name, kind: name, label: TAB_LABELS.external });
    }
  }
  // the form is always reachable on a desktop, whatever the category lists
  if (!mobile && !tabs.some((t) => t.kind === 'settings')) {
    tabs.push({ id: 'settings', kind: 'settings', label: TAB_LABELS.settings });
  }
  const chats = tabs
    .filter((t): t is ChatTab => t.kind === 'messages')
    .sort((a, b) => a.messageCategoryId - b.messageCategoryId);
  return [...chats, ...tabs.filter((t) => t.kind !== 'messages')];
}

/**
 * The tab an event opens on (issue 12 item 6): the conversation with the lowest number that has unread
 * messages, else the first conversation, else the first tab (on a desktop 'Další nastavení' when the event has
 * no conversation; on a phone possibly none at all — the body then shows the read-only detail).
 */
export function openingTab(tabs: DetailTab[]): DetailTab | undefined {
  const chats = tabs.filter((t): t is ChatTab => t.kind === 'messages');
  return chats.find((t) => t.unread > 0) ?? chats[0] ?? tabs[0];
}
