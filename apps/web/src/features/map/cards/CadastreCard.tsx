/** Cadastre card (001 §2, §3, §8): the link to Nahlížení do KN and the HTML fragment, sanitized again here. */
import { useMemo } from 'react';
import { Alert, Box, Link } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import DOMPurify from 'dompurify';
import { cadastreText, cadastreViewerLink } from './cardRules';
import { CardFrame } from './CardFrame';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

/** The server's fragment with only table/text markup and http(s) links (opened in a new tab). */
export function sanitizeCadastre(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'td',
      'th',
      'caption',
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'span',
      'div',
      'ul',
      'ol',
      'li',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'a',
      'small',
      'sup',
      'sub',
    ],
    ALLOWED_ATTR: ['href', 'colspan', 'rowspan'],
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
    RETURN_TRUSTED_TYPE: false,
  });
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  doc.querySelectorAll('a').forEach((a) => {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  });
  return doc.body.innerHTML;
}

export function CadastreCard() {
  const cadastre = useCardsStore((s) => s.cadastre);
  const error = useCardsStore((s) => s.error);
  const lonLat = useCardsStore((s) => s.lonLat);
  const html = useMemo(() => (cadastre?.content ? sanitizeCadastre(cadastre.content) : ''), [cadastre]);
  const link = cadastreViewerLink(cadastre?.link);
  return (
    <CardFrame
      title={CARD_TEXTS.cadastre}
      testId="card-cadastre"
      capture={() =>
        cadastre && !error
          ? { kind: 'cadastre', text: cadastreText(cadastre.content, cadastre.link, lonLat), lonLat }
          : null
      }
    >
      {error && (
        <Alert severity="error" data-testid="card-error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      {link && (
        <Link
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="cadastre-link"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1, fontSize: 14 }}
        >
          {CARD_TEXTS.openLink}
          <OpenInNewIcon sx={{ fontSize: 16 }} />
        </Link>
      )}
      {html && (
        <Box
          data-testid="cadastre-content"
          sx={{
            fontSize: 13,
            '& table': { borderCollapse: 'collapse', width: '100%' },
            '& td, & th': {
              borderBottom: '1px solid',
              borderColor: 'divider',
              py: 0.25,
              pr: 1,
              verticalAlign: 'top',
              textAlign: 'left',
            },
            '& th': { color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' },
            '& p': { my: 0.5 },
          }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </CardFrame>
  );
}
