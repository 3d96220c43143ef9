import { useRef, useState } from 'react';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useAppStore } from '../../stores/appStore';
import { t } from '../../texts';
import { useIsMobile } from '../../ui/useIsMobile';
import { AlertBell } from '../alerts/AlertBell';
import { EnvChip } from '../auth/EnvChip';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { HeaderClock } from './HeaderClock';
import { OptionsMenu } from './OptionsMenu';
import { UserCard } from './UserCard';
import { useHeaderTitle } from './useHeaderTitle';

function toggleFullscreen() {
  const doc = document;
  const request = doc.fullscreenElement ? doc.exitFullscreen?.() : doc.documentElement.requestFullscreen?.();
  void request?.catch((error: unknown) => console.warn('[shell] fullscreen refused', error));
}

export function Header() {
  const { title, subtitle } = useHeaderTitle();
  const newVersion = useAppStore((s) => s.newVersion);
  const mobile = useIsMobile();
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const moreButton = useRef<HTMLButtonElement | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const onFullscreen = () => {
    toggleFullscreen();
    setFullscreen(!document.fullscreenElement);
  };

  return (
    <AppBar position="static" color="default" elevation={0} sx={{ bgcolor: '#1b1f24', color: '#fff', zIndex: 2 }}>
      {/* on a phone (390 px) the title keeps the room: the clock's time, the user, reload and fullscreen
          buttons move into 'Další možnosti', which stays the last, always reachable button */}
      <Toolbar variant="dense" sx={{ gap: mobile ? 0.5 : 1, minHeight: 48, px: mobile ? 1 : undefined }}>
        <Box sx={{ minWidth: 0, flexGrow: 1, lineHeight: 1.1 }}>
          <Typography component="h1" sx={{ fontWeight: 600, fontSize: mobile ? 15 : 16 }} noWrap>
            {title}
          </Typography>
          <Typography data-testid="header-subtitle" sx={{ fontSize: 12, opacity: 0.7 }} noWrap>
            {subtitle}
          </Typography>
        </Box>
        <EnvChip />
        <HeaderClock compact={mobile} />
        <AlertBell />
        {!mobile && (
          <>
            <Tooltip title={t.shell.user}>
              <IconButton color="inherit" aria-label={t.shell.user} onClick={(e) => setUserAnchor(e.currentTarget)}>
                <AccountCircleIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={newVersion ? t.shell.newVersion : t.shell.reload}>
              <IconButton
                aria-label={t.shell.reload}
                data-new-version={newVersion ? 'true' : undefined}
                onClick={() => window.location.reload()}
                sx={{ color: newVersion ? 'error.main' : 'inherit' }}
              >
                <RefreshIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title={t.shell.fullscreen}>
              <IconButton color="inherit" aria-label={t.shell.fullscreen} onClick={onFullscreen}>
                {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
              </IconButton>
            </Tooltip>
          </>
        )}
        <Tooltip title={t.shell.more}>
          <IconButton
            ref={moreButton}
            color="inherit"
            aria-label={t.shell.more}
            // a new version is announced on the phone too, where the reload button is inside the menu
            sx={{ color: mobile && newVersion ? 'error.main' : 'inherit', flexShrink: 0 }}
            onClick={(e) => setMoreAnchor(e.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      <UserCard
        anchorEl={userAnchor}
        onClose={() => setUserAnchor(null)}
        onChangePassword={() => {
          setUserAnchor(null);
          setPasswordOpen(true);
        }}
      />
      <OptionsMenu
        anchorEl={moreAnchor}
        onClose={() => setMoreAnchor(null)}
        headerActions={
          mobile ? { onUser: () => setUserAnchor(moreButton.current), onFullscreen, fullscreen } : undefined
        }
      />
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </AppBar>
  );
}
