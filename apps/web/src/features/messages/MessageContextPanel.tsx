/**
 * Message context panel (000 §2, 001 §2): created and inserted times, coordinates (click copies), the text,
 * 'zkopírovat' and 'zkopírovat přepis', 'do aplikace DŽIN' for category 17, and the tags — clickable with
 * manage Message (FWD_n only when conversation n exists).
 */
import { useState } from 'react';
import { Box, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { LINKED_EVENTS_CATEGORY_ID } from '@panel/domain/constants';
import { formatClock, formatDate, texts } from '@panel/domain/locale';
import { canClickTag } from '@panel/domain/messages';
import type { Event, Message, MessageTag } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { useEntitiesStore } from '../../stores/entitiesStore';
import { useAbility } from '../../stores/useAbility';
import { dzinEventHref } from '../events/detail/eventTabs';
import { copyCoordinates, copyText, formatCoordinates } from './clipboard';
import { ForwardDialog } from './ForwardDialog';
import { TagChip } from './MessageBubble';
import { confirm, sendIsv, setTag } from './messageActions';
import { tagClickAction } from './rules';
import { MESSAGE_TEXTS } from './texts';
import { useMessageTags } from './useMessageTags';
import { LinkifiedText } from './viewers/LinkifiedText';
import { MessageDebugDialog } from './viewers/MessageDebugDialog';
import { VIEWER_TEXTS } from './viewers/texts';

const stamp = (t: string | null) => (t ? `${formatDate(t)} ${formatClock(t)}` : '–');

export function MessageContextPanel({
  event,
  message,
  onClose,
}: {
  event: Event;
  message: Message;
  onClose: () => void;
}) {
  const ability = useAbility();
  const user = useAuthStore((s) => s.user);
  const bases = useEntitiesStore((s) => s.bases);
  const dzinUrl = useEntitiesStore((s) => s.settings.dzinEventUrl ?? null);
  const [forwardTo, setForwardTo] = useState<{ n: number; tag: MessageTag } | null>(null);
  const [debugOpen, setDebugOpen] = useState(false);
  const canDebug = ability.can('view', 'Debug');
  const coordinates = formatCoordinates(message.latitude, message.longitude);
  const transcript = message.data?.stt?.text ?? null;
  const canClick = canClickTag(ability);
  const tags = useMessageTags(message);
  const dzinHref = dzinUrl ? dzinEventHref(dzinUrl, event) : null;

  async function onTag(tag: MessageTag) {
    const action = tagClickAction(tag, canClick, event.conversations ?? []);
    switch (action.kind) {
      case 'apply':
        return void setTag(message, tag, true);
      case 'remove':
        return void setTag(message, tag, false);
      case 'confirm':
        return void confirm(message);
      case 'forward':
        return setForwardTo({ n: action.messageCategoryId, tag });
      case 'isv': {
        const uid = user?.baseId !== null && user?.baseId !== undefined ? bases[user.baseId]?.uid : undefined;
        return void sendIsv(message, tag, uid ?? '');
      }
      case 'dzin':
        await copyText(message.content ?? '');
        if (dzinHref) window.open(dzinHref, '_blank', 'noopener');
        return;
      default:
        return;
    }
  }

  return (
    <Box
      data-testid="message-context-panel"
      sx={{
        p: 1.5,
        borderLeft: 1,
        borderColor: 'divider',
        width: 300,
        maxWidth: '100%',
        height: '100%',
        boxSizing: 'border-box',
        overflowY: 'auto',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {message.senderName ?? ''} {message.deviceCode ?? ''}
        </Typography>
        {canDebug && (
          <Tooltip title={VIEWER_TEXTS.debug}>
            <IconButton size="small" aria-label={VIEWER_TEXTS.debug} onClick={() => setDebugOpen(true)}>
              <BugReportOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <IconButton size="small" aria-label={MESSAGE_TEXTS.close} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Typography variant="caption" component="div">
        {MESSAGE_TEXTS.created}: {stamp(message.createdAt)}
      </Typography>
      <Typography variant="caption" component="div">
        {MESSAGE_TEXTS.inserted}: {stamp(message.insertedAt)}
      </Typography>
      <Typography variant="caption" component="div">
        {MESSAGE_TEXTS.coordinates}:{' '}
        {coordinates ? (
          <Link component="button" variant="caption" onClick={() => void copyCoordinates(coordinates)}>
            {coordinates}
          </Link>
        ) : (
          texts.media.noCoordinates
        )}
      </Typography>
      <Typography variant="body2" sx={{ my: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        <LinkifiedText text={message.content} />
      </Typography>
      {transcript && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, fontStyle: 'italic', whiteSpace: 'pre-wrap' }}>
          {transcript}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" onClick={() => void copyText(message.content ?? '')}>
          {texts.messages.copy}
        </Button>
        <Button size="small" variant="outlined" disabled={!transcript} onClick={() => void copyText(transcript ?? '')}>
          {texts.messages.copyTranscript}
        </Button>
      </Stack>
      {event.eventCategoryId === LINKED_EVENTS_CATEGORY_ID && dzinHref && (
        <Link href={dzinHref} target="_blank" rel="noopener" variant="body2" sx={{ display: 'block', mb: 1 }}>
          {texts.messages.dzinLink}
        </Link>
      )}
      {tags.length > 0 && (
        <>
          <Typography variant="caption" color="text.secondary">
            {MESSAGE_TEXTS.tags}
          </Typography>
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
            {tags.map((tag) => {
              const clickable = tagClickAction(tag, canClick, event.conversations ?? []).kind !== 'none';
              return <TagChip key={tag.id} tag={tag} onClick={clickable ? () => void onTag(tag) : undefined} />;
            })}
          </Stack>
        </>
      )}
      {debugOpen && canDebug && <MessageDebugDialog message={message} onClose={() => setDebugOpen(false)} />}
      {forwardTo && (
        <ForwardDialog
          message={message}
          messageCategoryId={forwardTo.n}
          onClose={() => setForwardTo(null)}
          onDone={() => {
            const tag = forwardTo.tag;
            setForwardTo(null);
            if (Number(tag.state) === 0) void setTag(message, tag, true);
          }}
        />
      )}
    </Box>
  );
}
