/**
 * Image viewer (001 §2): the large image with zoom, rotate, reset, prev/next among the message's images and
 * download; the footer shows the coordinates (click copies) or 'bez souřadnic'.
 */
import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DownloadIcon from '@mui/icons-material/Download';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import { texts } from '@panel/domain/locale';
import { mediaUrl } from '../../api/messages';
import { copyCoordinates, formatCoordinates } from './clipboard';
import { useMediaObjectUrl } from './mediaCache';
import { MESSAGE_TEXTS } from './texts';

export interface ImageViewerProps {
  eventId: number;
  images: string[];
  startIndex: number;
  latitude: number | null;
  longitude: number | null;
  onClose: () => void;
}

const ZOOM_STEP = 1.25;

export function ImageViewer({ eventId, images, startIndex, latitude, longitude, onClose }: ImageViewerProps) {
  const [index, setIndex] = useState(startIndex);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const fileName = images[index] ?? images[0];
  const { src, loading } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'large'));
  const coordinates = formatCoordinates(latitude, longitude);
  const go = (step: number) => {
    setIndex((i) => (i + step + images.length) % images.length);
    setZoom(1);
    setRotation(0);
  };
  const tool = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      onClick={(e) => e.stopPropagation()}
      data-testid="image-viewer"
    >
      <Stack direction="row" sx={{ px: 1, pt: 1, alignItems: 'center' }}>
        {tool(MESSAGE_TEXTS.zoomIn, <ZoomInIcon />, () => setZoom((z) => z * ZOOM_STEP))}
        {tool(MESSAGE_TEXTS.zoomOut, <ZoomOutIcon />, () => setZoom((z) => z / ZOOM_STEP))}
        {tool(MESSAGE_TEXTS.rotate, <RotateRightIcon />, () => setRotation((r) => (r + 90) % 360))}
        {tool(MESSAGE_TEXTS.reset, <RestartAltIcon />, () => (setZoom(1), setRotation(0)))}
        {tool(MESSAGE_TEXTS.prev, <ChevronLeftIcon />, () => go(-1), images.length < 2)}
        {tool(MESSAGE_TEXTS.next, <ChevronRightIcon />, () => go(1), images.length < 2)}
        <Tooltip title={MESSAGE_TEXTS.download}>
          <span>
            <IconButton
              aria-label={MESSAGE_TEXTS.download}
              component="a"
              href={src ?? undefined}
              download={fileName}
              disabled={!src}
            >
              <DownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="caption" sx={{ ml: 'auto', mr: 1 }}>
          {images.length > 1 ? `${index + 1} / ${images.length} · ` : ''}
          {fileName}
        </Typography>
      </Stack>
      <DialogContent
        sx={{ height: '70vh', overflow: 'auto', display: 'grid', placeItems: 'center', bgcolor: 'grey.900' }}
      >
        {loading && <Typography sx={{ color: '#fff' }}>{texts.media.loading}</Typography>}
        {src && (
          <Box
            component="img"
            src={src}
            alt={fileName}
            sx={{
              maxWidth: '100%',
              maxHeight: '100%',
              transform: `scale(${zoom}) rotate(${rotation}deg)`,
              transition: 'transform 120ms',
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        {coordinates ? (
          <Button size="small" onClick={() => void copyCoordinates(coordinates)}>
            {coordinates}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ pl: 1 }}>
            {texts.media.noCoordinates}
          </Typography>
        )}
        <Button onClick={onClose}>{MESSAGE_TEXTS.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
