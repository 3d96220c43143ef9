import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '../../stores/authStore';
import { demoLogin, renderUi, resetStores } from '../../test/utils';
import { ImageViewer } from './ImageViewer';

const IMAGES = ['1-20250101_100000-X001.jpg', '1-20250101_100001-X001.jpg', '1-20250101_100002-X001.jpg'];

function open(props: Partial<Parameters<typeof ImageViewer>[0]> = {}) {
  const onClose = vi.fn();
  renderUi(
    <ImageViewer
      eventId={1}
      images={IMAGES}
      startIndex={1}
      latitude={50.1}
      longitude={14.4}
      onClose={onClose}
      {...props}
    />,
  );
  return { onClose };
}

const image = () => screen.getByTestId('image-viewer-image');
/** a plain click (no hover, so no tooltips): the toolbar is pressed many times */
const press = async (name: string) => fireEvent.click(screen.getByRole('button', { name }));

beforeEach(() => {
  resetStores();
  useAuthStore.getState().login(demoLogin);
  let n = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('x', { status: 200 })),
  );
  URL.createObjectURL = vi.fn(() => `blob:media-${++n}`);
  URL.revokeObjectURL = vi.fn();
});

describe('ImageViewer', () => {
  it('shows the large image of the chosen file, fetched with the session', async () => {
    open();
    expect(screen.getByText('Nahrávám...')).toBeInTheDocument();
    expect(await screen.findByTestId('image-viewer-image')).toHaveAttribute('alt', IMAGES[1]);
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe(`/v2/media/event/1/${IMAGES[1]}?size=large`);
    expect(screen.getByTestId('image-viewer-caption')).toHaveTextContent(`2 / 3 · ${IMAGES[1]}`);
  });

  it('zooms, rotates, flips both ways and resets', async () => {
    open();
    await screen.findByTestId('image-viewer-image');
    await press('Přiblížit');
    await press('Přiblížit');
    expect(image()).toHaveAttribute('data-zoom', '1.5625');
    expect(screen.getByTestId('image-viewer-caption')).toHaveTextContent('156 %');
    await press('Oddálit');
    expect(image()).toHaveAttribute('data-zoom', '1.25');
    await press('Otočit');
    expect(image()).toHaveAttribute('data-rotation', '90');
    expect(image().style.transform).toContain('rotate(90deg)');
    await press('Převrátit vodorovně');
    expect(image()).toHaveAttribute('data-flip-x', '1');
    expect(image().style.transform).toContain('scale(-1, 1) rotate(90deg)');
    await press('Převrátit svisle');
    expect(image()).toHaveAttribute('data-flip-y', '1');
    expect(image().style.transform).toContain('scale(-1, -1) rotate(90deg)');
    // mirrored twice (a half turn): a clockwise turn stays clockwise
    await press('Otočit');
    expect(image()).toHaveAttribute('data-rotation', '180');
    await press('Převrátit vodorovně');
    await press('Otočit');
    expect(image()).toHaveAttribute('data-rotation', '90'); // mirrored once: inner rotation runs back
    await press('Obnovit');
    expect(image()).toHaveAttribute('data-zoom', '1');
    expect(image()).toHaveAttribute('data-rotation', '0');
    expect(image()).toHaveAttribute('data-flip-x', '0');
    expect(image()).toHaveAttribute('data-flip-y', '0');
  }, 15_000);

  it('prev/next walk the message images round and reset the view; arrows too', async () => {
    open();
    await screen.findByTestId('image-viewer-image');
    await press('Otočit');
    await press('Další');
    expect(await screen.findByAltText(IMAGES[2])).toBeInTheDocument();
    expect(image()).toHaveAttribute('data-rotation', '0');
    await press('Další');
    expect(await screen.findByAltText(IMAGES[0])).toBeInTheDocument();
    await press('Předchozí');
    expect(await screen.findByAltText(IMAGES[2])).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByAltText(IMAGES[1])).toBeInTheDocument();
  }, 15_000);

  it('prev/next are disabled for one image', async () => {
    open({ images: [IMAGES[0]], startIndex: 0 });
    await screen.findByTestId('image-viewer-image');
    expect(screen.getByRole('button', { name: 'Další' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Předchozí' })).toBeDisabled();
  });

  it('download: a link that saves the original file under its name', async () => {
    open();
    await screen.findByTestId('image-viewer-image');
    const link = screen.getByRole('link', { name: 'Stáhnout' });
    expect(link).toHaveAttribute('download', IMAGES[1]);
    await userEvent.click(link);
    await waitFor(() => expect(link.getAttribute('href')).toMatch(/^blob:media-/));
    expect(vi.mocked(fetch).mock.calls.map((c) => c[0])).toContain(`/v2/media/event/1/${IMAGES[1]}`);
  });

  it('a click on the coordinates copies them: "Souřadnice zkopírovány do paměti"', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: '50.100000, 14.400000' }));
    expect(await screen.findByText('Souřadnice zkopírovány do paměti')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('50.100000, 14.400000');
  });

  it('without coordinates: "bez souřadnic"', () => {
    open({ latitude: null, longitude: null });
    expect(screen.getByText('bez souřadnic')).toBeInTheDocument();
  });

  it('closes', async () => {
    const { onClose } = open();
    await press('Zavřít');
    expect(onClose).toHaveBeenCalled();
  });
});
