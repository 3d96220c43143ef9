import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/appStore';
import { renderUi, resetStores } from '../../test/utils';
import { SyncAlert } from './SyncAlert';

describe('SyncAlert', () => {
  beforeEach(resetStores);

  it('appears only after more than 5 refresh periods without an update', () => {
    const last = Date.UTC(2025, 0, 2, 9, 20, 30); // 10:20:30 in Prague
    useAppStore.getState().set({ lastUpdate: last, secondDate: last + 40000 });
    renderUi(<SyncAlert />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => useAppStore.getState().set({ secondDate: last + 41000 }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('PORUCHA PŘIPOJENÍ!');
    expect(alert).toHaveTextContent('Poslední aktualizace 02.01.2025 10:20:30');
    act(() => useAppStore.getState().set({ lastUpdate: last + 41000 }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
