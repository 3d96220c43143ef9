/** The event overview (header.overview): markdown or an HTML table, always sanitized (DOMPurify). */
import { useMemo } from 'react';
import { Box } from '@mui/material';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function overviewHtml(source: string | null | undefined): string {
  if (!source) return '';
  const html = /^\s*</.test(source) ? source : (marked.parse(source, { async: false }) as string);
  return DOMPurify.sanitize(html);
}

export function Overview({ source }: { source: string | null | undefined }) {
  const html = useMemo(() => overviewHtml(source), [source]);
  if (!html) return null;
  return (
    <Box
      data-testid="event-overview"
      sx={{
        '& table': { borderCollapse: 'collapse', width: '100%' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
