/**
 * The developer panel (001 §2, view Debug): a bottom drawer opened by the options menu's Debug Bar switch.
 * Visibility and the active tab live in the setup store (persisted).
 */
import { useRef, type ReactNode } from 'react';
import { Box, Divider, FormControlLabel, IconButton, Paper, Switch, Tab, Tabs, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SyncIcon from '@mui/icons-material/Sync';
import { useSetupStore } from '../../../stores/setupStore';
import { useAbility } from '../../../stores/useAbility';
import { syncEngine } from '../../sync/syncEngine';
import { toast } from '../../../ui/toasts';
import { ErrorsTab } from './ErrorsTab';
import { downloadState, importStateFile } from './importExport';
import { NotificationsTab } from './NotificationsTab';
import { AppTab, DvcsTab, EventsTab, EventTab, MapTab, MsgsTab, SapPTab } from './tabs';
import { dt } from './texts';

export const DEV_TABS = ['app', 'events', 'event', 'msgs', 'dvcs', 'map', 'sapp', 'notifications', 'errors'] as const;
export type DevTab = (typeof DEV_TABS)[number];

const CONTENT: Record<DevTab, () => ReactNode> = {
  app: () => <AppTab />,
  events: () => <EventsTab />,
  event: () => <EventTab />,
  msgs: () => <MsgsTab />,
  dvcs: () => <DvcsTab />,
  map: () => <MapTab />,
  sapp: () => <SapPTab />,
  notifications: () => <NotificationsTab />,
  errors: () => <ErrorsTab />,
};

/** Local state the clear button keeps: the session and messages not yet sent. */
const KEEP_KEYS = ['panel.auth', 'panel.outbox'];

export function clearLocalState(storage: Storage = localStorage): void {
  for (const key of Object.keys(storage)) {
    if (key.startsWith('panel.') && !KEEP_KEYS.includes(key)) storage.removeItem(key);
  }
  sessionStorage.clear();
}

function Action({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function DevPanel() {
  const canDebug = useAbility().can('view', 'Debug');
  const visible = useSetupStore((s) => s.devPanel.visible);
  const activeTab = useSetupStore((s) => s.devPanel.activeTab);
  const setDevPanel = useSetupStore((s) => s.setDevPanel);
  const darkMode = useSetupStore((s) => s.darkMode);
  const setDarkMode = useSetupStore((s) => s.setDarkMode);
  const autoRefresh = useSetupStore((s) => s.autoRefresh);
  const setAutoRefresh = useSetupStore((s) => s.setAutoRefresh);
  const fileInput = useRef<HTMLInputElement>(null);
  if (!canDebug || !visible) return null;
  const tab: DevTab = (DEV_TABS as readonly string[]).includes(activeTab) ? (activeTab as DevTab) : 'app';

  return (
    <Paper
      elevation={8}
      square
      data-testid="devpanel"
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        height: '42vh',
        zIndex: (theme) => theme.zIndex.drawer,
        display: 'flex',
        flexDirection: 'column',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pr: 1, minHeight: 40 }}>
        <Tabs
          value={tab}
          onChange={(_e, value: DevTab) => setDevPanel({ activeTab: value })}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ minHeight: 40, flexGrow: 1, '& .MuiTab-root': { minHeight: 40, py: 0, textTransform: 'none' } }}
        >
          {DEV_TABS.map((id) => (
            <Tab key={id} value={id} label={dt.tabs[id]} />
          ))}
        </Tabs>
        <FormControlLabel
          sx={{ mx: 0.5, '& .MuiFormControlLabel-label': { fontSize: 12 } }}
          control={<Switch size="small" checked={darkMode} onChange={(e) => setDarkMode(e.target.checked)} />}
          label={dt.darkMode}
        />
        <FormControlLabel
          sx={{ mx: 0.5, '& .MuiFormControlLabel-label': { fontSize: 12 } }}
          control={<Switch size="small" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} />}
          label={dt.autoRefresh}
        />
        <Divider orientation="vertical" flexItem />
        <Action label={dt.refresh} onClick={() => syncEngine.refresh()}>
          <SyncIcon fontSize="small" />
        </Action>
        <Action label={dt.reload} onClick={() => window.location.reload()}>
          <RestartAltIcon fontSize="small" />
        </Action>
        <Action
          label={dt.clear}
          onClick={() => {
            clearLocalState();
            window.location.reload();
          }}
        >
          <DeleteSweepIcon fontSize="small" />
        </Action>
        <Action label={dt.exportState} onClick={() => downloadState()}>
          <FileDownloadIcon fontSize="small" />
        </Action>
        <Action label={dt.importState} onClick={() => fileInput.current?.click()}>
          <FileUploadIcon fontSize="small" />
        </Action>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="devpanel-import"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            void importStateFile(file).then((ok) => (ok ? toast.success(dt.imported) : toast.error(dt.importInvalid)));
          }}
        />
        <Action label={dt.close} onClick={() => setDevPanel({ visible: false })}>
          <CloseIcon fontSize="small" />
        </Action>
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflow: 'auto', p: 1 }} data-testid={`devpanel-tab-${tab}`}>
        {CONTENT[tab]()}
      </Box>
    </Paper>
  );
}
