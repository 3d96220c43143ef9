import { useState } from 'react';
import { ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem, Switch } from '@mui/material';
import BugReportIcon from '@mui/icons-material/BugReport';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import MicIcon from '@mui/icons-material/Mic';
import PhonelinkSetupIcon from '@mui/icons-material/PhonelinkSetup';
import SendIcon from '@mui/icons-material/Send';
import WifiTetheringIcon from '@mui/icons-material/WifiTethering';
import { AppLogDialog } from '../applog/AppLogDialog';
import { APPLOG_TEXTS } from '../applog/texts';
import { DevicesDialog } from '../devices/DevicesDialog';
import { MicTestDialog } from '../devices/MicTestDialog';
import { DEVICE_TEXTS, MIC_TEXTS } from '../devices/texts';
import { useAppStore } from '../../stores/appStore';
import { useSetupStore } from '../../stores/setupStore';
import { useAbility } from '../../stores/useAbility';
import { t } from '../../texts';

/**
 * 'Další možnosti' (001 §2). Items of features built by later issues (device management, microphone test,
 * event filters, application log) are added by those issues; here: the send-on-Enter switch (manage Message)
 * and the debug tools (view Debug): pubsub status and the Debug Bar switch.
 */
export function OptionsMenu({ anchorEl, onClose }: { anchorEl: HTMLElement | null; onClose: () => void }) {
  const ability = useAbility();
  const sendOnEnter = useSetupStore((s) => s.sendOnEnter);
  const setSendOnEnter = useSetupStore((s) => s.setSendOnEnter);
  const devPanelVisible = useSetupStore((s) => s.devPanel.visible);
  const setDevPanel = useSetupStore((s) => s.setDevPanel);
  const realtimeStatus = useAppStore((s) => s.realtimeStatus);
  const canMessage = ability.can('manage', 'Message');
  const canDebug = ability.can('view', 'Debug');
  const canDevices = ability.can('manage', 'Device');
  const [dialog, setDialog] = useState<'devices' | 'mic' | 'applog' | null>(null);
  const openDialog = (which: 'devices' | 'mic' | 'applog') => {
    onClose();
    setDialog(which);
  };

  const items = [];
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
      <MenuItem key="enter" onClick={() => setSendOnEnter(!sendOnEnter)}>
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
  if (canDebug) {
    items.push(
      <ListSubheader key="debug-header">Debug</ListSubheader>,
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
        <ListItemText primary={t.shell.pubsub} secondary={t.realtime[realtimeStatus]} />
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
        slotProps={{ paper: { sx: { minWidth: 320 } } }}
      >
        {items}
      </Menu>
      <DevicesDialog open={dialog === 'devices'} onClose={() => setDialog(null)} />
      <MicTestDialog open={dialog === 'mic'} onClose={() => setDialog(null)} />
      <AppLogDialog open={dialog === 'applog'} onClose={() => setDialog(null)} />
    </>
  );
}
