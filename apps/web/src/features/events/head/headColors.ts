/**
 * Colours the bundle does not carry: message categories (1 operational, 2 dispatcher) and job statuses 14–20
 * (000 §3/§4 name the tables, the bundle has neither). They mirror the server's demo catalogue.
 */
export const MESSAGE_CATEGORY_STYLE: Record<number, { name: string; color: string }> = {
  1: { name: 'Operační', color: '#1565c0' },
  2: { name: 'Dispečerská', color: '#2e7d32' },
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

export function messageCategoryStyle(id: number | string) {
  return MESSAGE_CATEGORY_STYLE[Number(id)] ?? { name: `#${id}`, color: '#757575' };
}

export function jobStatusStyle(id: number) {
  return JOB_STATUS_STYLE[id] ?? { name: String(id), color: '#9e9e9e' };
}
