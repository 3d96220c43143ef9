/**
 * One chat bubble: sender, device code, time (HH:mm, DD.MM. when not today), own messages on the right, unread
 * bold, text, media, tag chips coloured by state. Click opens the context panel; double click marks read and
 * confirms when allowed ('Potvrzení odesláno').
 */
import { Box, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { MESSAGE_TAG_CODES } from '@panel/domain/constants';
import type { Message, MessageTag } from '@panel/domain/sync';
import { ReceiptTicks } from '../receipts/ReceiptTicks';
import { readableTextOn } from '../../ui/contrast';
import { useClickHandler } from '../../ui/useClickHandler';
import { MediaView } from './MediaView';
import { bubbleTime, isConfirmed, mediaKind } from './rules';
import { MESSAGE_TEXTS } from './texts';
import { useMessageTags } from './useMessageTags';
import { LinkifiedText } from './viewers/LinkifiedText';
import { messageMedia } from './viewers/messageMedia';
import { ComparisonMedia, PanoramaMedia } from './viewers/SpecialMedia';

export function TagChip({ tag, onClick }: { tag: MessageTag; onClick?: () => void }) {
  const active = Number(tag.state) === 1;
  return (
    <Tooltip title={(active ? tag.tooltipActive : tag.tooltipInactive) ?? ''}>
      <Chip
        size="small"
        label={tag.name}
        data-tag={tag.code}
        data-state={active ? 1 : 0}
        variant={active ? 'filled' : 'outlined'}
        onClick={onClick}
        sx={{
          height: 20,
          fontSize: 11,
          ...(active && tag.color
            ? { bgcolor: tag.color, color: readableTextOn(tag.color, tag.colorText ?? '#ffffff') }
            : {}),
          ...(!active && tag.color ? { borderColor: tag.color } : {}),
        }}
      />
    </Tooltip>
  );
}

export interface MessageBubbleProps {
  message: Message;
  own: boolean;
  selected?: boolean;
  pending?: boolean;
  onOpen?: () => void;
  onDouble?: () => void;
}

/** The own 'Potvrzeno' chip only when no CONF tag shows the confirmation already. */
const showConfirmedChip = (m: Message, tags: MessageTag[]) =>
  isConfirmed(m) && !tags.some((t) => t.code === MESSAGE_TAG_CODES.CONF);

export function MessageBubble({ message, own, selected, pending, onOpen, onDouble }: MessageBubbleProps) {
  const click = useClickHandler(
    () => onOpen?.(),
    () => onDouble?.(),
  );
  const tags = useMessageTags(message, pending);
  const confirmedChip = showConfirmedChip(message, tags);
  const unread = !own && Number(message.read) === 0;
  const special = messageMedia(message);
  const media = special.rest;
  const images = media.filter((m) => mediaKind(m) === 'image');
  const place = { eventId: message.eventId, latitude: message.latitude, longitude: message.longitude };
  return (
    <Box
      data-testid="message-bubble"
      data-id={message.id}
      data-own={own ? 1 : 0}
      data-unread={unread ? 1 : 0}
      sx={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start', px: 1, py: 0.5 }}
    >
      <Box
        onClick={pending ? undefined : click}
        onMouseDown={(e) => e.detail > 1 && e.preventDefault()}
        sx={{
          maxWidth: '80%',
          px: 1.25,
          py: 0.75,
          borderRadius: 2,
          cursor: pending ? 'default' : 'pointer',
          // own bubbles in the full primary colour: its contrast text reaches 4.5:1 there, not on primary.light
          // (axe color-contrast, issue 24 item 7); the chips keep a paper ground inside it
          bgcolor: own ? 'primary.main' : 'action.hover',
          color: own ? 'primary.contrastText' : 'text.primary',
          // a message still in the outbox says 'Odesílá se…' instead of its time and is drawn dashed; fading
          // it dropped its text below 4.5:1
          border: pending ? '1px dashed' : 0,
          outline: selected ? 2 : 0,
          outlineColor: 'secondary.main',
          outlineStyle: 'solid',
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {message.senderName ?? ''}
          </Typography>
          {message.deviceCode && <Typography variant="caption">{message.deviceCode}</Typography>}
          <Typography variant="caption" sx={{ ml: 'auto', opacity: own ? 1 : 0.8 }}>
            {pending ? MESSAGE_TEXTS.pending : bubbleTime(message.createdAt)}
          </Typography>
          <ReceiptTicks message={message} own={own} pending={pending} />
        </Stack>
        {message.content && (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontWeight: unread ? 700 : 400 }}
          >
            <LinkifiedText text={message.content} />
          </Typography>
        )}
        {special.kind === 'compare' && (
          <Box sx={{ mt: 0.5 }}>
            <ComparisonMedia {...place} before={special.before} after={special.after} />
          </Box>
        )}
        {special.kind === 'panorama' && (
          <Box sx={{ mt: 0.5 }}>
            <PanoramaMedia {...place} file={special.file} />
          </Box>
        )}
        {media.length > 0 && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap' }}>
            {media.map((name) => (
              <MediaView
                key={name}
                eventId={message.eventId}
                fileName={name}
                images={images}
                latitude={message.latitude}
                longitude={message.longitude}
              />
            ))}
          </Stack>
        )}
        {(tags.length > 0 || confirmedChip) && (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ mt: 0.5, flexWrap: 'wrap', ...(own && { '& .MuiChip-outlined': { bgcolor: 'background.paper' } }) }}
          >
            {confirmedChip && (
              <Chip size="small" color="success" label={MESSAGE_TEXTS.confirmed} sx={{ height: 20, fontSize: 11 }} />
            )}
            {tags.map((tag) => (
              <TagChip key={tag.id} tag={tag} />
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
