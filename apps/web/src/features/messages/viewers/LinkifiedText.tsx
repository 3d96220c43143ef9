/**
 * A message text with its http(s) links clickable: a link opens the page in the iframe modal titled with the
 * link (001 §2). The text stays plain text (selectable, never HTML); a click on a link does not reach the bubble.
 * A link to the panel's own origin opens in a new tab instead: it must never be framed next to the session
 * (ui/framePolicy.ts).
 */
import { Fragment, useMemo, useState } from 'react';
import { Link } from '@mui/material';
import { IframeModal } from '../../../ui/IframeModal';
import { opensInNewTab } from '../../../ui/framePolicy';
import { splitLinks } from './linkify';

export function LinkifiedText({ text }: { text: string | null | undefined }) {
  const parts = useMemo(() => splitLinks(text), [text]);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : (
          <Link
            key={i}
            href={part.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="message-link"
            onClick={(e) => {
              e.stopPropagation();
              if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return; // the browser's own new tab
              if (opensInNewTab(part.url)) return; // target=_blank, noopener
              e.preventDefault();
              setOpen(part.url);
            }}
            onDoubleClick={(e) => e.stopPropagation()}
            sx={{ color: 'inherit', textDecorationColor: 'currentColor', wordBreak: 'break-all' }}
          >
            {part.url}
          </Link>
        ),
      )}
      <IframeModal url={open} title={open ?? undefined} onClose={() => setOpen(null)} />
    </>
  );
}
