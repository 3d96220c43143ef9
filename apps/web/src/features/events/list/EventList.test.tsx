import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderUi, resetStores } from '../../../test/utils';
import { useListStore } from '../../../stores/listStore';
import { useUiStore } from '../../../stores/uiStore';
import { EventList } from './EventList';
import { job, loadBundle, loginUnitUser, mockLayout, resetListStores, rowTexts, titled } from './testFixtures';

let restoreLayout: () => void;

beforeEach(() => {
  resetStores();
  resetListStores();
  loginUnitUser(3);
  restoreLayout = mockLayout();
});

afterEach(() => {
  restoreLayout();
  vi.useRealTimers();
});

describe('EventList', () => {
  it('shows only active events, newest start first, then id', () => {
    loadBundle({
      events: [
        titled(1, 'Starší', { start: '2025-01-01 08:00:00' }),
        titled(2, 'Novější', { start: '2025-01-02 08:00:00' }),
        titled(3, 'Stejný čas A', { start: '2025-01-03 08:00:00' }),
        titled(4, 'Stejný čas B', { start: '2025-01-03 08:00:00' }),
        titled(5, 'Uzavřená', { eventStateId: 5 }),
      ],
    });
    renderUi(<EventList />);
    const texts = rowTexts();
    expect(texts).toHaveLength(4);
    expect(texts[0]).toContain('Stejný čas B');
    expect(texts[1]).toContain('Stejný čas A');
    expect(texts[2]).toContain('Novější');
    expect(texts[3]).toContain('Starší');
    expect(screen.queryByText('Uzavřená')).toBeNull();
  });

  it('shows an empty text without events', () => {
    loadBundle();
    renderUi(<EventList />);
    expect(screen.getByText('Žádné události')).toBeInTheDocument();
  });

  it('makes a clicked event active', () => {
    loadBundle({ events: [titled(1, 'Požár vagonu')] });
    renderUi(<EventList />);
    fireEvent.click(screen.getByText('Požár vagonu'));
    expect(useUiStore.getState().activeEventUuid).toBe('uuid-1');
  });

  it('searches after 300 ms, ignoring case and accents, over header, code, address and reporter', () => {
    vi.useFakeTimers();
    loadBundle({
      events: [
        titled(1, 'Požár vagonu'),
        titled(2, 'Technická pomoc', { address: 'Žďár nad Sázavou' }),
        titled(3, 'Únik látky', { code: 'PHA-2025-0003', reporterName: 'KAREL ŘEHÁK' }),
      ],
    });
    renderUi(<EventList />);
    const search = screen.getByRole('textbox', { name: 'Hledat' });
    fireEvent.change(search, { target: { value: 'pozar' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(rowTexts()).toHaveLength(3);
    // the list marks the search its rows are filtered by (the journeys click a row only once it has applied)
    expect(screen.getByTestId('event-list')).toHaveAttribute('data-search', '');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(rowTexts()).toEqual([expect.stringContaining('Požár vagonu')]);
    expect(screen.getByTestId('event-list')).toHaveAttribute('data-search', 'pozar');

    fireEvent.change(search, { target: { value: 'ZDAR' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(rowTexts()).toEqual([expect.stringContaining('Technická pomoc')]);

    fireEvent.change(search, { target: { value: 'rehak 0003' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(rowTexts()).toEqual([expect.stringContaining('Únik látky')]);

    fireEvent.change(search, { target: { value: 'nic takového' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.getByText('Filtru neodpovídá žádná událost')).toBeInTheDocument();
  });

  it('filters by the chips of settings.eventFilters and remembers the chip', () => {
    loadBundle({
      events: [titled(1, 'Požár', { eventCategoryId: 1 }), titled(2, 'Hovor', { eventCategoryId: 7 })],
    });
    renderUi(<EventList />);
    expect(rowTexts()).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: 'Volání' }));
    expect(rowTexts()).toEqual([expect.stringContaining('Hovor')]);
    expect(JSON.parse(localStorage.getItem('panel.eventList') ?? '{}').state.filterCode).toBe('calls');
    fireEvent.click(screen.getByRole('radio', { name: 'Události' }));
    expect(rowTexts()).toEqual([expect.stringContaining('Požár')]);
    fireEvent.click(screen.getByRole('radio', { name: 'Vše' }));
    expect(rowTexts()).toHaveLength(2);
    // a second click on the chosen chip unselects it
    fireEvent.click(screen.getByRole('radio', { name: 'Vše' }));
    expect(useListStore.getState().filterCode).toBeNull();
  });

  it('custom filter: calamity hides events without activity and non event/call/chat categories; clear and close', () => {
    loadBundle({
      events: [
        titled(1, 'Bez aktivity', { eventCategoryId: 5 }),
        titled(2, 'Se zprávami', { eventCategoryId: 5, messages: { total: 2, unread: {} } }),
        titled(3, 'S výjezdem', { eventCategoryId: 1 }),
        titled(4, 'Monitoring se zprávami', { eventCategoryId: 14, messages: { total: 5, unread: {} } }),
      ],
      eventJobs: [job(1, 3)],
    });
    renderUi(<EventList />);
    expect(rowTexts()).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Vlastní' }));
    const dialog = screen.getByRole('dialog', { name: 'Vlastní filtr' });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Kalamita' }));
    const texts = rowTexts();
    expect(texts).toHaveLength(2);
    expect(texts.join()).toContain('Se zprávami');
    expect(texts.join()).toContain('S výjezdem');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Text' }), { target: { value: 'vyjezd' } });
    expect(rowTexts()).toEqual([expect.stringContaining('S výjezdem')]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Vymazat' }));
    expect(rowTexts()).toHaveLength(4);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zavřít' }));
    expect(useListStore.getState().customOpen).toBe(false);
  });

  it('custom filter: multi-select of categories', () => {
    loadBundle({
      events: [titled(1, 'Požár', { eventCategoryId: 1 }), titled(2, 'Hovor', { eventCategoryId: 7 })],
    });
    renderUi(<EventList />);
    fireEvent.click(screen.getByRole('button', { name: 'Vlastní' }));
    const dialog = screen.getByRole('dialog', { name: 'Vlastní filtr' });
    const input = within(dialog).getByRole('combobox', { name: 'Kategorie' });
    fireEvent.mouseDown(input);
    fireEvent.click(screen.getByRole('option', { name: 'Volání' }));
    expect(useListStore.getState().custom.categoryIds).toEqual([7]);
    expect(rowTexts()).toEqual([expect.stringContaining('Hovor')]);
  });

  it('virtualizes: with 5,000 events only a window of rows is in the DOM', () => {
    const events = Array.from({ length: 5000 }, (_, i) =>
      titled(i + 1, `Událost ${i + 1}`, {
        start: `2025-01-01 ${String(Math.floor(i / 60) % 24).padStart(2, '0')}:00:00`,
      }),
    );
    loadBundle({ events });
    renderUi(<EventList />);
    const rows = screen.getAllByTestId('event-row');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(30);
    expect(screen.getByTestId('list-count')).toHaveTextContent('5000');
    // scrolling far down brings other rows in
    const scroller = screen.getByTestId('event-list-scroll');
    act(() => {
      scroller.scrollTop = 250_000;
      fireEvent.scroll(scroller);
    });
    const indexes = screen.getAllByTestId('event-row').map((r) => Number(r.dataset.index));
    expect(Math.min(...indexes)).toBeGreaterThan(2000);
    expect(screen.getAllByTestId('event-row').length).toBeLessThan(30);
  });
});
