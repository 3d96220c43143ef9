/**
 * Alert cards (001 §2): the event alert (sent time, title, subtitle, description, unit name, 'Přijmout
 * zprávu', 'Vystaveno upozornění'), the message alert ('Zpráva z', content, the event's headers, 'Potvrdit
 * přijetí') and a plain card for other dialog items (e.g. the developer panel's test items).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import ChatIcon from '@mui/icons-material/Chat';
import InfoIcon from '@mui/icons-material/Info';
import PhoneMissedIcon from '@mui/icons-material/PhoneMissed';
import { formatDateTime, fromWireTime } from '@panel/domain/locale';
import type { Event, Message } from '@panel/domain/sync';
import { findEventByUuid, useEntitiesStore } from '../../stores/entitiesStore';
import { AlertReceiptLine } from '../receipts/AlertReceiptLine';
import { useMayAcceptEvent } from './acceptRight';
import { AlertEscalationLine } from './AlertEscalationLine';
import { MISSED_CALL_CODE, acceptEventAlert, acceptMessageAlert, dismissAlert } from './alertService';
import { useNotificationStore, type Notification } from './notificationQueue';
import { ALERT_TEXTS } from './texts';

const wireTime = (value: string | null | undefined): string => formatDateTime(fromWireTime(value ?? null));

function Line({ text, strong, muted }: { text: string | null | undefined; strong?: boolean; muted?: boolean }) {
  if (!text) return null;
  return (
    <Typography
      variant={strong ? 'subtitle1' : 'body2'}
      color={muted ? 'text.secondary' : undefined}
      sx={{ fontWeight: strong ? 600 : undefined, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {text}
    </Typography>
  );
}

function CardFrame({
  item,
  icon,
  children,
  action,
  informational = false,
}: {
  item: Notification;
  icon: ReactNode;
  children: ReactNode;
  action: ReactNode;
  /** an alert the user may only take note of: drawn calm, not as a call to act */
  informational?: boolean;
}) {
  const tone = informational ? 'info.main' : item.priority === 2 ? 'error.main' : 'primary.main';
  return (
    <Card
      variant="outlined"
      data-testid={`alert-card-${item.type}`}
      data-key={item.key}
      sx={{ borderLeft: 4, borderLeftColor: tone }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ color: tone, pt: 0.25 }}>{icon}</Box>
          <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
            {children}
          </Stack>
        </Stack>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>{action}</CardActions>
    </Card>
  );
}

/** A card's accept button: disabled while its request runs, so that one click sends one request. */
function AcceptButton({ label, color, accept }: { label: string; color?: 'error'; accept: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="contained"
      color={color}
      size="small"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void accept().finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

export function EventAlertCard({ item }: { item: Notification }) {
  const uuid = item.entityKey ?? '';
  const live = useEntitiesStore((s) => findEventByUuid(s, uuid));
  const event = live ?? (item.entity as Event | null) ?? null;
  // the event's base and the units it is for (an event made by the dispatch for a unit names that unit)
  const baseIds = useMemo(
    () => [...new Set([event?.baseId, ...(event?.eventToBase ?? [])])].filter((id): id is number => id != null),
    [event?.baseId, event?.eventToBase],
  );
  const bases = useEntitiesStore((s) => s.bases);
  const unit = baseIds
    .map((id) => bases[id]?.name)
    .filter(Boolean)
    .join(', ');
  const alert = event?.alert;
  // a user who may not accept the event (group MNG) is informed: no 'Přijmout zprávu' (issue 12 item 2)
  const mayAccept = useMayAcceptEvent(event);
  const missedCall = item.code === MISSED_CALL_CODE;
  return (
    <CardFrame
      item={item}
      icon={missedCall ? <PhoneMissedIcon /> : <EventIcon />}
      informational={!mayAccept}
      action={
        mayAccept ? (
          <AcceptButton color="error" label={ALERT_TEXTS.accept} accept={() => acceptEventAlert(item.key, uuid)} />
        ) : (
          <Button size="small" onClick={() => dismissAlert(item.key)}>
            {ALERT_TEXTS.acknowledge}
          </Button>
        )
      }
    >
      {missedCall && (
        <Typography variant="caption" color="error" sx={{ fontWeight: 600 }} data-testid="alert-missed-call">
          {ALERT_TEXTS.missedCall}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {ALERT_TEXTS.issued} {wireTime(event?.createdAt ?? event?.start)}
      </Typography>
      <Line text={alert?.title ?? item.title} strong />
      <Line text={alert?.subtitle} />
      <Line text={alert?.description ?? item.content} muted />
      {unit && (
        <Typography variant="caption" color="text.secondary">
          {ALERT_TEXTS.unit}: {unit}
        </Typography>
      )}
      {event && <AlertReceiptLine event={event} />}
      <AlertEscalationLine alert={alert} />
      {!mayAccept && (
        <Typography variant="caption" color="text.secondary" data-testid="alert-informational">
          {ALERT_TEXTS.informational}
        </Typography>
      )}
    </CardFrame>
  );
}

export function MessageAlertCard({ item }: { item: Notification }) {
  const snapshot = item.entity as Message;
  const message = useEntitiesStore((s) => s.messages[snapshot.id]) ?? snapshot;
  const event = useEntitiesStore((s) => s.events[message.eventId]);
  const header = event?.header;
  return (
    <CardFrame
      item={item}
      icon={<ChatIcon />}
      action={<AcceptButton label={ALERT_TEXTS.confirmReceipt} accept={() => acceptMessageAlert(item.key, message)} />}
    >
      <Typography variant="caption" color="text.secondary">
        {ALERT_TEXTS.messageFrom} {message.senderName ?? message.deviceCode ?? ''} · {wireTime(message.createdAt)}
      </Typography>
      <Line text={message.content ?? message.data?.stt?.text} strong />
      {header && (
        <Box sx={{ mt: 0.5, pl: 1, borderLeft: 2, borderColor: 'divider' }}>
          <Line text={header.title?.value} />
          <Line text={header.subtitle?.value} muted />
          <Line text={header.description?.value} muted />
        </Box>
      )}
    </CardFrame>
  );
}

function PlainAlertCard({ item }: { item: Notification }) {
  return (
    <CardFrame
      item={item}
      icon={<InfoIcon />}
      action={
        <Button size="small" onClick={() => useNotificationStore.getState().confirm(item.key)}>
          {ALERT_TEXTS.acknowledge}
        </Button>
      }
    >
      <Typography variant="caption" color="text.secondary">
        {formatDateTime(new Date(item.createdAt))}
      </Typography>
      <Line text={item.title} strong />
      <Line text={item.content} muted />
    </CardFrame>
  );
}

export function AlertCard({ item }: { item: Notification }) {
  if (item.type === 'event' && item.entityKey) return <EventAlertCard item={item} />;
  if (item.type === 'message' && item.entity) return <MessageAlertCard item={item} />;
  return <PlainAlertCard item={item} />;
}
