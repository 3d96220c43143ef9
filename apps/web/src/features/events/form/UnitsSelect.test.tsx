import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/authStore';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useUiStore } from '../../../stores/uiStore';
import { makeEvent } from '../../../test/factories';
import { demoLogin, renderUi, resetStores } from '../../../test/utils';
import { EventDetailPanel } from '../detail/EventDetailPanel';
import { categoryInput, eventCategory } from '@panel/domain/events/testing';

const base = (id: number) => ({
  id,
  uid: `b${id}`,
  code: `J${id}`,
  name: `Jednotka ${id}`,
  baseCategoryId: 1,
  longitude: null,
  latitude: null,
});
const unitsInput = categoryInput({ label: 'Jednotky', sort: 1 });
const category = eventCategory(5, {
  inputs: { eventToBase: unitsInput },
  actions: {},
});

function showEventWithUnits(units: number[]) {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    userPermissions: ['event.update'],
    eventCategories: [category],
    bases: [1, 2, 3, 4, 5, 6, 7].map(base),
    events: [makeEvent(9, { baseId: 3, eventToBase: units, version: 1 })],
  });
  useUiStore.getState().setActiveEvent('uuid-9');
  renderUi(<EventDetailPanel />);
  return screen.getByRole('combobox', { name: /Jednotky/ });
}

describe("unit chips: four, then '(+N)' (000 §9)", () => {
  beforeEach(() => resetStores());

  it('shows the first four units as chips and the rest as (+N)', () => {
    const select = showEventWithUnits([1, 2, 3, 4, 5, 6]);
    expect(within(select).getAllByText(/^J\d$/)).toHaveLength(4);
    expect(within(select).getByTestId('units-more')).toHaveTextContent('(+2)');
  });

  it('four units or fewer: chips only', () => {
    const select = showEventWithUnits([1, 2, 3, 4]);
    expect(within(select).getAllByText(/^J\d$/)).toHaveLength(4);
    expect(within(select).queryByTestId('units-more')).not.toBeInTheDocument();
  });
});
