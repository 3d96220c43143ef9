/** The fallback notice on the map (issue 15): shown while the server says so, gone when it stops. */
import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { renderUi, resetStores } from '../../../test/utils';
import { MapNotice, tilesNotice } from './MapNotice';
import { FAILING_AFTER, useTileHealthStore } from './tileHealth';

const text = 'Mapové podklady ČÚZK nejsou dostupné, zobrazuje se náhradní mapa.';
const setNotice = (mapNotice: string | null) =>
  act(() => useEntitiesStore.setState((s) => ({ settings: { ...s.settings, mapNotice } })));

describe('MapNotice', () => {
  beforeEach(() => {
    resetStores();
    useTileHealthStore.setState({ failures: {}, labels: {} });
  });

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

  it('names a layer whose tiles fail one after another, and drops it when a tile arrives', () => {
    renderUi(<MapNotice />);
    const report = useTileHealthStore.getState().report('base-tourist', 'Turistická mapa');
    act(() => {
      for (let i = 1; i < FAILING_AFTER; i++) report.failed();
    });
    expect(screen.queryByTestId('map-notice')).toBeNull(); // a few missing tiles are no outage
    act(() => report.failed());
    expect(screen.getByTestId('map-notice').textContent).toBe('Mapovou vrstvu „Turistická mapa“ se nepodařilo načíst.');
    act(() => report.loaded());
    expect(screen.queryByTestId('map-notice')).toBeNull();
    expect(tilesNotice(['Ortofoto', 'Katastrální mapa'])).toBe(
      'Mapové vrstvy „Ortofoto“, „Katastrální mapa“ se nepodařilo načíst.',
    );
  });
});
