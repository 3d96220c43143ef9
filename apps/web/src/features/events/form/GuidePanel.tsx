import { Alert, Collapse, List, ListItem, ListItemText } from '@mui/material';
import type { EventCategory } from '@panel/domain/sync';
import { sortedInputs } from '@panel/domain/events';

export const GUIDE_TITLE = 'Průvodce'; // ours

/** The optional guide panel: what the category asks for, required inputs first, with the inputs' hints. */
export function GuidePanel({ open, category }: { open: boolean; category: EventCategory | undefined }) {
  const inputs = sortedInputs(category?.inputs).sort((a, b) => Number(b.required) - Number(a.required));
  return (
    <Collapse in={open} unmountOnExit>
      <Alert severity="info" icon={false} sx={{ mb: 1 }} aria-label={GUIDE_TITLE}>
        <strong>{category?.name ?? GUIDE_TITLE}</strong>
        <List dense disablePadding>
          {inputs.map((i) => (
            <ListItem key={i.field} disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={`${i.label}${Number(i.required) === 1 ? ' *' : ''}`}
                secondary={i.title ?? undefined}
              />
            </ListItem>
          ))}
        </List>
      </Alert>
    </Collapse>
  );
}
