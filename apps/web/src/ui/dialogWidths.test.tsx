/**
 * 001 §9 "Dialog widths 400, 500, 640, 700, 720, 1100. Tab icon size 29." (issue 24 item 19): the dialogs take
 * their paper's width from the list, the sidebar's tab buttons draw their icons at 29 px.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DIALOG_WIDTHS, TAB_ICON_SIZE } from '@panel/domain/constants';
import { useAuthStore } from '../stores/authStore';
import { useEntitiesStore } from '../stores/entitiesStore';
import { makeEvent } from '../test/factories';
import { demoLogin, mockFetch, renderUi, resetStores } from '../test/utils';
import { MergeDialog } from '../features/events/dialogs/MergeDialog';
import { JournalDialog } from '../features/events/dialogs/JournalDialog';
import { Sidebar } from '../features/shell/Sidebar';
import { DIALOG_WIDTH } from './dialogWidths';

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  useAuthStore.getState().setDevice(demoLogin.devices[0]);
});

const paperOf = () => document.querySelector('.MuiDialog-paper') as HTMLElement;

describe('dialog widths', () => {
  it('the named widths are exactly the list of 001 §9', () => {
    expect(Object.values(DIALOG_WIDTH).sort((a, b) => a - b)).toEqual([...DIALOG_WIDTHS]);
    expect(DIALOG_WIDTHS).toEqual([400, 500, 640, 700, 720, 1100]);
  });

  it('a confirmation is 400 px wide at most, the journal 1100', () => {
    const target = makeEvent(4, { targetLatitude: 50, targetLongitude: 14 });
    const { unmount } = renderUi(
      <MergeDialog offer={{ target, distance: 12 }} onAccept={() => undefined} onBack={() => undefined} />,
    );
    expect(getComputedStyle(paperOf()).maxWidth).toBe('400px');
    unmount();
    mockFetch({ 'GET /v2/events/journal/4': () => ({ status: 404, body: { message: 'x' } }) });
    renderUi(<JournalDialog eventId={4} onClose={() => undefined} />);
    expect(getComputedStyle(paperOf()).maxWidth).toBe('1100px');
  });
});

describe('tab icon size', () => {
  it("the sidebar's tab buttons draw their icons at 29 px", () => {
    useEntitiesStore.getState().applyBundle({ resetData: true, uid: 'e.1', events: [makeEvent(1)] });
    renderUi(<Sidebar />);
    const icons = screen.getAllByTestId(/Icon$/);
    expect(icons.length).toBeGreaterThan(0);
    expect(TAB_ICON_SIZE).toBe(29);
    for (const icon of icons) expect(getComputedStyle(icon).fontSize).toBe('29px');
  });
});
