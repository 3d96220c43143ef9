/**
 * The message form of one conversation (000 §2/§5): Enter sends with send-on-Enter (Ctrl+Enter a new line),
 * otherwise Enter is a new line and the button sends; templates; jpg/pdf/mp3 attachments within the limit.
 * Text-only messages go through the outbox (never lost); with files each is uploaded first (type X22).
 * With manage Message1 on a saved event: push-to-talk radio (X11) and, on touch devices, the photo button
 * (X22); both go to this conversation through the outbox with their files.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Chip, IconButton, Stack, TextField, Tooltip, useMediaQuery } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { MESSAGE_FOCUS_DELAY } from '@panel/domain/constants';
import { texts } from '@panel/domain/locale';
import { canCaptureMedia, captureCategory, uploadLimitMb } from '@panel/domain/messages';
import type { Event } from '@panel/domain/sync';
import { useAuthStore } from '../../stores/authStore';
import { sendText } from '../../stores/outboxStore';
import { useSetupStore } from '../../stores/setupStore';
import { newUuid } from '../../stores/uiStore';
import { useAbility } from '../../stores/useAbility';
import { toast } from '../../ui/toasts';
import { PhotoButton } from './capture/PhotoButton';
import { RadioButton } from './capture/RadioButton';
import { attachmentError } from './rules';
import { sendWithAttachments } from './sendAttachments';
import { TemplatesMenu } from './TemplatesMenu';
import { MESSAGE_TEXTS } from './texts';

export function MessageForm({ event, messageCategoryId }: { event: Event; messageCategoryId: number }) {
  const ability = useAbility();
  const sendOnEnter = useSetupStore((s) => s.sendOnEnter);
  const user = useAuthStore((s) => s.user);
  const device = useAuthStore((s) => s.device);
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const fileRef = useRef<HTMLInputElement | null>(null);
  const limitMb = uploadLimitMb(ability);
  const touch = useMediaQuery('(pointer: coarse)');
  const capture = canCaptureMedia(ability, event)
    ? { event, messageCategoryId, userId: user?.id ?? 0, deviceCode: device?.code ?? 'X' }
    : null;

  useEffect(() => {
    const timer = setTimeout(() => inputRef.current?.focus(), MESSAGE_FOCUS_DELAY);
    return () => clearTimeout(timer);
  }, [messageCategoryId]);

  async function submit() {
    if (busy || event.id === null) return;
    const text = content.trim();
    if (!text && !files.length) {
      setError(texts.messages.contentRequired);
      return;
    }
    setError(null);
    const uuid = newUuid();
    if (!files.length) {
      setContent('');
      const result = await sendText({
        uuid,
        userId: user?.id ?? 0,
        eventId: event.id,
        eventUuid: event.uuid,
        messageCategoryId,
        content: text,
      });
      if (result === 'refused') setContent((c) => c || text);
      return;
    }
    setBusy(true);
    const result = await sendWithAttachments({
      uuid,
      eventId: event.id,
      messageCategoryId,
      deviceCode: device?.code ?? 'X',
      content: text,
      files,
    });
    setBusy(false);
    if (result === 'sent') {
      setContent('');
      setFiles([]);
    } else if (result === 'upload-failed') setFiles([]);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Enter' || !sendOnEnter || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) {
      const el = inputRef.current;
      const start = el?.selectionStart ?? content.length;
      const end = el?.selectionEnd ?? content.length;
      setContent(content.slice(0, start) + '\n' + content.slice(end));
      requestAnimationFrame(() => el?.setSelectionRange(start + 1, start + 1));
      return;
    }
    void submit();
  }

  function onFiles(list: FileList | null) {
    const picked = [...(list ?? [])];
    if (fileRef.current) fileRef.current.value = '';
    for (const file of picked) {
      const problem = attachmentError(file, limitMb);
      if (problem) {
        toast.error(problem);
        setError(problem);
        return;
      }
    }
    setError(null);
    setFiles((current) => [...current, ...picked]);
  }

  return (
    <Box
      component="form"
      data-testid="message-form"
      onSubmit={(e) => (e.preventDefault(), void submit())}
      sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}
    >
      {files.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mb: 0.5, flexWrap: 'wrap' }}>
          {files.map((f, i) => (
            <Chip
              key={`${f.name}-${i}`}
              size="small"
              label={f.name}
              onDelete={() => setFiles(files.filter((_, j) => j !== i))}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-end' }}>
        <TextField
          inputRef={inputRef}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={MESSAGE_TEXTS.placeholder}
          multiline
          maxRows={6}
          size="small"
          fullWidth
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ htmlInput: { 'aria-label': MESSAGE_TEXTS.placeholder } }}
        />
        <TemplatesMenu
          messageCategoryId={messageCategoryId}
          onPick={(text) => {
            setContent((c) => (c ? `${c} ${text}` : text));
            inputRef.current?.focus();
          }}
        />
        {capture && touch && (
          <PhotoButton
            target={{
              ...capture,
              messageCategoryId: captureCategory('photo', ability, event.conversations, messageCategoryId),
            }}
          />
        )}
        {capture && (
          <RadioButton
            target={{
              ...capture,
              messageCategoryId: captureCategory('radio', ability, event.conversations, messageCategoryId),
            }}
          />
        )}
        <Tooltip title={MESSAGE_TEXTS.attach}>
          <IconButton aria-label={MESSAGE_TEXTS.attach} onClick={() => fileRef.current?.click()}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={MESSAGE_TEXTS.send}>
          <span>
            <IconButton type="submit" color="primary" aria-label={MESSAGE_TEXTS.send} disabled={busy}>
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <input
        ref={fileRef}
        type="file"
        hidden
        multiple
        accept=".jpg,.pdf,.mp3"
        data-testid="message-files"
        onChange={(e) => onFiles(e.target.files)}
      />
    </Box>
  );
}
