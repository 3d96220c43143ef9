/** Message templates (entitiesStore.messageTemplates) of a conversation: a button and a menu; a pick inserts. */
import { useState } from 'react';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import ShortTextIcon from '@mui/icons-material/ShortText';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { MESSAGE_TEXTS } from './texts';

export function TemplatesMenu({
  messageCategoryId,
  onPick,
}: {
  messageCategoryId: number;
  onPick: (content: string) => void;
}) {
  const templatesMap = useEntitiesStore((s) => s.messageTemplates);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = Object.values(templatesMap).filter(
    (t) =>
      t.messageCategoryId === null || t.messageCategoryId === undefined || t.messageCategoryId === messageCategoryId,
  );
  return (
    <>
      <Tooltip title={MESSAGE_TEXTS.templates}>
        <span>
          <IconButton
            aria-label={MESSAGE_TEXTS.templates}
            disabled={!templates.length}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <ShortTextIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {templates.map((t) => (
          <MenuItem
            key={t.id}
            onClick={() => {
              setAnchor(null);
              onPick(t.content);
            }}
          >
            {t.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
