import { Box, Button, Divider, Link, Popover, Stack, Typography } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { endSession } from '../../api/auth';
import { fullName, useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { t } from '../../texts';

interface UserCardProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  onChangePassword: () => void;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{value || '—'}</Typography>
    </Box>
  );
}

/** User card (001 §2): user, device name and code, unit, logout and change password; and the dispatcher guide. */
export function UserCard({ anchorEl, onClose, onChangePassword }: UserCardProps) {
  const user = useAuthStore((s) => s.user);
  const device = useAuthStore((s) => s.device);
  const baseName = useEntitiesStore((s) => (user?.baseId != null ? (s.bases[user.baseId]?.name ?? '') : ''));

  return (
    <Popover
      open={!!anchorEl}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Stack spacing={1.5} sx={{ p: 2, minWidth: 260 }} data-testid="user-card">
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{fullName(user)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user?.username}
          </Typography>
        </Box>
        <Row label={t.shell.device} value={device ? `${device.name} (${device.code})` : ''} />
        <Row label={t.shell.unit} value={baseName} />
        {/* the guide is a static page beside the panel (apps/web/build/guide.ts), in its own tab; named in full:
            @fastify/static answers a bare directory with no precompressed index (the panel would open instead) */}
        <Link
          href="/prirucka/index.html"
          target="_blank"
          rel="noopener"
          variant="body2"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
        >
          <MenuBookIcon fontSize="small" />
          {t.shell.guide}
        </Link>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button size="small" onClick={onChangePassword}>
            {t.shell.changePassword}
          </Button>
          <Button
            size="small"
            color="error"
            variant="outlined"
            onClick={() => {
              onClose();
              void endSession();
            }}
          >
            {t.shell.logout}
          </Button>
        </Stack>
      </Stack>
    </Popover>
  );
}
