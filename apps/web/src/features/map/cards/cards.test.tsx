import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { demoLogin, mockFetch, renderUi } from '../../../test/utils';
import { useMapStore } from '../mapStore';
import { useCardsStore } from './cardsStore';
import { CardPanel } from './MapCards';
import { PRAHA, cadastreAnswer, card, railOk, setupCardTests, status, train } from './cardsTestSetup';

setupCardTests();

describe('cadastre card', () => {
  it('goes 0 → 1 (minimized) → 5 (maximized), shows the link and the sanitized content; closing resets to 0', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch({
      'GET /v2/cadastre': async () => {
        await gate;
        return { status: 200, body: cadastreAnswer };
      },
    });
    useEntitiesStore
      .getState()
      .applyBundle({ settings: { mapLayers: { cadastre: { type: 'wms', url: 'x' } } } } as never);
    renderUi(<CardPanel />);
    expect(status()).toBe(0);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = useCardsStore.getState().openCard('cadastre', PRAHA);
    });
    expect(status()).toBe(1);
    expect(card()).toHaveAttribute('data-maximized', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Načítám');
    expect(useMapStore.getState().overlays.cadastre).toBe(true);
    release();
    await act(() => done);
    expect(status()).toBe(5);
    expect(card()).toHaveAttribute('data-maximized', 'true');
    expect(calls[0].url).toContain('latitude=50.083');
    expect(calls[0].url).toContain('longitude=14.436');
    expect(screen.getByTestId('cadastre-link')).toHaveAttribute('href', cadastreAnswer.link);
    const content = screen.getByTestId('cadastre-content');
    expect(content).toHaveTextContent('Y 742 123,45');
    expect(content.innerHTML).not.toContain('script');
    expect(content.innerHTML).not.toContain('onerror');
    // maximize / minimize toggle
    fireEvent.click(screen.getByTestId('card-toggle'));
    expect(card()).toHaveAttribute('data-maximized', 'false');
    expect(screen.queryByTestId('cadastre-content')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('card-toggle'));
    expect(screen.getByTestId('cadastre-content')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('card-close'));
    expect(status()).toBe(0);
    expect(screen.queryByTestId('map-cards')).not.toBeInTheDocument();
    expect(useMapStore.getState().overlays.cadastre).toBe(false);
  });

  it('shows the spec error in the card with the link cleared, status 5 maximized', async () => {
    mockFetch({ 'GET /v2/cadastre': () => ({ status: 502, body: { message: 'boom' } }) });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('cadastre', PRAHA));
    expect(status()).toBe(5);
    expect(card()).toHaveAttribute('data-maximized', 'true');
    expect(screen.getByTestId('card-error')).toHaveTextContent(
      'Chyba při načítání dat z Katastru nemovitostí. Opakujte akci později',
    );
    expect(screen.queryByTestId('cadastre-link')).not.toBeInTheDocument();
    expect(useCardsStore.getState().cadastre?.link).toBe('');
  });
});

describe('rail image card', () => {
  it('OK: loads the image as a blob with the session headers and shows deviation and capture time', async () => {
    useAuthStore.getState().login(demoLogin);
    const { calls } = mockFetch({
      'GET /v2/rail-image': () => ({ status: 200, body: railOk }),
      'GET /v2/rail-image/image/14436100_50083200.jpg': () => ({ status: 200, body: 'jpeg' }),
    });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    expect(status()).toBe(5);
    expect(card()).toHaveAttribute('data-maximized', 'true');
    expect(screen.getByTestId('rail-image')).toHaveAttribute('src', 'blob:test-1');
    expect(screen.getByTestId('rail-deviation')).toHaveTextContent('12,3 m');
    expect(screen.getByTestId('rail-captured')).toHaveTextContent('12.06.2025 10:15');
    expect(calls[1].headers.Authorization).toBe('Bearer token-1');
    // the point moves onto the track
    expect(useCardsStore.getState().lonLat).toEqual([14.4361, 50.0832]);
  });

  it('status ERROR shows the service message, minimized', async () => {
    mockFetch({
      'GET /v2/rail-image': () => ({
        status: 200,
        body: {
          ...railOk,
          status: 'ERROR',
          image: null,
          message: 'Bod neleží na trati (nejbližší trať je 850 m daleko).',
        },
      }),
    });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    expect(status()).toBe(5);
    expect(card()).toHaveAttribute('data-maximized', 'false');
    expect(screen.getByTestId('card-error')).toHaveTextContent(
      'Služba náhled na trať vrátila chybu: Bod neleží na trati (nejbližší trať je 850 m daleko).',
    );
    expect(screen.queryByTestId('rail-image')).not.toBeInTheDocument();
  });

  it('a 502 with the service message shows it; any other failure the generic text — minimized', async () => {
    const answer = { status: 502, body: { message: 'Služba náhled na trať vrátila chybu: timeout' } as unknown };
    mockFetch({ 'GET /v2/rail-image': () => answer });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    expect(screen.getByTestId('card-error')).toHaveTextContent('Služba náhled na trať vrátila chybu: timeout');
    expect(card()).toHaveAttribute('data-maximized', 'false');
    answer.body = { message: 'něco jiného' };
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    expect(screen.getByTestId('card-error')).toHaveTextContent(
      'Je nám líto, ale došlo k chybě při načítání náhledu na trať.',
    );
    expect(status()).toBe(5);
  });

  it('a new coordinate cancels the previous request and shrinks the card', async () => {
    const aborted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.includes('longitude=1&')) {
          await new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => {
              aborted.push(url);
              reject(new DOMException('', 'AbortError'));
            }),
          );
        }
        return new Response(JSON.stringify({ ...railOk, status: 'ERROR', image: null, message: 'x' }), { status: 200 });
      }),
    );
    renderUi(<CardPanel />);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = useCardsStore.getState().openCard('railImage', [1, 50]);
    });
    await act(() => useCardsStore.getState().openCard('railImage', [15, 50]));
    await act(() => first);
    expect(aborted).toHaveLength(1);
    expect(screen.getByTestId('card-error')).toHaveTextContent('vrátila chybu: x');
    expect(useCardsStore.getState().lonLat).toEqual([15, 50]);
  });
});

