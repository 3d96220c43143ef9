/**
 * The event form (000 §2 "Event form"): the category's inputs in sort order and groups, each editable only by
 * the attribute rules of 000 §5 (own base, active state, not readonly, ISPO locks); the validation notice;
 * guide panel, tag list, chat slot and the action bar with its dialogs.
 */
import { useState } from 'react';
import { Alert, Box, Divider, Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { texts } from '@panel/domain/locale';
import { groupedInputs, canEditAttribute, canEditCategory } from '@panel/domain/events';
import { ConflictDialog } from '../actions/ConflictDialog';
import { EventActionBar } from '../actions/EventActionBar';
import { useEventActions } from '../actions/useEventActions';
import { MergeDialog } from '../dialogs/MergeDialog';
import { EventChatSlot } from './EventChatSlot';
import { EventInput } from './EventInput';
import { useAttributeRules } from './attributeRules';
import { GuidePanel } from './GuidePanel';
import { TagList } from './TagList';
import { useEventForm, type AnyEvent } from './useEventForm';

export function EventForm({ event, showChat = false }: { event: AnyEvent; showChat?: boolean }) {
  const api = useEventForm(event);
  const actions = useEventActions(event, api);
  const [guide, setGuide] = useState(false);
  const { ruleUser, ruleEvent, ruleTags } = useAttributeRules(event);
  const category = api.category;
  const tagIds = (useWatch({ control: api.form.control, name: 'eventToTags' }) as number[] | undefined) ?? [];

  const editable = (field: string): boolean =>
    field === 'eventCategoryId'
      ? canEditCategory(ruleUser, ruleEvent, category, ruleTags)
      : canEditAttribute(ruleUser, ruleEvent, category, field, ruleTags);

  return (
    <Box
      component="form"
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
        {groupedInputs(category?.inputs).map((group, i) => (
          <Stack key={group.group ?? `g${i}`} spacing={1.25} data-group={group.group ?? undefined} sx={{ pt: 0.5 }}>
            {group.inputs.map((input) => (
              <EventInput key={input.field} api={api} event={event} input={input} disabled={!editable(input.field)} />
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
      {showChat && <EventChatSlot eventUuid={event.uuid} categoryId={category?.id} />}
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
