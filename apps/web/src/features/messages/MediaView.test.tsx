import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi } from '../../test/utils';
import { MediaView } from './MediaView';
import { stubMediaFetch } from './testMessages';

beforeEach(() => {
  stubMediaFetch();
});

describe('MediaView', () => {
  it('jpg: a thumbnail of size small fetched with the bearer header', async () => {
    renderUi(<MediaView eventId={1} fileName="1-20250101_100000-X001.jpg" />);
    expect(screen.getByText('Nahrávám...')).toBeInTheDocument();
    expect(await screen.findByTestId('media-image')).toHaveAttribute('src', 'blob:media');
    const [url, init] = vi.mocked(fetch).mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v2/media/event/1/1-20250101_100000-X001.jpg?size=small');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });
  it('pdf: a download link', async () => {
    renderUi(<MediaView eventId={1} fileName="a.pdf" />);
    expect(await screen.findByTestId('media-pdf')).toHaveAttribute('download', 'a.pdf');
  });
  it('mp3 and aac: an audio player', async () => {
    renderUi(<MediaView eventId={1} fileName="a.aac" />);
    expect(await screen.findByTestId('media-audio')).toBeInTheDocument();
  });
  it('anything else: "Media není k dispozici"', () => {
    renderUi(<MediaView eventId={1} fileName="a.png" />);
    expect(screen.getByText('Media není k dispozici')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
