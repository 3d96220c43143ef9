import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Event } from '@panel/domain/sync';
import { renderUi, resetStores } from '../../test/utils';
import { isoDay, useListStore } from '../../stores/listStore';
import { useUiStore } from '../../stores/uiStore';
import {
  loadBundle,
  loginUnitUser,
  mockLayout,
  resetListStores,
  rowTexts,
  titled as titledEvent,
} from '../events/list/testFixtures';
import { CalendarPanel } from './CalendarPanel';

type Answer = { status: number; body: unknown; link?: string };

/** fetch stub for GET /v2/events/list: answers by the request's query (with a Link header when given). */
function stubList(answer: (url: URL) => Answer) {
  const urls: URL[] = [];
  const fn = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    urls.push(url);
    const a = answer(url);
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: a.link ? { Link: a.link } : {},
    });
  });
  vi.stubGlobal('fetch', fn);
  return urls;
}

const titled = (id: number, title: string, start: string, patch: Partial<Event> = {}) =>
  titledEvent(id, title, { start, ...patch });

let restoreLayout: () => void;

beforeEach(() => {
  resetStores();
  resetListStores();
  loginUnitUser(3);
  loadBundle();
  restoreLayout = mockLayout();
  useUiStore.getState().showCalendar();
});

afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
});

describe('CalendarPanel', () => {
  it('loads the day, and prev/next/Dnes/the date picker change the queried date', async () => {
    const urls = stubList(() => ({ status: 200, body: [] }));
    renderUi(<CalendarPanel />);
    const today = isoDay(Date.now());
    await waitFor(() => expect(urls).toHaveLength(1));
    expect(urls[0].pathname).toBe('/v2/events/list');
    expect(urls[0].searchParams.get('from')).toBe(today);
    expect(urls[0].searchParams.get('to')).toBe(today);
    expect(urls[0].searchParams.get('per-page')).toBe('200');
    await screen.findByText('Žádné události');

    const d = new Date();
    d.setDate(d.getDate() - 1);
    const yesterday = isoDay(d.getTime());
    fireEvent.click(screen.getByRole('button', { name: 'Předchozí den' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('from')).toBe(yesterday));
    fireEvent.click(screen.getByRole('button', { name: 'Následující den' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('from')).toBe(today));
    fireEvent.click(screen.getByRole('button', { name: 'Následující den' }));
    // typed in Czech form (DD.MM.YYYY), applied on Enter; an impossible date is refused and kept for fixing
    const field = screen.getByLabelText('Datum');
    fireEvent.change(field, { target: { value: '30.2.2024' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('30.2.2024');
    fireEvent.change(field, { target: { value: '29. 2. 2024' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('from')).toBe('2024-02-29'));
    expect(screen.getByLabelText('Datum')).toHaveValue('29.02.2024');
    fireEvent.click(screen.getByRole('button', { name: 'Dnes' }));
    await waitFor(() => expect(urls.at(-1)?.searchParams.get('to')).toBe(today));
  });

  it('follows Link rel=next and sorts by start desc then id desc', async () => {
    const urls = stubList((url) =>
      url.searchParams.get('page') === '2'
        ? {
            status: 200,
            body: [titled(4, 'Čtvrtá', '2025-01-01 12:00:00'), titled(9, 'Devátá', '2025-01-01 12:00:00')],
          }
        : {
            status: 200,
            body: [
              titled(1, 'První', '2025-01-01 08:00:00'),
              titled(2, 'Druhá', '2025-01-01 18:00:00', { eventStateId: 5 }),
            ],
            link: '<http://localhost/v2/events/list?from=x&to=x&page=2&per-page=200>; rel=next',
          },
    );
    renderUi(<CalendarPanel />);
    await waitFor(() => expect(rowTexts()).toHaveLength(4));
    expect(urls).toHaveLength(2);
    expect(urls[1].searchParams.get('page')).toBe('2');
    const texts = rowTexts();
    expect(texts[0]).toContain('Druhá');
    expect(texts[0]).toContain('Uzavřeno');
    expect(texts[1]).toContain('Devátá');
    expect(texts[2]).toContain('Čtvrtá');
    expect(texts[3]).toContain('První');
  });

  it('stops paging at 1000 events', async () => {
    let page = 0;
    const urls = stubList(() => {
      page += 1;
      return {
        status: 200,
        body: Array.from({ length: 200 }, (_, i) => titled(page * 1000 + i, `E${i}`, '2025-01-01 08:00:00')),
        link: `</v2/events/list?page=${page + 1}>; rel="next"`,
      };
    });
    renderUi(<CalendarPanel />);
    await waitFor(() => expect(useListStore.getState().calendarStatus).toBe('done'));
    expect(urls).toHaveLength(5);
    expect(useListStore.getState().calendarEvents).toHaveLength(1000);
  });

  it('searches header values ignoring case and accents', async () => {
    stubList(() => ({
      status: 200,
      body: [
        titled(1, 'Požár vagonu', '2025-01-01 08:00:00'),
        titled(2, 'Technická pomoc', '2025-01-01 09:00:00', { address: 'Požárová 1' }),
      ],
    }));
    renderUi(<CalendarPanel />);
    await waitFor(() => expect(rowTexts()).toHaveLength(2));
    fireEvent.change(screen.getByRole('textbox', { name: 'Hledat' }), { target: { value: 'POZAR' } });
    // the address is not a header value
    expect(rowTexts()).toEqual([expect.stringContaining('Požár vagonu')]);
  });

  it('clicking an event makes it active', async () => {
    stubList(() => ({ status: 200, body: [titled(1, 'Požár vagonu', '2025-01-01 08:00:00')] }));
    renderUi(<CalendarPanel />);
    fireEvent.click(await screen.findByText('Požár vagonu'));
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
  });

  it('shows the loading state, then an error with a retry', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await gate;
        return fail
          ? new Response(JSON.stringify({ message: 'Server neodpovídá' }), { status: 500 })
          : new Response(JSON.stringify([titled(1, 'Požár', '2025-01-01 08:00:00')]), { status: 200 });
      }),
    );
    renderUi(<CalendarPanel />);
    expect(await screen.findByText('Načítám události…')).toBeInTheDocument();
    await act(async () => release());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Události se nepodařilo načíst: Server neodpovídá');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Zkusit znovu' }));
    expect(await screen.findByText('Požár')).toBeInTheDocument();
  });
});
