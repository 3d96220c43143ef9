/**
 * Iframe modal (001 §2): an external page inside the panel — the title, a close button, the page filling the
 * dialog and 'Nahrávám' over it until the iframe's load event. A page that refuses framing can still be opened
 * in a new window. Renders nothing while `url` is null or not an absolute http(s) URL; a page of the panel's
 * own origin is framed without `allow-same-origin` (framePolicy.ts).
 */
import { useState } from 'react';
import { Box, CircularProgress, Dialog, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { texts } from '@panel/domain/locale';
import { frameableUrl, frameSandbox } from './framePolicy';

export const IFRAME_MODAL_TEXTS = {
  close: 'Zavřít', // ours
  openInNewWindow: 'Otevřít v novém okně', // ours
} as const;

export interface IframeModalProps {
  /** the page; null keeps the modal closed */
  url: string | null;
  /** the dialog title (the url when not given) */
  title?: string;
  onClose: () => void;
}

/** The frame and its loading overlay; keyed by url so another page shows 'Nahrávám' again. */
function Frame({ url, title, sandbox }: { url: string; title: string; sandbox: string }) {
  const [loading, setLoading] = useState(true);
  return (
    <Box sx={{ position: 'relative', flex: 1, minHeight: 0, bgcolor: 'background.default' }}>
      <Box
        component="iframe"
        src={url}
        title={title}
        data-testid="iframe-modal-frame"
        onLoad={() => setLoading(false)}
        referrerPolicy="no-referrer"
        sandbox={sandbox}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, bgcolor: '#fff' }}
      />
      {loading && (
        <Stack
          data-testid="iframe-modal-loading"
          role="status"
          spacing={1.5}
          sx={{
            position: 'absolute',
            inset: 0,
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'background.paper',
          }}
        >
          <CircularProgress size={32} />
          <Typography variant="body2" color="text.secondary">
            {texts.media.iframeLoading}
          </Typography>
        </Stack>
      )}
    </Box>
  );
}

export function IframeModal({ url: raw, title, onClose }: IframeModalProps) {
  const parsed = frameableUrl(raw);
  const url = parsed ? raw : null;
  const heading = title ?? url ?? '';
  return (
    <Dialog
      open={url !== null}
      onClose={onClose}
      maxWidth="xl"
      fullWidth
      onClick={(e) => e.stopPropagation()}
      slotProps={{ paper: { sx: { height: '88vh', display: 'flex', flexDirection: 'column', overflow: 'hidden' } } }}
      aria-labelledby="iframe-modal-title"
      data-testid="iframe-modal"
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', pl: 2, pr: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography
          id="iframe-modal-title"
          variant="subtitle1"
          title={heading}
          sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {heading}
        </Typography>
        {url && (
          <Tooltip title={IFRAME_MODAL_TEXTS.openInNewWindow}>
            <IconButton
              aria-label={IFRAME_MODAL_TEXTS.openInNewWindow}
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={IFRAME_MODAL_TEXTS.close}>
          <IconButton aria-label={IFRAME_MODAL_TEXTS.close} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {url && parsed && <Frame key={url} url={url} title={heading} sandbox={frameSandbox(parsed)} />}
    </Dialog>
  );
}
