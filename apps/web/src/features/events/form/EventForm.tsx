/**
 * The event form (000 §2 "Event form"): the category's inputs in sort order and groups, each editable only by
 * the attribute rules of 000 §5 (own base, active state, not readonly, ISPO locks); the validation notice;
 * guide panel, tag list and the action bar with its dialogs. The form's event chat is the detail's chat tabs
 * beside the form's tab ('Další nastavení'), one per conversation, as 000 §2 "Event detail tabs" has them.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Divider, Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { texts } from '@panel/domain/locale';
import { groupedInputs, canEditAttribute, canEditCategory, formInputs } from '@panel/domain/events';
import { ConflictDialog } from '../actions/ConflictDialog';
import { EventActionBar } from '../actions/EventActionBar';
import { useEventActions } from '../actions/useEventActions';
import { MergeDialog } from '../dialogs/MergeDialog';
import { EventInput } from './EventInput';
import { useAttributeRules } from './attributeRules';
import { GuidePanel } from './GuidePanel';
import { TagList } from './TagList';
import { useEventForm, type AnyEvent } from './useEventForm';

export function EventForm({ event }: { event: AnyEvent }) {
  const api = useEventForm(event);
  const actions = useEventActions(event, api);
  const [guide, setGuide] = useState(false);
  const { ruleUser, ruleEvent, ruleTags } = useAttributeRules(event);
  const category = api.category;
  const tagIds = (useWatch({ control: api.form.control, name: 'eventToTags' }) as number[] | undefined) ?? [];
  const formRef = useRef<HTMLFormElement>(null);

  // a failed save brings its first failing field into view and focus, also one below the fold (issue 24 item 3)
  const { failures, firstError } = api;
  useEffect(() => {
    const field = failures > 0 ? firstError() : null;
    const box = field ? formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`) : null;
    if (!box) return;
    box.scrollIntoView?.({ block: 'center' });
    box.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [role="combobox"], button')?.focus({
      preventScroll: true,
    });
  }, [failures, firstError]);

  const editable = (field: string): boolean =>
    field === 'eventCategoryId'
      ? canEditCategory(ruleUser, ruleEvent, category, ruleTags)
      : canEditAttribute(ruleUser, ruleEvent, category, field, ruleTags);

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      aria-label="Formulář události"
      onSubmit={(e) => {
        e.preventDefault();
        void actions.save();
      }}
      sx={{ p: 1.5 }}
    >
      <GuidePanel open={guide} category={category} />
      {api.notice.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }} role="alert">
          {texts.validation.fixErrors}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {api.notice.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Stack spacing={1.25} divider={<Divider flexItem />}>
        {groupedInputs(formInputs(category?.inputs, event.id == null)).map((group, i) => (
          <Stack key={group.group ?? `g${i}`} spacing={1.25} data-group={group.group ?? undefined} sx={{ pt: 0.5 }}>
            {group.inputs.map((input) => (
              <Box key={input.field} data-field={input.field}>
                <EventInput api={api} event={event} input={input} disabled={!editable(input.field)} />
              </Box>
            ))}
          </Stack>
        ))}
      </Stack>
      <Box sx={{ my: 1 }}>
        <TagList
          tagIds={tagIds}
          onToggle={
            editable('eventToTags') ? (ids) => api.form.setValue('eventToTags', ids, { shouldDirty: true }) : undefined
          }
        />
      </Box>
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          bgcolor: 'background.paper',
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <EventActionBar items={actions.items} guideOpen={guide} onToggleGuide={() => setGuide((g) => !g)} />
      </Box>
      <MergeDialog offer={actions.merge} onAccept={() => void actions.acceptMerge()} onBack={actions.declineMerge} />
      <ConflictDialog
        conflict={actions.conflict}
        inputs={category?.inputs}
        onTakeTheirs={actions.takeTheirs}
        onOverwrite={() => void actions.overwrite()}
        onClose={actions.closeConflict}
      />
    </Box>
  );
}
