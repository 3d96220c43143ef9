/** The fallback notice on the map (issue 15): shown while the server says so, gone when it stops. */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { renderUi, resetStores } from '../../../test/utils';
import { MapNotice } from './MapNotice';

const text = 'Mapové podklady ČÚZK nejsou dostupné, zobrazuje se náhradní mapa.';
const setNotice = (mapNotice: string | null) =>
  act(() => useEntitiesStore.setState((s) => ({ settings: { ...s.settings, mapNotice } })));

describe('MapNotice', () => {
  beforeEach(() => resetStores());

  it('shows the server’s notice, hides it when the maps are back, and can be closed', () => {
    renderUi(<MapNotice />);
    expect(screen.queryByTestId('map-notice')).toBeNull();
    setNotice(text);
    expect(screen.getByTestId('map-notice').textContent).toContain(text);
    setNotice(null);
    expect(screen.queryByTestId('map-notice')).toBeNull();
    setNotice(text);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByTestId('map-notice')).toBeNull();
  });
});
