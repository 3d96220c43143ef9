/**
 * Both conversations of the event, oldest message first: time, sender, text, and the attachments — photos as
 * thumbnails (fetched with the session, as the chat does), a radio recording or audio as a labelled line with its
 * transcript when there is one, other files by name.
 */
import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { incidentReportTexts as T, type ReportConversation } from '@panel/domain/incidentReport';
import type { Message } from '@panel/domain/sync';
import { mediaUrl } from '../../api/messages';
import { useMediaObjectUrl } from '../messages/mediaCache';
import { mediaKind } from '../messages/rules';
import { ReportTable, Section } from './Section';
import { DASH, reportTime } from './format';

const C = T.conversations;

function Photo({ eventId, fileName }: { eventId: number; fileName: string }) {
  const { src, error } = useMediaObjectUrl(mediaUrl(eventId, fileName, 'small'));
  const [loaded, setLoaded] = useState(false);
  if (error) return <Typography variant="caption">{`${C.photo}: ${fileName}`}</Typography>;
  return (
    <Box
      component="figure"
      sx={{ m: 0, mr: 1, mt: 0.5, display: 'inline-block', verticalAlign: 'top', breakInside: 'avoid' }}
    >
      <Box
        sx={{ width: 120, height: 90, bgcolor: '#eceff1', border: '1px solid #c9d1da', overflow: 'hidden' }}
        data-testid="report-photo"
        data-loaded={loaded ? 'true' : 'false'}
      >
        {src && (
          <Box
            component="img"
            src={src}
            alt={`${C.photo}: ${fileName}`}
            onLoad={() => setLoaded(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
      </Box>
      <Box component="figcaption" sx={{ width: 120, fontSize: 9, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
        {C.photo}
        <br />
        {fileName}
      </Box>
    </Box>
  );
}

function Attachment({ message, fileName }: { message: Message; fileName: string }) {
  const kind = mediaKind(fileName);
  if (kind === 'image') return <Photo eventId={message.eventId} fileName={fileName} />;
  const label = kind === 'audio' ? C.audio : kind === 'pdf' ? C.document : C.attachment;
  const transcript = kind === 'audio' ? message.data?.stt?.text : null;
  return (
    <Typography component="div" variant="caption" data-testid={kind === 'audio' ? 'report-audio' : undefined}>
      {`${label}: ${fileName}`}
      {transcript ? ` — „${transcript}“` : ''}
    </Typography>
  );
}

function Conversation({ conversation }: { conversation: ReportConversation }) {
  return (
    <Box sx={{ mt: 1.5 }} data-testid="report-conversation">
      <Typography component="h3" sx={{ fontSize: 13, fontWeight: 700, mb: 0.5, breakAfter: 'avoid' }}>
        {conversation.name}
      </Typography>
      {!conversation.readable ? (
        <Typography variant="body2">{C.hidden}</Typography>
      ) : conversation.messages.length === 0 ? (
        <Typography variant="body2">{C.none}</Typography>
      ) : (
        <ReportTable head={[C.at, C.sender, C.text]}>
          {conversation.messages.map((m) => (
            <tr key={m.id}>
              <td className="time">{reportTime(m.createdAt)}</td>
              <td>{m.senderName || m.deviceCode || DASH}</td>
              <td>
                {m.content && <div style={{ whiteSpace: 'pre-wrap' }}>{m.content}</div>}
                {(m.media ?? []).map((f) => (
                  <Attachment key={f} message={m} fileName={f} />
                ))}
              </td>
            </tr>
          ))}
        </ReportTable>
      )}
    </Box>
  );
}

export function ConversationsSection({ conversations }: { conversations: ReportConversation[] }) {
  return (
    <Section title={T.sections.conversations} testId="report-conversations">
      {conversations.map((c) => (
        <Conversation key={c.messageCategoryId} conversation={c} />
      ))}
    </Section>
  );
}
