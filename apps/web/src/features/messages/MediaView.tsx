/**
 * Media viewer (001 §4): by extension — jpg a thumbnail (size=small) that opens the image viewer, pdf a download
 * link, mp3/aac an audio player with a playing flag, anything else 'Media není k dispozici'; 'Nahrávám...' while
 * the file loads (files need the session header, so they come as object URLs).
 */
import { useState } from 'react';
import { Box, Link, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { texts } from '@panel/domain/locale';
import { mediaUrl } from '../../api/messages';
import { ImageViewer } from './ImageViewer';
import { useMediaObjectUrl } from './mediaCache';
import { mediaKind } from './rules';

export interface MediaViewProps {
  eventId: number;
  fileName: string | null;
  /** the message's images, for prev/next in the viewer */
  images?: string[];
  latitude?: number | null;
  longitude?: number | null;
}

function Loading() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.35)' }}>
      <Typography variant="caption" sx={{ color: '#fff' }}>
        {texts.media.loading}
      </Typography>
    </Box>
  );
}

function Unavailable() {
  return (
    <Typography variant="caption" color="text.secondary" data-testid="media-unavailable">
      {texts.media.unavailable}
    </Typography>
  );
}

function ImageThumb({ eventId, fileName, images, latitude, longitude }: MediaViewProps & { fileName: string }) {
  const { src, loading, error } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'small'));
  const [open, setOpen] = useState(false);
  if (error) return <Unavailable />;
  const list = images?.length ? images : [fileName];
  return (
    <Box
      sx={{ position: 'relative', width: 96, height: 72, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}
    >
      {src && (
        <Box
          component="img"
          src={src}
          alt={fileName}
          data-testid="media-image"
          onClick={(e) => (e.stopPropagation(), setOpen(true))}
          onDoubleClick={(e) => e.stopPropagation()}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', cursor: 'zoom-in', display: 'block' }}
        />
      )}
      {loading && <Loading />}
      {open && (
        <ImageViewer
          eventId={eventId}
          images={list}
          startIndex={Math.max(0, list.indexOf(fileName))}
          latitude={latitude ?? null}
          longitude={longitude ?? null}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}

function PdfLink({ eventId, fileName }: { eventId: number; fileName: string }) {
  const { src, loading, error } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'normal'));
  if (error) return <Unavailable />;
  return (
    <Box sx={{ position: 'relative', minHeight: 24, minWidth: 120 }}>
      <Link
        href={src ?? undefined}
        download={fileName}
        data-testid="media-pdf"
        onClick={(e) => e.stopPropagation()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        <PictureAsPdfIcon fontSize="small" />
        {fileName}
      </Link>
      {loading && <Loading />}
    </Box>
  );
}

function AudioPlayer({ eventId, fileName }: { eventId: number; fileName: string }) {
  const { src, loading, error } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'normal'));
  const [playing, setPlaying] = useState(false);
  if (error) return <Unavailable />;
  return (
    <Box sx={{ position: 'relative', minHeight: 40, minWidth: 240 }} data-playing={playing ? 1 : 0}>
      {src && (
        <audio
          controls
          src={src}
          data-testid="media-audio"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          style={{ width: 240 }}
        />
      )}
      {loading && <Loading />}
    </Box>
  );
}

export function MediaView(props: MediaViewProps) {
  const { fileName } = props;
  const kind = mediaKind(fileName);
  if (!fileName || kind === 'none') return <Unavailable />;
  if (kind === 'image') return <ImageThumb {...props} fileName={fileName} />;
  if (kind === 'pdf') return <PdfLink eventId={props.eventId} fileName={fileName} />;
  return <AudioPlayer eventId={props.eventId} fileName={fileName} />;
}
