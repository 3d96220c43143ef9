import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useAuthStore } from '../../../stores/authStore';
import { demoLogin, mockFetch, renderUi } from '../../../test/utils';
import { useToastStore } from '../../../ui/toasts';
import { panoramaDecision } from './cardRules';
import { useCardsStore } from './cardsStore';
import { CardPanel } from './MapCards';
import { PRAHA, cadastreAnswer, card, railOk, setupCardTests, status, withActiveEvent, train } from './cardsTestSetup';

setupCardTests();

const region = {
  type: 'Feature',
  id: 'HR-3-4',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [14.4, 50.05],
        [14.5, 50.05],
        [14.5, 50.1],
        [14.4, 50.05],
      ],
    ],
  },
  properties: {
    id: 'HR-3-4',
    name: 'Honitba Praha',
    kraj: 'Hlavní město Praha',
    okres: 'Praha',
    orp: 'Praha',
    huntingCompany: {
      name: 'Myslivecký spolek Praha',
      address: 'Lesní 5, Praha',
      postalCode: '110 00',
      phone: '602111222',
    },
    contacts: [{ id: 7, name: 'Jan Myslivec', phone: '603123456' }],
  },
};

describe('hunting region card', () => {
  it('validates the phone, adds a contact and deletes one', async () => {
    const { calls } = mockFetch({
      'POST /hunting-region': () => ({ status: 200, body: { features: [region] } }),
      'POST /hunting-region/contact': (init) => {
        const body = JSON.parse(String(init.body)) as { name: string; phone: string };
        return { status: 200, body: { type: 'success', contact: { id: 8, name: body.name, phone: body.phone } } };
      },
      'DELETE /hunting-region/contact/7': () => ({ status: 200, body: { type: 'success' } }),
    });
    useEntitiesStore.getState().applyBundle({ userPermissions: ['eventContact.create'] });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('hunting', PRAHA));
    expect(calls[0].body).toEqual({ lat: 50.083, lon: 14.436 });
    expect(screen.getByTestId('hunting-name')).toHaveTextContent('Honitba Praha');
    expect(card()).toHaveTextContent('Kraj: Hlavní město Praha');
    expect(screen.getByTestId('hunting-company')).toHaveTextContent('602 111 222');
    expect(screen.getByTestId('hunting-contacts')).toHaveTextContent('603 123 456');

    fireEvent.click(screen.getByRole('button', { name: 'Přidat kontakt' }));
    const form = screen.getByTestId('hunting-contact-form');
    const name = within(form).getByLabelText('Jméno');
    const phone = within(form).getByLabelText('Telefon');
    fireEvent.click(within(form).getByRole('button', { name: 'Uložit' }));
    expect(await within(form).findAllByText('Prosím vyplňte')).toHaveLength(2);
    fireEvent.change(name, { target: { value: 'Petr Hajný' } });
    fireEvent.change(phone, { target: { value: '60a123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Uložit' }));
    expect(await within(form).findByText('Toto pole musí obsahovat jen číslice')).toBeInTheDocument();
    fireEvent.change(phone, { target: { value: '6012345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Uložit' }));
    expect(await within(form).findByText('Vložte devítimístné telefonní číslo')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/hunting-region/contact')).toHaveLength(0);
    fireEvent.change(phone, { target: { value: '+420 601 234 567' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Uložit' }));
    await waitFor(() => expect(screen.getByTestId('hunting-contacts')).toHaveTextContent('Petr Hajný'));
    expect(calls.find((c) => c.url === '/hunting-region/contact')?.body).toEqual({
      hunting_region_id: 'HR-3-4',
      name: 'Petr Hajný',
      phone: '601234567',
    });

    const row = within(screen.getByTestId('hunting-contacts')).getByText('Jan Myslivec').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Smazat kontakt' }));
    await waitFor(() => expect(screen.getByTestId('hunting-contacts')).not.toHaveTextContent('Jan Myslivec'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/hunting-region/contact/7')).toBe(true);
  });

  it('adds a region contact to the active event as contact type 13', async () => {
    withActiveEvent();
    useEntitiesStore.getState().applyBundle({
      eventCategories: [{ id: 5, type: 'event' } as never],
    });
    const { calls } = mockFetch({
      'POST /hunting-region': () => ({ status: 200, body: { features: [region] } }),
      'POST /v2/event-contacts': () => ({
        status: 201,
        body: { id: 55, eventId: 9, name: 'Jan Myslivec', number: '603123456' },
      }),
    });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('hunting', PRAHA));
    const row = within(screen.getByTestId('hunting-contacts')).getByText('Jan Myslivec').closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Přidat do kontaktů události' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v2/event-contacts')).toBe(true));
    expect(calls.find((c) => c.url === '/v2/event-contacts')?.body).toMatchObject({
      eventId: 9,
      name: 'Jan Myslivec',
      number: '603123456',
      contactTypeId: 13,
    });
  });

  it("a region from ÚHÚL's WMS: code and source shown, no geometry and no company", async () => {
    const uhul = {
      type: 'Feature',
      id: 'UHUL-5204110012',
      geometry: null,
      properties: {
        id: 'UHUL-5204110012',
        name: 'Hradiště u Kolína',
        code: '5204110012',
        source: 'ÚHÚL',
        kraj: 'Středočeský kraj',
        okres: 'Kolín',
        orp: 'Kolín',
        huntingCompany: null,
        contacts: [],
      },
    };
    mockFetch({ 'POST /hunting-region': () => ({ status: 200, body: { features: [uhul] } }) });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('hunting', PRAHA));
    expect(screen.getByTestId('hunting-name')).toHaveTextContent('Hradiště u Kolína');
    expect(screen.getByTestId('hunting-code')).toHaveTextContent('Kód honitby: 5204110012');
    expect(screen.getByTestId('hunting-source')).toHaveTextContent('ÚHÚL');
    expect(screen.queryByTestId('hunting-company')).not.toBeInTheDocument();
    expect(screen.queryByTestId('hunting-code')).toBeInTheDocument();
  });

  it('offers no add or delete without create EventContact (group MNG is view-only)', async () => {
    mockFetch({ 'POST /hunting-region': () => ({ status: 200, body: { features: [region] } }) });
    useAuthStore.getState().login({ ...demoLogin, user: { ...demoLogin.user, groups: ['MNG'], roles: [] } });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('hunting', PRAHA));
    expect(screen.getByTestId('hunting-contacts')).toHaveTextContent('Jan Myslivec');
    expect(screen.queryByRole('button', { name: 'Přidat kontakt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Smazat kontakt' })).not.toBeInTheDocument();
  });

  it('a failing region call is ignored (the card closes)', async () => {
    mockFetch({ 'POST /hunting-region': () => ({ status: 502, body: { message: 'x' } }) });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('hunting', PRAHA));
    expect(status()).toBe(0);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});

