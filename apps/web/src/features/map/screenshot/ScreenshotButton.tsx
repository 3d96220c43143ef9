/**
 * The toolbar camera button (001 §2, §6): shown with manage Message2 for the active saved event (id > 0) whose
 * category type is not call, chat, monitor or support; opens the screenshot dialog.
 */
import { useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { useAbility } from '../../../stores/useAbility';
import { useActiveEvent } from '../../../stores/useActiveEvent';
import { canSendScreenshot } from './rules';
import { ScreenshotDialog } from './ScreenshotDialog';
import { SCREENSHOT_TEXTS } from './texts';

export function ScreenshotButton() {
  const ability = useAbility();
  const active = useActiveEvent();
  const event = active?.kind === 'saved' ? active.event : null;
  const categoryType = useEntitiesStore((s) => (event ? s.eventCategories[event.eventCategoryId]?.type : null));
  const [open, setOpen] = useState(false);
  if (!event || !canSendScreenshot(ability, event, categoryType)) return null;
  return (
    <>
      <Tooltip title={SCREENSHOT_TEXTS.button}>
        <IconButton size="small" aria-label={SCREENSHOT_TEXTS.button} onClick={() => setOpen(true)}>
          <PhotoCameraIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <ScreenshotDialog open={open} event={event} onClose={() => setOpen(false)} />}
    </>
  );
}
