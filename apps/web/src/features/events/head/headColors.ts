import type { MessageCategory } from '@panel/domain/sync';

/**
 * Message categories come from the bundle's catalogue (000 §3 "categoryId, color, unreadClass"); this mirror of
 * the server's demo catalogue only stands in while a category is missing from it. Job statuses 14–20: the
 * bundle does not carry their table (000 §4 names it), so their colours are ours.
 */
export const MESSAGE_CATEGORY_STYLE: Record<number, { name: string; color: string }> = {
  1: { name: 'Operační', color: '#1565c0' },
  2: { name: 'Dispečerský', color: '#2e7d32' },
};

export const JOB_STATUS_STYLE: Record<number, { name: string; color: string }> = {
  14: { name: 'Pořadí výjezdu', color: '#9e9e9e' },
  15: { name: 'Na cestě', color: '#ff9800' },
  16: { name: 'Blíží se k místu', color: '#ffb300' },
  17: { name: 'Průzkum', color: '#f4511e' },
  18: { name: 'Na místě', color: '#e53935' },
  19: { name: 'Návrat', color: '#43a047' },
  20: { name: 'Na základně', color: '#1e88e5' },
};

export const DEFAULT_EVENT_COLOR = '#607d8b';

export interface MessageCategoryStyle {
  name: string;
  color: string;
  /** the catalogue's class for unread counts of this category (null when it names none) */
  unreadClass: string | null;
}

/** Label and unread colour of a conversation: the catalogue row, else the mirror, else a grey 'Chat n'. */
export function messageCategoryStyle(
  id: number | string,
  catalogue: Record<number, MessageCategory> = {},
): MessageCategoryStyle {
  const row = catalogue[Number(id)];
  const mirror = MESSAGE_CATEGORY_STYLE[Number(id)];
  return {
    name: row?.name || mirror?.name || `Chat ${id}`,
    color: row?.color || mirror?.color || '#757575',
    unreadClass: row?.unreadClass ?? null,
  };
}

export function jobStatusStyle(id: number) {
  return JOB_STATUS_STYLE[id] ?? { name: String(id), color: '#9e9e9e' };
}