describe('capture buttons (update Event)', () => {
  it('are hidden without a saved active event or without update Event', async () => {
    mockFetch({ 'GET /v2/cadastre': () => ({ status: 200, body: cadastreAnswer }) });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('cadastre', PRAHA));
    expect(screen.queryByTestId('card-capture')).not.toBeInTheDocument();
    withActiveEvent();
    useEntitiesStore.getState().applyBundle({ userPermissions: [] });
    await act(async () => {});
    expect(screen.queryByTestId('card-capture')).not.toBeInTheDocument();
    useEntitiesStore.getState().applyBundle({ userPermissions: ['event.update'] });
    await act(async () => {});
    expect(screen.getByTestId('card-capture')).toBeInTheDocument();
  });

  it('cadastre sends X25 with the content as text and the coordinates to the operational conversation', async () => {
    withActiveEvent();
    const { calls } = mockFetch({
      'GET /v2/cadastre': () => ({ status: 200, body: cadastreAnswer }),
      'POST /v2/messages': () => ({ status: 201, body: { id: 1 } }),
    });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('cadastre', PRAHA));
    fireEvent.click(screen.getByTestId('card-capture'));
    await waitFor(() => expect(calls.some((c) => c.url === '/v2/messages')).toBe(true));
    const body = calls.find((c) => c.url === '/v2/messages')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      eventId: 9,
      messageCategoryId: 1,
      type: 'X25',
      media: null,
      latitude: 50.083,
      longitude: 14.436,
    });
    expect(body.content).toContain('Y 742 123,45');
    expect(body.content).toContain(cadastreAnswer.link);
    expect(body.content).not.toContain('<');
    expect(typeof body.uuid).toBe('string');
    expect(await screen.findByText('Zpráva odeslána')).toBeInTheDocument();
  });

  it('rail image uploads the JPEG and sends X24 with the media and the track point', async () => {
    withActiveEvent();
    const { calls } = mockFetch({
      'GET /v2/rail-image': () => ({ status: 200, body: railOk }),
      'GET /v2/rail-image/image/14436100_50083200.jpg': () => ({ status: 200, body: 'jpeg' }),
      'POST /v2/messages': () => ({ status: 201, body: { id: 1 } }),
    });
    const fetchFn = globalThis.fetch as ReturnType<typeof vi.fn>;
    const inner = fetchFn.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchFn.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/v2/media/event/9/')) {
        calls.push({ method: 'POST', url, body: undefined, headers: (init.headers ?? {}) as Record<string, string> });
        const name = decodeURIComponent(url.split('/').pop()!);
        return new Response(JSON.stringify({ fileName: name, size: 4, contentType: 'image/jpeg' }), { status: 201 });
      }
      return inner(url, init);
    });
    renderUi(<CardPanel />);
    await act(() => useCardsStore.getState().openCard('railImage', PRAHA));
    fireEvent.click(screen.getByTestId('card-capture'));
    await waitFor(() => expect(calls.some((c) => c.url === '/v2/messages')).toBe(true));
    const upload = calls.find((c) => c.url.startsWith('/v2/media/event/9/'))!;
    expect(upload.url).toMatch(/^\/v2\/media\/event\/9\/9-\d{8}_\d{6}-X001\.jpg$/);
    const body = calls.find((c) => c.url === '/v2/messages')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'X24', messageCategoryId: 1, latitude: 50.0832, longitude: 14.4361 });
    expect(body.media).toEqual([decodeURIComponent(upload.url.split('/').pop()!)]);
    expect(body.content).toContain('Odchylka od trati: 12,3 m');
  });

  it('train sends X23 with the train text; a failure says so', async () => {
    withActiveEvent();
    const answer = { status: 201, body: { id: 1 } as unknown };
    const { calls } = mockFetch({ 'POST /v2/messages': () => answer });
    renderUi(<CardPanel />);
    act(() => useCardsStore.getState().openTrainCard(train));
    fireEvent.click(screen.getByTestId('card-capture'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toMatchObject({ type: 'X23', latitude: 50.03, longitude: 15.2, messageCategoryId: 1 });
    expect((calls[0].body as { content: string }).content).toContain('Kontakty nejsou k dispozici');
    answer.status = 500;
    await waitFor(() => expect(screen.getByTestId('card-capture')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('card-capture'));
    expect(await screen.findByText('Chyba při odesílání zprávy')).toBeInTheDocument();
  });
});

describe('panorama', () => {
  it('decides: NONE shows the view, any other error code moves the map', () => {
    expect(panoramaDecision({ errorCode: 'NOT_FOUND' }, PRAHA)).toEqual({ action: 'move', lonLat: PRAHA });
    expect(panoramaDecision({ errorCode: 'SERVICE_DOWN' }, PRAHA)).toEqual({ action: 'move', lonLat: PRAHA });
    expect(
      panoramaDecision(
        {
          errorCode: 'NONE',
          provider: 'offline',
          lon: 14.4,
          lat: 50.1,
          yaw: 0,
          pitch: 0,
          fov: 75,
          capturedAt: null,
          imageUrl: '/v2/panorama/image/1.jpg',
        },
        PRAHA,
      ),
    ).toMatchObject({ action: 'view', lonLat: [14.4, 50.1], imageUrl: '/v2/panorama/image/1.jpg' });
  });

  it('NOT_FOUND moves the map to the asked coordinates and opens no view', async () => {
    const { calls } = mockFetch({ 'GET /v2/panorama': () => ({ status: 200, body: { errorCode: 'NOT_FOUND' } }) });
    const move = vi.fn();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, move));
    expect(calls[0].url).toBe('/v2/panorama?lon=14.436&lat=50.083&yaw=0&pitch=0&fov=75');
    expect(move).toHaveBeenCalledWith(PRAHA);
    expect(useCardsStore.getState().panorama).toBeNull();
  });

  it('NONE opens the view without moving the map', async () => {
    mockFetch({
      'GET /v2/panorama': () => ({
        status: 200,
        body: {
          errorCode: 'NONE',
          provider: 'offline',
          lon: 14.435,
          lat: 50.0831,
          yaw: 0,
          pitch: 0,
          fov: 75,
          capturedAt: '2025-05-01 09:00:00',
          imageUrl: '/v2/panorama/image/5.jpg',
        },
      }),
    });
    const move = vi.fn();
    await act(() => useCardsStore.getState().openPanorama(PRAHA, move));
    expect(move).not.toHaveBeenCalled();
    expect(useCardsStore.getState().panorama).toMatchObject({
      lonLat: [14.435, 50.0831],
      imageUrl: '/v2/panorama/image/5.jpg',
    });
  });
});
