/**
 * The mobile photo button (000 §2): offers the camera or the gallery (no `capture` attribute, which would
 * force the camera) and sends the photo, scaled to at most
 * 1900 px, as X22. Shown on touch devices, where the paper clip is not the natural way to take a photo.
 */
import { useRef, useState } from 'react';
import { CircularProgress, IconButton, Tooltip } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { sendPhoto, type CaptureTarget } from './sendCapture';
import { CAPTURE_TEXTS } from './texts';

export function PhotoButton({ target }: { target: CaptureTarget }) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState(false);

  async function onPick(list: FileList | null) {
    const files = [...(list ?? [])];
    if (inputRef.current) inputRef.current.value = '';
    if (!files.length) return;
    setBusy(true);
    try {
      for (const file of files) await sendPhoto(target, file);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Tooltip title={CAPTURE_TEXTS.photo}>
        <span>
          <IconButton
            aria-label={CAPTURE_TEXTS.photo}
            data-testid="photo-button"
            disabled={busy}
            onClick={() => inputRef.current?.click()}
          >
            {busy ? <CircularProgress size={20} /> : <PhotoCameraIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept="image/*"
        data-testid="photo-input"
        onChange={(e) => void onPick(e.target.files)}
      />
    </>
  );
}
