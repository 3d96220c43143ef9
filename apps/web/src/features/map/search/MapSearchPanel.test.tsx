import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi, resetStores } from '../../../test/utils';
import { useMapStore } from '../mapStore';
import { MapSearchPanel } from './MapSearchPanel';

interface Rpc {
  params: {
    searchTerm: string;
    typeCodes: string[];
    offset: number;
    latitude: number | null;
    longitude: number | null;
  };
}

function rpcServer(answer: (rpc: Rpc) => { data: unknown[]; total: number }, hang?: (term: string) => boolean) {
  const calls: Rpc[] = [];
  const aborted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const rpc = JSON.parse(String(init.body)) as Rpc;
      calls.push(rpc);
      init.signal?.addEventListener('abort', () => aborted.push(rpc.params.searchTerm));
      if (hang?.(rpc.params.searchTerm)) {
        // a slow answer: only an abort ends it
        await new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
        );
      }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: answer(rpc) }), { status: 200 });
    }),
  );
  return { calls, aborted };
}

const station = (id: number, name: string) => ({
  id,
  name,
  type_code: 'station',
  latitude: 50,
  longitude: 15.7,
  note: 'km 1',
  distance: null,
});
const input = () => screen.getByRole('textbox');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetStores();
  useMapStore.setState({ searchOpen: true, points: [], origin: null, trackedTrain: null });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('MapSearchPanel', () => {
  it('sends the query 300 ms after typing, from 2 characters, in the railway group by default', async () => {
    const { calls } = rpcServer(() => ({ data: [station(1, 'Pardubice hl. n.')], total: 1 }));
    renderUi(<MapSearchPanel />);
    expect(input()).toHaveAttribute('placeholder', 'Hledání v železničních objektech...');
    fireEvent.change(input(), { target: { value: 'P' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(calls).toHaveLength(0);
    fireEvent.change(input(), { target: { value: 'Par' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(calls).toHaveLength(1);
    expect(calls[0].params).toMatchObject({
      searchTerm: 'Par',
      typeCodes: ['station', 'halt', 'railway-point'],
      offset: 0,
    });
    expect(await screen.findByText('Pardubice hl. n.')).toBeInTheDocument();
    expect(screen.getByTestId('last-query')).toHaveTextContent('posledni dotaz: Par');
  });

  it('a new search cancels the one in flight', async () => {
    const { aborted } = rpcServer(
      () => ({ data: [], total: 0 }),
      (term) => term === 'Pra',
    );
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'Pra' } });
    await act(() => vi.advanceTimersByTimeAsync(310));
    fireEvent.change(input(), { target: { value: 'Prah' } });
    expect(aborted).toContain('Pra');
  });

  it('keyboard: down and Enter choose a result as a map point; Escape closes', async () => {
    rpcServer(() => ({ data: [station(1, 'Pardubice hl. n.'), station(2, 'Pardubice-Rosice')], total: 2 }));
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'Pardubice' } });
    await act(() => vi.advanceTimersByTimeAsync(310));
    await screen.findByText('Pardubice-Rosice');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(useMapStore.getState().points.map((p) => p.title)).toEqual(['Pardubice-Rosice']);
    expect(screen.getByTestId('search-points')).toHaveTextContent('Pardubice-Rosice');
    // the pick closed the list; Escape with no list closes the panel
    expect(screen.queryByTestId('search-results')).not.toBeInTheDocument();
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(useMapStore.getState().searchOpen).toBe(false);
  });

  it('a click on a suggestion closes the list; Escape closes an open list first, then the panel', async () => {
    rpcServer(() => ({ data: [station(1, 'Pardubice hl. n.'), station(2, 'Pardubice-Rosice')], total: 2 }));
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'Pardubice' } });
    await act(() => vi.advanceTimersByTimeAsync(310));
    fireEvent.click(await screen.findByText('Pardubice hl. n.'));
    expect(screen.queryByTestId('search-results')).not.toBeInTheDocument();
    expect(useMapStore.getState().points.map((p) => p.title)).toEqual(['Pardubice hl. n.']);
    // arrow down opens it again
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByTestId('search-results')).toBeInTheDocument();
    // Escape on a suggestion: the list goes, the panel and the typed query stay
    fireEvent.keyDown(screen.getAllByRole('option')[1], { key: 'Escape' });
    expect(screen.queryByTestId('search-results')).not.toBeInTheDocument();
    expect(useMapStore.getState().searchOpen).toBe(true);
    expect(input()).toHaveValue('Pardubice');
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(useMapStore.getState().searchOpen).toBe(false);
  });

  it("says 'Nic nebylo nalezeno' when the answer is empty, and not before it came", async () => {
    rpcServer((rpc) => ({ data: rpc.params.searchTerm === 'Par' ? [station(1, 'Pardubice hl. n.')] : [], total: 0 }));
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'Xyzzy' } });
    expect(screen.queryByText('Nic nebylo nalezeno')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(310));
    expect(await screen.findByText('Nic nebylo nalezeno')).toBeInTheDocument();
    expect(screen.getByTestId('last-query')).toHaveTextContent('posledni dotaz: Xyzzy');
    fireEvent.change(input(), { target: { value: 'Par' } });
    expect(screen.queryByText('Nic nebylo nalezeno')).not.toBeInTheDocument();
    expect(await screen.findByText('Pardubice hl. n.')).toBeInTheDocument();
  });

  it('pages by 10 with Předchozí/Další', async () => {
    const { calls } = rpcServer((rpc) => ({
      data: Array.from({ length: 10 }, (_, i) => station(rpc.params.offset + i, `Stanice ${rpc.params.offset + i}`)),
      total: 25,
    }));
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'St' } });
    await act(() => vi.advanceTimersByTimeAsync(310));
    await screen.findByText('Stanice 9');
    fireEvent.click(screen.getByRole('button', { name: 'Další' }));
    await act(() => vi.advanceTimersByTimeAsync(310));
    await screen.findByText('Stanice 19');
    expect(calls.map((c) => c.params.offset)).toEqual([0, 10]);
    expect(screen.getByRole('button', { name: 'Předchozí' })).toBeEnabled();
  });

  it('* switches to trains (numeric: only digits kept); a train result tracks the train and closes', async () => {
    const { calls } = rpcServer(() => ({
      data: [{ id: 't1', name: 'Os 4911', type_code: 'train', latitude: 50, longitude: 16 }],
      total: 1,
    }));
    renderUi(<MapSearchPanel />);
    fireEvent.change(input(), { target: { value: 'Os 49' } });
    fireEvent.keyDown(input(), { key: '*' });
    expect(input()).toHaveValue('49');
    expect(input()).toHaveAttribute('placeholder', 'Hledání v vlakových objektech...');
    await act(() => vi.advanceTimersByTimeAsync(310));
    expect(calls.at(-1)?.params).toMatchObject({ searchTerm: '49', typeCodes: ['train'] });
    fireEvent.click(await screen.findByText('Os 4911'));
    expect(useMapStore.getState()).toMatchObject({ trackedTrain: '4911', searchOpen: false });
  });

  it('removes the search position and the points', async () => {
    useMapStore.setState({
      origin: [15, 50],
      points: [{ id: 'a', uuid: 'a', title: 'Bod A', type_code: 'custom', coordinates: [15, 50] }],
    });
    renderUi(<MapSearchPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat vyhledávací pozici' }));
    expect(useMapStore.getState().origin).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Odebrat body' }));
    expect(useMapStore.getState().points).toEqual([]);
    expect(useMapStore.getState().autoCenter).toBe(true);
  });
});
