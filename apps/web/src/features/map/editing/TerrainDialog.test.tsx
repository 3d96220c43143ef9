/** The terrain dialog (001 §4, §5): choose, the event attribute is updated, then the pending action runs. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { mockFetch, renderUi, resetStores } from '../../../test/utils';
import { useEditingStore } from './editingStore';
import { TerrainDialog } from './TerrainDialog';

const terrains = {
  1: { id: 1, code: 'N', name: 'Neurčeno', icon: null },
  2: { id: 2, code: 'T', name: 'Tunel', icon: null },
  3: { id: 3, code: 'M', name: 'Most', icon: null },
};

beforeEach(() => {
  resetStores();
  useEditingStore.getState().reset();
  useEntitiesStore.setState({ eventTerrains: terrains });
});
afterEach(() => vi.unstubAllGlobals());

describe('TerrainDialog', () => {
  it('saved event: PUT eventTerrainId with the version, then the pending action', async () => {
    const event = makeEvent(10, { eventTerrainId: 1, version: 4 });
    useEntitiesStore.setState({ events: { 10: event } });
    const order: string[] = [];
    const { calls } = mockFetch({
      'PUT /v2/events/10': () => {
        order.push('put');
        return { status: 200, body: { ...event, eventTerrainId: 2, version: 5 } };
      },
    });
    const pending = vi.fn(() => void order.push('pending'));
    useEditingStore.getState().set({ terrain: { eventUuid: 'uuid-10', editable: true, pending } });
    renderUi(<TerrainDialog />);
    expect(screen.getByRole('button', { name: 'Neurčeno' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Tunel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    await waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['put', 'pending']);
    expect(calls[0].body).toEqual({ eventTerrainId: 2, version: 4 });
    expect(useEntitiesStore.getState().events[10].eventTerrainId).toBe(2);
    expect(useEditingStore.getState().terrain).toBeNull();
  });

  it('choice disabled when eventTerrainId is not editable; Pokračovat runs the action without a PUT', async () => {
    useEntitiesStore.setState({ events: { 10: makeEvent(10, { eventTerrainId: 1 }) } });
    const { calls } = mockFetch({});
    const pending = vi.fn();
    useEditingStore.getState().set({ terrain: { eventUuid: 'uuid-10', editable: false, pending } });
    renderUi(<TerrainDialog />);
    expect(screen.getByRole('button', { name: 'Tunel' })).toBeDisabled();
    expect(screen.getByText('Charakter místa této události nelze měnit.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    await waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
    expect(calls).toHaveLength(0);
  });

  it('a local event is changed in the UI store; Zrušit drops the pending action', async () => {
    const local = useUiStore.getState().createLocalEvent({});
    const pending = vi.fn();
    useEditingStore.getState().set({ terrain: { eventUuid: local.uuid, editable: true, pending } });
    renderUi(<TerrainDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Most' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    await waitFor(() => expect(pending).toHaveBeenCalled());
    expect(useUiStore.getState().localEvents[local.uuid].eventTerrainId).toBe(3);

    const other = vi.fn();
    useEditingStore.getState().set({ terrain: { eventUuid: local.uuid, editable: true, pending: other } });
    fireEvent.click(await screen.findByRole('button', { name: 'Zrušit' }));
    await waitFor(() => expect(useEditingStore.getState().terrain).toBeNull());
    expect(other).not.toHaveBeenCalled();
  });

  it('a failed PUT keeps the dialog open and does not run the action', async () => {
    useEntitiesStore.setState({ events: { 10: makeEvent(10, { eventTerrainId: 1, version: 1 }) } });
    mockFetch({
      'PUT /v2/events/10': () => ({ status: 403, body: { message: 'Zamítnuto', field: 'eventTerrainId' } }),
    });
    const pending = vi.fn();
    useEditingStore.getState().set({ terrain: { eventUuid: 'uuid-10', editable: true, pending } });
    renderUi(<TerrainDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Most' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pokračovat' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pokračovat' })).toBeEnabled());
    expect(pending).not.toHaveBeenCalled();
    expect(useEditingStore.getState().terrain).not.toBeNull();
  });
});
