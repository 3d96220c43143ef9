/**
 * Contacts table (000 §2, 001 §2): optional type column, name with the contact type name, number as three
 * groups of three with a call icon (tel: link); rows in the given order (the caller sorts by priority), no paging,
 * 'žádné kontakty' when empty; an add button in the header when insertion is allowed; per row a send button and
 * the edit menu when the caller offers them.
 */
import type { MouseEvent, ReactNode } from 'react';
import { IconButton, Link, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/PersonAddAlt1';
import CallIcon from '@mui/icons-material/Call';
import EditIcon from '@mui/icons-material/MoreVert';
import SmsIcon from '@mui/icons-material/Sms';
import { formatPhone, stripCzPrefix } from '@panel/domain/locale';
import type { EventContact } from '@panel/domain/sync';
import { contactTexts } from './contactTexts';

export type TableContact = Pick<
  EventContact,
  'id' | 'name' | 'number' | 'contactTypeId' | 'contactTypeName' | 'title' | 'priority'
>;

export interface ContactsTableProps<C extends TableContact> {
  contacts: C[];
  showType?: boolean;
  /** the header add button (shown only with this handler) */
  onAdd?: (anchor: HTMLElement) => void;
  /** the per-row send button, for rows where `canSend` says so */
  onSend?: (contact: C) => void;
  canSend?: (contact: C) => boolean;
  sendLabel?: string;
  /** the per-row edit menu, for rows where `canEdit` says so */
  onEdit?: (contact: C, anchor: HTMLElement) => void;
  canEdit?: (contact: C) => boolean;
  /** marks a row (e.g. the commander) */
  highlight?: (contact: C) => boolean;
}

const telHref = (number: string | null) => `tel:${stripCzPrefix(number).replace(/\s+/g, '')}`;

export function ContactsTable<C extends TableContact>({
  contacts,
  showType = false,
  onAdd,
  onSend,
  canSend,
  sendLabel = contactTexts.sms,
  onEdit,
  canEdit,
  highlight,
}: ContactsTableProps<C>) {
  const cell = (children: ReactNode, width?: number) => (
    <TableCell sx={{ width, px: 1 }} align="right">
      {children}
    </TableCell>
  );
  return (
    <Table size="small" data-testid="contacts-table" sx={{ '& td, & th': { py: 0.5 } }}>
      <TableHead>
        <TableRow>
          {showType && <TableCell sx={{ px: 1 }}>{contactTexts.typeLabel}</TableCell>}
          <TableCell sx={{ px: 1 }}>{contactTexts.nameLabel}</TableCell>
          <TableCell sx={{ px: 1 }}>{contactTexts.numberLabel}</TableCell>
          {cell(
            onAdd ? (
              <Tooltip title={contactTexts.add}>
                <IconButton
                  size="small"
                  color="primary"
                  aria-label={contactTexts.add}
                  data-testid="contact-add"
                  onClick={(e: MouseEvent<HTMLElement>) => onAdd(e.currentTarget)}
                >
                  <AddIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null,
            88,
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.length === 0 && (
          <TableRow>
            <TableCell colSpan={showType ? 4 : 3} sx={{ color: 'text.secondary', textAlign: 'center', py: 2 }}>
              {contactTexts.empty}
            </TableCell>
          </TableRow>
        )}
        {contacts.map((c) => (
          <TableRow
            key={c.id}
            hover
            data-testid="contact-row"
            data-contact-id={c.id}
            selected={highlight?.(c) ?? false}
          >
            {showType && (
              <TableCell sx={{ px: 1 }}>
                <Typography variant="body2">{c.contactTypeName}</Typography>
              </TableCell>
            )}
            <TableCell sx={{ px: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {c.name || '—'}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {[c.title && c.title !== c.contactTypeName ? c.title : null, c.contactTypeName]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </TableCell>
            <TableCell sx={{ px: 1, whiteSpace: 'nowrap' }}>
              {c.number ? (
                <Link
                  href={telHref(c.number)}
                  underline="hover"
                  color="inherit"
                  aria-label={`${contactTexts.call} ${formatPhone(c.number)}`}
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                >
                  <CallIcon fontSize="inherit" color="primary" />
                  <span data-testid="contact-number">{formatPhone(c.number)}</span>
                </Link>
              ) : (
                '—'
              )}
            </TableCell>
            {cell(
              <>
                {onSend && (canSend?.(c) ?? true) && (
                  <Tooltip title={sendLabel}>
                    <IconButton
                      size="small"
                      aria-label={sendLabel}
                      data-testid="contact-send"
                      onClick={() => onSend(c)}
                    >
                      <SmsIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {onEdit && (canEdit?.(c) ?? true) && (
                  <Tooltip title={contactTexts.edit}>
                    <IconButton
                      size="small"
                      aria-label={contactTexts.edit}
                      data-testid="contact-edit"
                      onClick={(e: MouseEvent<HTMLElement>) => onEdit(c, e.currentTarget)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </>,
              88,
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
