/** The event's buttons: category labels, tooltips and icons; confirmation first when the category asks. */
import { useState } from 'react';
import { Button, IconButton, Stack, Tooltip, type ButtonProps } from '@mui/material';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CatalogueIcon } from '../form/icons';
import { GUIDE_TITLE } from '../form/GuidePanel';
import type { EventAction } from './useEventActions';

const toneColor = (tone: string | null): ButtonProps['color'] =>
  tone === 'primary' || tone === 'error' || tone === 'warning' || tone === 'success' ? tone : 'inherit';

export function EventActionBar({
  items,
  guideOpen,
  onToggleGuide,
}: {
  items: EventAction[];
  guideOpen?: boolean;
  onToggleGuide?: () => void;
}) {
  const [asking, setAsking] = useState<EventAction | null>(null);
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      aria-label="Akce události"
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {items.map((item) => {
        const button = (
          <Button
            key={item.key}
            size="small"
            sx={{ px: 1, py: 0.25, fontSize: 12 }}
            variant={item.key === 'save' ? 'contained' : 'outlined'}
            color={item.key === 'save' ? 'primary' : toneColor(item.tone)}
            disabled={item.disabled}
            startIcon={<CatalogueIcon name={item.icon} fontSize="small" />}
            onClick={() => (item.confirm ? setAsking(item) : void item.run())}
          >
            {item.label}
          </Button>
        );
        return item.tooltip ? (
          <Tooltip key={item.key} title={item.tooltip}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
      {onToggleGuide && (
        <Tooltip title={GUIDE_TITLE}>
          <IconButton
            size="small"
            aria-label={GUIDE_TITLE}
            aria-pressed={Boolean(guideOpen)}
            color={guideOpen ? 'primary' : 'default'}
            onClick={onToggleGuide}
          >
            <MenuBookIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.label ?? ''}
        text={asking?.confirm ?? ''}
        confirmLabel={asking?.label}
        onConfirm={() => void asking?.run()}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