describe('train card', () => {
  it('lays out the Train fields and says there are no contacts', () => {
    renderUi(<CardPanel />);
    act(() => useCardsStore.getState().openTrainCard({ ...train, geometry: {} }));
    const c = card();
    expect(c).toHaveAttribute('data-status', '5');
    expect(c).toHaveTextContent('Ex 143 Ostravan');
    for (const text of [
      'ČD',
      'Praha hl. n. – Ostrava hl. n.',
      'Kolín',
      '312 m',
      '640 t',
      '11',
      '44',
      '512',
      '380.004',
      '972 123 456',
      '25 %',
    ]) {
      expect(c).toHaveTextContent(text);
    }
    expect(screen.getByTestId('train-crew')).toHaveTextContent('Kontakty nejsou k dispozici');
    expect(screen.getByTestId('train-updated')).toHaveTextContent('01.03.2026 12:34');
    expect(screen.queryByTestId('train-warnings')).not.toBeInTheDocument();
  });

  it('a GRAPP train: what the source does not say is "neznámo", the delay is shown', () => {
    renderUi(<CardPanel />);
    act(() =>
      useCardsStore.getState().openTrainCard({
        tr: '13513',
        title: 'Os 13513',
        druh_vlaku: 'Os',
        vlak_cislo: '13513',
        nazev: null,
        dopravce: 'České dráhy, a.s.',
        vychozi_stanice: null,
        cilova_stanice: 'Olomouc hl.n.',
        vyskyt: null,
        delka: null,
        hmotnost: null,
        vozy: null,
        pocet_naprav: null,
        pocet_cestujicich: null,
        nebezpecne_veci: null,
        mimoradnost: null,
        train_engines: [],
        kontakty_vlakova_ceta: [],
        zpozdeni: 7,
      }),
    );
    const rows = Object.fromEntries(
      [...card().querySelectorAll('tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)),
    );
    expect(rows).toMatchObject({
      Dopravce: 'České dráhy, a.s.',
      Délka: 'neznámo',
      Hmotnost: 'neznámo',
      'Nebezpečné věci': 'neznámo',
      Zpoždění: '7 min',
    });
    expect(Object.values(rows).join(' ')).toContain('? – Olomouc hl.n.');
    expect(screen.getByTestId('train-crew')).toHaveTextContent('Kontakty nejsou k dispozici');
  });

  it('lists crew phones and highlights dangerous goods and mimořádnost flags', () => {
    renderUi(<CardPanel />);
    act(() =>
      useCardsStore.getState().openTrainCard({
        ...train,
        pocet_cestujicich: null,
        kontakty_vlakova_ceta: [{ funkce_na_vlaku_popis: 'strojvedoucí', telefon: '601234567' }],
        nebezpecne_veci: [{ un: '1203', nazev: 'Benzin', trida: '3', kemler: '33' }],
        mimoradnost: { vojenska_preprava: true, plm: false, nv: true, jina: null },
        ziva: true,
      }),
    );
    expect(screen.getByTestId('train-crew')).toHaveTextContent('strojvedoucí: 601 234 567');
    expect(screen.getByTestId('train-dangerous-goods')).toHaveTextContent('UN 1203 – Benzin (třída 3, Kemler 33)');
    const flags = screen.getByTestId('train-flags');
    expect(flags).toHaveTextContent('Vojenská přeprava');
    expect(flags).toHaveTextContent('Nebezpečné věci (NV)');
    expect(flags).toHaveTextContent('Živá zvířata');
    expect(card()).not.toHaveTextContent('Počet cestujících');
  });
});
