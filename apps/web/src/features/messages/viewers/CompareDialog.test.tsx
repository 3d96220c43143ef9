import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../../stores/authStore';
import { demoLogin, renderUi, resetStores } from '../../../test/utils';
import { CompareDialog, sliderKey } from './CompareDialog';

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => new Response(url, { status: 200 })),
  );
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:media-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

async function open() {
  renderUi(<CompareDialog eventId={4} before="a.jpg" after="b.jpg" onClose={() => {}} />);
  return screen.findByRole('slider', { name: 'Poloha děliče porovnání' });
}

describe('CompareDialog', () => {
  it('lays the before image over the after image, labelled Před and Po, divider in the middle', async () => {
    const slider = await open();
    expect(screen.getByTestId('compare-before')).toHaveAttribute('alt', 'Před: a.jpg');
    expect(screen.getByTestId('compare-after')).toHaveAttribute('alt', 'Po: b.jpg');
    expect(screen.getByText('Před')).toBeInTheDocument();
    expect(screen.getByText('Po')).toBeInTheDocument();
    expect(slider).toHaveAttribute('aria-valuenow', '50');
    const urls = vi.mocked(fetch).mock.calls.map((c) => c[0]);
    expect(urls).toEqual(['/v2/media/event/4/a.jpg?size=large', '/v2/media/event/4/b.jpg?size=large']);
  });

  it('the keyboard moves the divider: arrows 1 %, Shift 10 %, Home/End the edges', async () => {
    const slider = await open();
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '52');
    await userEvent.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '51');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(slider).toHaveAttribute('aria-valuenow', '41');
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByText('Po')).toBeNull(); // nothing of the after image shows
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    await userEvent.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
  });

  it('the pointer drags the divider', async () => {
    const slider = await open();
    const stage = screen.getByTestId('compare-stage');
    stage.getBoundingClientRect = () => ({ left: 100, width: 400, top: 0, height: 300 }) as DOMRect;
    fireEvent.pointerDown(stage, { clientX: 200, button: 0, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.pointerMove(stage, { clientX: 400, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    fireEvent.pointerUp(stage, { pointerId: 1 });
    fireEvent.pointerMove(stage, { clientX: 150, pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
  });

  it('sliderKey ignores other keys', () => {
    expect(sliderKey(50, 'a')).toBeNull();
    expect(sliderKey(95, 'PageUp')).toBe(100);
  });
});
