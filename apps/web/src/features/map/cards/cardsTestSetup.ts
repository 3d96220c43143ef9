/** Shared set-up of the card tests (cards.test.tsx, cardsMore.test.tsx). */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, resetStores } from '../../../test/utils';
import { useMapStore } from '../mapStore';
import type { TrainInfo } from './cardRules';
import { useCardsStore } from './cardsStore';

export const PRAHA: [number, number] = [14.436, 50.083];

export const cadastreAnswer = {
  link: 'https://nahlizenidokn.cuzk.cz/MapaIdentifikace.aspx?l=KN&x=-742123&y=-1043999',
  content:
    '<table><tr><th>S-JTSK</th><td>Y 742 123,45</td></tr></table><script>window.bad = 1</script><img src=x onerror="window.bad=2">',
};

export const railOk = {
  status: 'OK',
  message: null,
  longitude: 14.4361,
  latitude: 50.0832,
  image: '/v2/rail-image/image/14436100_50083200.jpg',
  capturedAt: '2025-06-12 10:15:00',
  deviation: 12.3,
};

export const card = () => screen.getByTestId(/^card-(cadastre|rail-image|train|hunting|explore)$/);
export const status = () => useCardsStore.getState().status;

export function withActiveEvent() {
  useAuthStore.getState().login(demoLogin);
  useAuthStore.setState({ device: { id: 11, name: 'Pracoviště 1', code: 'X001' } });
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.update', 'eventContact.create'],
    events: [makeEvent(9, { baseId: 3 })],
  });
  useUiStore.getState().setActiveEvent('uuid-9');
}

/** The stores and object URLs every card test starts from. */
export function setupCardTests(): void {
  beforeEach(() => {
    resetStores();
    useCardsStore.getState().closeCard();
    useCardsStore.getState().closePanorama();
    useMapStore.setState({ overlays: {}, searchOpen: false });
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:test-${++n}`);
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}

export const train: TrainInfo = {
  tr: '143',
  title: 'Ex 143 Ostravan',
  dopravce: 'ČD',
  vychozi_stanice: 'Praha hl. n.',
  cilova_stanice: 'Ostrava hl. n.',
  vyskyt: 'Kolín',
  updated: '2026-03-01 12:34:56',
  delka: 312,
  hmotnost: 640,
  vozy: 11,
  pocet_naprav: 44,
  pocet_cestujicich: 512,
  train_engines: [{ funkce_hv_popis: 'vedoucí', title: '380.004' }],
  kontakt: '972123456',
  kontakty_vlakova_ceta: [],
  druh_vlaku: 'Ex',
  vlak_cislo: '143',
  nazev: 'Ostravan',
  ziva: false,
  nebezpecne_veci: [],
  mimoradna_zasilka: false,
  mimoradnost: { vojenska_preprava: false, plm: false, nv: false, jina: null },
  current_gps: [15.2, 50.03],
  traversed: 0.25,
};
