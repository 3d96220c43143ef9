/**
 * A message text with its http(s) links clickable: a link opens the page in the iframe modal titled with the
 * link (001 §2). The text stays plain text (selectable, never HTML); a click on a link does not reach the bubble.
 */
import { Fragment, useMemo, useState } from 'react';
import { Link } from '@mui/material';
import { IframeModal } from '../../../ui/IframeModal';
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
