import { useState } from 'react';
import { Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Switch, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BugReportIcon from '@mui/icons-material/BugReport';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import FilterListIcon from '@mui/icons-material/FilterList';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import MicIcon from '@mui/icons-material/Mic';
import PhonelinkSetupIcon from '@mui/icons-material/PhonelinkSetup';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import WifiTetheringIcon from '@mui/icons-material/WifiTethering';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import AssignmentIcon from '@mui/icons-material/Assignment';
import { canManageEscalation, escalationTexts } from '@panel/domain/alerts';
import { EscalationRulesDialog } from '../alerts/EscalationRulesDialog';
import { canManageRunCards, runCardTexts } from '@panel/domain/runCards';
import { RunCardsDialog } from '../runCards/RunCardsDialog';
import { canViewReports, reportTexts } from '@panel/domain/reports';
import { ReportsDialog } from '../reports/LazyReports';
import { useAuthStore } from '../../stores/authStore';
import { AppLogDialog } from '../logs/appLog/AppLogDialog';
import { APPLOG_TEXTS } from '../logs/appLog/texts';
import { DevicesDialog } from '../devices/DevicesDialog';
import { MicTestDialog } from '../devices/MicTestDialog';
import { DEVICE_TEXTS, MIC_TEXTS } from '../devices/texts';
import { useAppStore } from '../../stores/appStore';
import { useListStore } from '../../stores/listStore';
import { useUiStore } from '../../stores/uiStore';
import { useSetupStore } from '../../stores/setupStore';
import { useAbility } from '../../stores/useAbility';
import { t } from '../../texts';

/** The header's own buttons, offered in the menu on a phone where the header has room for the bell and this menu only. */
export interface HeaderActions {
  onUser: () => void;
  onFullscreen: () => void;
  fullscreen: boolean;
}

/**
 * 'Filtery událostí': the event list comes into view (as a click on Events: the list, no active event) with
 * its custom filter dialog open — the dialog lives with the list it filters.
 */
export function openEventFilters(): void {
  useUiStore.setState({ sidebar: 'event', sidebarOpen: true, activeEventUuid: null });
  useListStore.getState().setCustomOpen(true);
}

/**
 * 'Další možnosti' (001 §2): device management (manage Device), the microphone test and the send-on-Enter
 * switch (manage Message), and for every user the application log and the pubsub (realtime) status; the
 * debug tools need view Debug: 'Filtery událostí' and the Debug Bar switch. Reading (issue 12 item 17): the
 * application log of one's own device and the connection status are support tools, not debugging ones — the server takes any session's own state log
 * and the panel sends it by itself past 100 errors —, so the view-only group MNG gets a menu that is not empty.
 * On a phone (`headerActions`) the header's user, reload and fullscreen buttons come first in the menu. At the
 * bottom, in small grey text, the server's release 'Verze 1.0.0 (abc1234)' (issue 23: what support asks first).
 */
export function OptionsMenu({
  anchorEl,
  onClose,
  headerActions,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  headerActions?: HeaderActions;
}) {
  const ability = useAbility();
  const sendOnEnter = useSetupStore((s) => s.sendOnEnter);
  const setSendOnEnter = useSetupStore((s) => s.setSendOnEnter);
  const devPanelVisible = useSetupStore((s) => s.devPanel.visible);
  const setDevPanel = useSetupStore((s) => s.setDevPanel);
  const realtimeStatus = useAppStore((s) => s.realtimeStatus);
  const realtimeError = useAppStore((s) => s.realtimeError);
  const newVersion = useAppStore((s) => s.newVersion);
  const release = useAppStore((s) => s.release);
  const canMessage = ability.can('manage', 'Message');
  const canDebug = ability.can('view', 'Debug');
  const canDevices = ability.can('manage', 'Device');
  const user = useAuthStore((s) => s.user);
  // the escalation rules of unaccepted alerts (issue 25 item 3): role admin or manage Escalation
  const canEscalation = !!user && canManageEscalation(ability, user);
  // the run cards (issue 26 item 1): role admin
  const canRunCards = canManageRunCards(user);
  // 'Časy zásahů' (issue 26 item 2): MNG, the central base and the units (their own vehicles); domain reportScope
  const canReports = !!user && canViewReports(ability, user);
  type Which = 'devices' | 'mic' | 'applog' | 'escalation' | 'runCards' | 'reports';
  const [dialog, setDialog] = useState<Which | null>(null);
  const openDialog = (which: Which) => {
    onClose();
    setDialog(which);
  };

  const items = [];
  if (headerActions) {
    items.push(
      <MenuItem
        key="user"
        onClick={() => {
          onClose();
          headerActions.onUser();
        }}
      >
        <ListItemIcon>
          <AccountCircleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t.shell.user} />
      </MenuItem>,
      <MenuItem
        key="reload"
        data-new-version={newVersion ? 'true' : undefined}
        onClick={() => window.location.reload()}
      >
        <ListItemIcon sx={{ color: newVersion ? 'error.main' : undefined }}>
          <RefreshIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t.shell.reload} secondary={newVersion ? t.shell.newVersion : undefined} />
      </MenuItem>,
      <MenuItem
        key="fullscreen"
        onClick={() => {
          onClose();
          headerActions.onFullscreen();
        }}
      >
        <ListItemIcon>
          {headerActions.fullscreen ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}
        </ListItemIcon>
        <ListItemText primary={t.shell.fullscreen} />
      </MenuItem>,
      <Divider key="header-divider" />,
    );
  }
  if (canDevices) {
    items.push(
      <MenuItem key="devices" onClick={() => openDialog('devices')}>
        <ListItemIcon>
          <PhonelinkSetupIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={DEVICE_TEXTS.menuItem} />
      </MenuItem>,
    );
  }
  if (canEscalation) {
    items.push(
      <MenuItem key="escalation" onClick={() => openDialog('escalation')} data-testid="menu-escalation">
        <ListItemIcon>
          <TrendingUpIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={escalationTexts.menu} />
      </MenuItem>,
    );
  }
  if (canRunCards) {
    items.push(
      <MenuItem key="runCards" onClick={() => openDialog('runCards')} data-testid="menu-run-cards">
        <ListItemIcon>
          <AssignmentIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={runCardTexts.menu} />
      </MenuItem>,
    );
  }
  if (canReports) {
    items.push(
      <MenuItem key="reports" onClick={() => openDialog('reports')} data-testid="menu-reports">
        <ListItemIcon>
          <AssessmentIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={reportTexts.menuItem} />
      </MenuItem>,
    );
  }
  if (canMessage) {
    items.push(
      <MenuItem key="mic" onClick={() => openDialog('mic')}>
        <ListItemIcon>
          <MicIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={MIC_TEXTS.title} />
      </MenuItem>,
    );
  }
  if (canMessage) {
    items.push(
      // the label wraps (a phone's menu is narrower than the text) instead of running under the switch
      <MenuItem key="enter" onClick={() => setSendOnEnter(!sendOnEnter)} sx={{ whiteSpace: 'normal' }}>
        <ListItemIcon>
          <KeyboardReturnIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t.shell.sendOnEnter} secondary={t.shell.sendOnEnterHint} />
        <Switch
          edge="end"
          checked={sendOnEnter}
          slotProps={{ input: { 'aria-label': t.shell.sendOnEnter } }}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => setSendOnEnter(e.target.checked)}
        />
      </MenuItem>,
    );
  }
  items.push(
    <MenuItem key="applog" onClick={() => openDialog('applog')}>
      <ListItemIcon>
        <SendIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText primary={APPLOG_TEXTS.menuItem} />
    </MenuItem>,
    <MenuItem key="pubsub" disableRipple>
      <ListItemIcon>
        <WifiTetheringIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText
        primary={t.shell.pubsub}
        secondary={realtimeError ? `${t.realtime[realtimeStatus]} (${realtimeError})` : t.realtime[realtimeStatus]}
        data-testid="pubsub-status"
      />
    </MenuItem>,
  );
  if (canDebug) {
    items.push(
      <ListSubheader key="debug-header">Debug</ListSubheader>,
      <MenuItem
        key="filters"
        onClick={() => {
          onClose();
          openEventFilters();
        }}
      >
        <ListItemIcon>
          <FilterListIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t.shell.eventFilters} />
      </MenuItem>,
      <MenuItem key="debugbar" onClick={() => setDevPanel({ visible: !devPanelVisible })}>
        <ListItemIcon>
          <BugReportIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t.shell.debugBar} />
        <Switch
          edge="end"
          checked={devPanelVisible}
          slotProps={{ input: { 'aria-label': t.shell.debugBar } }}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => setDevPanel({ visible: e.target.checked })}
        />
      </MenuItem>,
    );
  }

  return (
    <>
      <Menu
        anchorEl={anchorEl}
        open={!!anchorEl}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 'min(320px, calc(100vw - 32px))' } } }}
      >
        {items}
        {release && (
          // not a menu item: nothing to choose, and arrow keys skip it
          <Typography
            component="li"
            role="none"
            data-testid="release-version"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', px: 2, pt: 1, pb: 0.5 }}
          >
            {t.shell.release(release.version, release.commit)}
          </Typography>
        )}
      </Menu>
      <DevicesDialog open={dialog === 'devices'} onClose={() => setDialog(null)} />
      <MicTestDialog open={dialog === 'mic'} onClose={() => setDialog(null)} />
      <AppLogDialog open={dialog === 'applog'} onClose={() => setDialog(null)} />
      <EscalationRulesDialog open={dialog === 'escalation'} onClose={() => setDialog(null)} />
      <RunCardsDialog open={dialog === 'runCards'} onClose={() => setDialog(null)} />
      <ReportsDialog open={dialog === 'reports'} onClose={() => setDialog(null)} />
    </>
  );
}
