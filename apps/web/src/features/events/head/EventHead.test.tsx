import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderUi, resetStores } from '../../../test/utils';
import { useMuteStore } from '../../../stores/muteStore';
import { useUiStore } from '../../../stores/uiStore';
import { contact, event, job, loadBundle, loginUnitUser, resetListStores } from '../list/testFixtures';
import { EventHead } from './EventHead';

beforeEach(() => {
  resetStores();
  resetListStores();
  loginUnitUser(3);
});

describe('EventHead', () => {
  it('colours the icon by priority, else by category', () => {
    loadBundle();
    const { rerender } = renderUi(<EventHead event={event(1, { priorityId: 4, eventCategoryId: 1 })} />);
    expect(screen.getByTestId('event-icon')).toHaveAttribute('data-color', '#f44336');
    rerender(<EventHead event={event(2, { priorityId: null, eventCategoryId: 1 })} />);
    expect(screen.getByTestId('event-icon')).toHaveAttribute('data-color', '#d32f2f');
  });

  it('shows title, subtitle, description and the smart date', () => {
    loadBundle();
    const e = event(1, {
      start: '2025-03-10 08:05:00',
      header: {
        title: { value: 'Požár vagonu', class: 'text-danger' },
        subtitle: { value: 'Praha hl. n.', class: null },
        description: { value: 'Hoří nákladní vůz', class: null },
        overview: { value: null, class: null },
      },
    });
    renderUi(<EventHead event={e} now={new Date('2025-03-10T12:00:00+01:00')} />);
    expect(screen.getByText('Požár vagonu')).toHaveClass('text-danger');
    expect(screen.getByText('Praha hl. n.')).toBeInTheDocument();
    expect(screen.getByText('Hoří nákladní vůz')).toBeInTheDocument();
    expect(screen.getByTestId('smart-date')).toHaveTextContent('08:05');
  });

  it("shows 'Uzavřeno' for closed states and 'Smazáno' for state 6", () => {
    loadBundle();
    const { rerender } = renderUi(<EventHead event={event(1, { eventStateId: 5 })} />);
    expect(screen.getByText('Uzavřeno')).toBeInTheDocument();
    rerender(<EventHead event={event(1, { eventStateId: 6 })} />);
    expect(screen.getByText('Smazáno')).toBeInTheDocument();
    expect(screen.queryByText('Uzavřeno')).toBeNull();
    rerender(<EventHead event={event(1, { eventStateId: 1 })} />);
    expect(screen.queryByText('Smazáno')).toBeNull();
  });

  it("shows 'Ukončeno' for an open event with status 6 (ended, 000 §4); closing shows 'Uzavřeno' only", () => {
    loadBundle();
    const { rerender } = renderUi(<EventHead event={event(1, { eventStateId: 1, eventStatusId: 6 })} />);
    expect(screen.getByText('Ukončeno')).toBeInTheDocument();
    rerender(<EventHead event={event(1, { eventStateId: 5, eventStatusId: 11 })} />);
    expect(screen.queryByText('Ukončeno')).toBeNull();
    expect(screen.getByText('Uzavřeno')).toBeInTheDocument();
    rerender(<EventHead event={event(1, { eventStateId: 1, eventStatusId: 2 })} />);
    expect(screen.queryByText('Ukončeno')).toBeNull();
  });

  it('hides C_ tags from a unit user and shows them to the central base', () => {
    loadBundle();
    const e = event(1, { eventToTags: [3, 7] });
    const { unmount } = renderUi(<EventHead event={e} />);
    expect(screen.getByText('Zranění osob')).toBeInTheDocument();
    expect(screen.queryByText('Medializováno')).toBeNull();
    unmount();
    loginUnitUser(2);
    renderUi(<EventHead event={e} />);
    expect(screen.getByText('Medializováno')).toBeInTheDocument();
  });

  it('warns about a missing commander on a rescue event, not in state 14, not with a commander', () => {
    // the warning is gated by create EventContact (000 §6)
    loadBundle({ userPermissions: ['eventContact.create'] });
    const { rerender } = renderUi(<EventHead event={event(1, { eventCategoryId: 1 })} />);
    expect(screen.getByText('Určete kontakt na velitele zásahu')).toBeInTheDocument();
    rerender(<EventHead event={event(1, { eventCategoryId: 1, eventStateId: 14 })} />);
    expect(screen.queryByText('Určete kontakt na velitele zásahu')).toBeNull();
    rerender(<EventHead event={event(2, { eventCategoryId: 5 })} />);
    expect(screen.queryByText('Určete kontakt na velitele zásahu')).toBeNull();
  });

  it('lists commander contacts of a rescue event and Řešitel names of others', () => {
    loadBundle({
      eventContacts: [
        contact(1, 1, { contactTypeId: 22, title: 'Velitel zásahu', name: 'Novák' }),
        contact(2, 1, { name: 'Svědek' }),
      ],
    });
    const { rerender } = renderUi(<EventHead event={event(1, { eventCategoryId: 1 })} />);
    expect(screen.getByTestId('commanders')).toHaveTextContent('Velitel zásahu: Novák 602 123 456');
    expect(screen.queryByText('Určete kontakt na velitele zásahu')).toBeNull();
    rerender(<EventHead event={event(3, { eventCategoryId: 5, investigator: 'Dvořák', manager: 'Malá' })} />);
    expect(screen.getByTestId('resolvers')).toHaveTextContent('Řešitel: Dvořák, Malá');
  });

  it("shows at most 4 job tiles and '+N zobrazit', leaving out jobs at base (20)", () => {
    loadBundle({
      resources: [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `CAS ${id}`, baseCode: 'PHA' })) as never,
      eventJobs: [
        ...[1, 2, 3, 4, 5, 6].map((id) => job(id, 1, { eventJobStatusId: id === 1 ? 18 : 15 })),
        job(7, 1, { eventJobStatusId: 20 }),
      ],
    });
    renderUi(<EventHead event={event(1)} />);
    const tiles = screen.getAllByTestId('job-tile');
    expect(tiles).toHaveLength(4);
    expect(tiles[0]).toHaveTextContent('CAS 1PHA');
    expect(tiles[0]).toHaveAttribute('data-status', '18');
    expect(screen.getByText('+2 zobrazit')).toBeInTheDocument();
  });

  it('shows unread counts per conversation, the muted icon and the ETA box', () => {
    loadBundle();
    const e = event(1, {
      messages: { total: 9, unread: { 1: 3, 2: 0 } },
      eta: '2025-03-10 10:45:00',
      etaDuration: 600,
    });
    useMuteStore.getState().setMuted(e.uuid, true);
    renderUi(<EventHead event={e} />);
    expect(screen.getByTestId('unread-1')).toHaveTextContent('3');
    expect(screen.queryByTestId('unread-2')).toBeNull();
    expect(screen.getByTestId('muted-icon')).toBeInTheDocument();
    expect(screen.getByTestId('eta-box')).toHaveTextContent('ETA 10:45 (10 min)');
  });

  it('shows icons of the events linked into a category-17 event', () => {
    loadBundle({
      eventToEvent: [
        {
          id: 1,
          sourceEventId: 8,
          targetEventId: 1,
          sourceEvent: { id: 8, uuid: 'u8', code: 'E8', header: null as never, eventCategoryId: 1, eventStateId: 4 },
        },
      ],
    });
    renderUi(<EventHead event={event(1, { eventCategoryId: 17 })} />);
    const head = screen.getByTestId('event-head');
    expect(within(head).getAllByTestId('linked-event')).toHaveLength(1);
  });

  it('shows the target of a link whose source is the category-17 event', () => {
    loadBundle({
      events: [event(3, { eventCategoryId: 1 })],
      eventToEvent: [{ id: 2, sourceEventId: 6, targetEventId: 3, sourceEvent: null }],
    });
    renderUi(<EventHead event={event(6, { eventCategoryId: 17 })} />);
    expect(screen.getByTestId('linked-event')).toHaveAttribute('data-testid', 'linked-event');
    expect(screen.getByTitle('Událost 3')).toBeInTheDocument();
  });

  it('shows a parent the count of its children and opens them in the view dialog (issue 12 item 8)', () => {
    const child = (id: number, parentId: number | null) => ({
      id: 100 + id,
      sourceEventId: id,
      targetEventId: 1,
      sourceEvent: {
        id,
        uuid: `u${id}`,
        code: `E${id}`,
        header: null as never,
        eventCategoryId: 1,
        eventStateId: parentId ? 4 : 1,
        parentId,
      },
    });
    // two attached children and one plain link (not attached: not a child)
    loadBundle({ eventToEvent: [child(8, 1), child(9, 1), child(10, null)] });
    renderUi(<EventHead event={event(1, { eventCategoryId: 1 })} />);
    const chip = screen.getByTestId('event-children');
    expect(chip).toHaveAttribute('data-count', '2');
    expect(chip).toHaveTextContent('Připojené události: 2');
    chip.click();
    expect(useUiStore.getState()).toMatchObject({ eventViewUuid: 'uuid-1', eventViewTab: 1 });
  });

  it('shows no children chip on an event without children', () => {
    loadBundle();
    renderUi(<EventHead event={event(1, { eventCategoryId: 1 })} />);
    expect(screen.queryByTestId('event-children')).toBeNull();
  });
});
