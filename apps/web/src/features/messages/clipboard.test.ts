import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../ui/toasts';
import { copyCoordinates, copyMapCoordinates, copyText, copyValue } from './clipboard';

const toasts = () => useToastStore.getState().toasts.map((t) => [t.severity, t.message]);

function clipboard(write: (text: string) => Promise<void>) {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(write) } });
}

describe('copy notices of 001 §8, each where it applies', () => {
  const saved = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    if (saved) Object.defineProperty(navigator, 'clipboard', saved);
    else Reflect.deleteProperty(navigator, 'clipboard');
    vi.restoreAllMocks();
  });

  it('successes: text, value, coordinates', async () => {
    clipboard(async () => undefined);
    expect(await copyText('zpráva')).toBe(true);
    expect(await copyValue('{}')).toBe(true);
    expect(await copyCoordinates('50.1, 14.4')).toBe(true);
    expect(await copyMapCoordinates('50.1, 14.4')).toBe(true);
    expect(toasts()).toEqual([
      ['success', 'Text zkopírováno do paměti'],
      ['success', 'Zkopírováno do paměti'],
      ['success', 'Souřadnice zkopírovány do paměti'],
      ['success', 'Souřadnice zkopírovány do paměti'],
    ]);
  });

  it('failures: each kind its own error text; the map coordinates with the reason', async () => {
    clipboard(async () => {
      throw new DOMException('Document is not focused.', 'NotAllowedError');
    });
    expect(await copyText('zpráva')).toBe(false);
    expect(await copyValue('{}')).toBe(false);
    expect(await copyCoordinates('50.1, 14.4')).toBe(false);
    expect(await copyMapCoordinates('50.1, 14.4')).toBe(false);
    expect(toasts()).toEqual([
      ['error', 'Chyba při kopírování textu do paměti'],
      ['error', 'Chyba pri kopírování do paměti'],
      ['error', 'Chyba pri kopírování'],
      ['error', 'Chyba kopírování do paměti: Document is not focused.'],
    ]);
  });

  it('no clipboard at all (insecure origin) is a failure, not an exception', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    expect(await copyText('zpráva')).toBe(false);
    expect(toasts()).toEqual([['error', 'Chyba při kopírování textu do paměti']]);
  });
});
