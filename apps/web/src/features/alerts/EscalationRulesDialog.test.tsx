/**
 * 'Eskalace upozornění' (issue 25 item 3) through the shared record editor (ui/useRecordEditor): the rules read
 * when it opens, a rule edited and saved with PUT (the list read again), a refused save showing the server's
 * Czech message under its field and changing nothing, and a removal.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EscalationRule } from '@panel/domain/alerts';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { mockFetch, renderUi, resetStores } from '../../test/utils';
import { EscalationRulesDialog } from './EscalationRulesDialog';

const URL = '/v2/alerts/escalation-rules';
const rule = (over: Partial<EscalationRule> = {}): EscalationRule => ({
  id: 7,
  categoryId: 3,
  baseId: null,
  t1: 30,
  t2: 90,
  t3: 150,
  enabled: true,
  smsNumbers: ['601123456'],
  updatedAt: '2026-11-28T10:00:00Z',
  ...over,
});

beforeEach(() => {
  resetStores();
  useEntitiesStore.setState({
    eventCategories: { 3: { id: 3, name: 'Událost KOPIS', alert: 1 } } as never,
    bases: { 2: { id: 2, name: 'Stanice HZS SŽ Praha' } } as never,
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('EscalationRulesDialog', () => {
  it('edits a rule and saves it with PUT; the list is read again', async () => {
    let rules = [rule()];
    const { calls } = mockFetch({
      [`GET ${URL}`]: () => ({ status: 200, body: { rules, defaults: { t1: 60, t2: 120, t3: 180 } } }),
      [`PUT ${URL}/7`]: (init) => {
        const body = JSON.parse(String(init.body)) as Partial<EscalationRule>;
        rules = [rule({ t1: body.t1 })];
        return { status: 200, body: rules[0] };
      },
    });
    renderUi(<EscalationRulesDialog open onClose={() => undefined} />);
    const list = await screen.findByTestId('escalation-rules');
    await within(list).findByText('Událost KOPIS · Všechny základny');
    fireEvent.click(within(list).getByRole('button', { name: 'Upravit' }));
    const t1 = screen.getByTestId('escalation-t1');
    expect(t1).toHaveValue(30);
    fireEvent.change(t1, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    await within(list).findByText(/^45 s \/ 90 s \/ 150 s/);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      categoryId: 3,
      baseId: null,
      t1: 45,
      t2: 90,
      t3: 150,
      smsNumbers: ['601123456'],
    });
    expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('escalation-t1')).toHaveValue(60)); // a new rule's form again
  });

  it('a refused save shows the Czech message under its field; removing a rule reads the list again', async () => {
    let rules = [rule()];
    mockFetch({
      [`GET ${URL}`]: () => ({ status: 200, body: { rules, defaults: { t1: 60, t2: 120, t3: 180 } } }),
      [`POST ${URL}`]: () => ({
        status: 422,
        body: [{ field: 't2', message: 'Centrální dispečink (s) musí být později než Znovu zaznít (s).' }],
      }),
      [`DELETE ${URL}/7`]: () => {
        rules = [];
        return { status: 200, body: { result: true } };
      },
    });
    renderUi(<EscalationRulesDialog open onClose={() => undefined} />);
    const list = await screen.findByTestId('escalation-rules');
    await within(list).findByText('Událost KOPIS · Všechny základny');
    fireEvent.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(
      await screen.findByText('Centrální dispečink (s) musí být později než Znovu zaznít (s).'),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: 'Smazat' }));
    await waitFor(() => expect(within(list).queryAllByRole('listitem')).toHaveLength(0));
  });
});
