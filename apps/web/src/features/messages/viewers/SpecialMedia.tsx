/**
 * The bubble's media of the special message types: X50 both thumbnails labelled 'Před' / 'Po' with a button
 * opening the comparison dialog (a thumbnail still opens the image viewer), X55 a wide thumbnail marked 360°
 * that opens the panorama viewer.
 */
import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import CompareIcon from '@mui/icons-material/Compare';
import ThreeSixtyIcon from '@mui/icons-material/ThreeSixty';
import { texts } from '@panel/domain/locale';
import { mediaUrl } from '../../../api/messages';
import { MediaView } from '../MediaView';
import { useMediaObjectUrl } from '../mediaCache';
import { CompareDialog } from './CompareDialog';
import { PanoramaViewer } from './PanoramaViewer';
import { VIEWER_TEXTS } from './texts';

interface Place {
  eventId: number;
  latitude: number | null;
  longitude: number | null;
}

const stop = (e: React.SyntheticEvent) => e.stopPropagation();

export function ComparisonMedia({
  eventId,
  before,
  after,
  latitude,
  longitude,
}: Place & { before: string; after: string }) {
  const [open, setOpen] = useState(false);
  const labelled = (name: string, label: string) => (
    <Stack spacing={0.25} sx={{ alignItems: 'center' }}>
      <MediaView eventId={eventId} fileName={name} images={[before, after]} latitude={latitude} longitude={longitude} />
      <Typography variant="caption" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {label}
      </Typography>
    </Stack>
  );
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="compare-media">
      <Stack direction="row" spacing={0.75}>
        {labelled(before, VIEWER_TEXTS.before)}
        {labelled(after, VIEWER_TEXTS.after)}
      </Stack>
      <Button
        size="small"
        variant="contained"
        color="secondary"
        startIcon={<CompareIcon />}
        onClick={(e) => (stop(e), setOpen(true))}
        onDoubleClick={stop}
        sx={{ whiteSpace: 'nowrap', width: 'calc(192px + 6px)', maxWidth: '100%' }}
      >
        {VIEWER_TEXTS.compare}
      </Button>
      {open && (
        <CompareDialog
          eventId={eventId}
          before={before}
          after={after}
          latitude={latitude}
          longitude={longitude}
          onClose={() => setOpen(false)}
        />
      )}
    </Stack>
  );
}

export function PanoramaMedia({ eventId, file, latitude, longitude }: Place & { file: string }) {
  const { src, loading, error } = useMediaObjectUrl(mediaUrl(eventId, file, 'small'));
  const [open, setOpen] = useState(false);
  if (error) {
    return (
      <Typography variant="caption" color="text.secondary" data-testid="media-unavailable">
        {texts.media.unavailable}
      </Typography>
    );
  }
  return (
    <>
      <Box
        role="button"
        tabIndex={0}
        aria-label={VIEWER_TEXTS.panoramaOpen}
        title={VIEWER_TEXTS.panoramaOpen}
        data-testid="panorama-thumb"
        onClick={(e) => (stop(e), setOpen(true))}
        onDoubleClick={stop}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
        sx={{
          position: 'relative',
          width: 192,
          height: 96,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          cursor: 'pointer',
          '&:hover .pano-badge, &:focus-visible .pano-badge': { bgcolor: 'secondary.main' },
        }}
      >
        {src && (
          <Box
            component="img"
            src={src}
            alt={file}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
        <Stack
          className="pano-badge"
          direction="row"
          spacing={0.5}
          sx={{
            position: 'absolute',
            left: 6,
            bottom: 6,
            px: 0.75,
            py: 0.25,
            borderRadius: 1,
            alignItems: 'center',
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
            transition: 'background-color 120ms',
          }}
        >
          <ThreeSixtyIcon sx={{ fontSize: 16 }} />
          <Typography variant="caption" sx={{ fontWeight: 600, lineHeight: 1 }}>
            360°
          </Typography>
        </Stack>
        {loading && (
          <Box
            sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.35)' }}
          >
            <Typography variant="caption" sx={{ color: '#fff' }}>
              {texts.media.loading}
            </Typography>
          </Box>
        )}
      </Box>
      {open && (
        <PanoramaViewer
          eventId={eventId}
          fileName={file}
          latitude={latitude}
          longitude={longitude}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
