/** Train card (001 §2, §3): every Train field laid out in Czech; crew contacts; dangerous goods highlighted. */
import { Alert, Box, Chip, Link, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import WarningIcon from '@mui/icons-material/Warning';
import { formatPhone, texts } from '@panel/domain/locale';
import {
  dangerousGoodsText,
  formatWire,
  trainContacts,
  trainFlags,
  trainRows,
  trainText,
  trainTitle,
} from './cardRules';
import { CardFrame } from './CardFrame';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

const phoneLink = (phone: string) => (
  <Link
    href={`tel:${phone.replace(/\s+/g, '')}`}
    underline="hover"
    sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
  >
    {formatPhone(phone)}
  </Link>
);

export function TrainCard() {
  const train = useCardsStore((s) => s.train);
  const lonLat = useCardsStore((s) => s.lonLat);
  if (!train) return null;
  const crew = trainContacts(train);
  const goods = (train.nebezpecne_veci ?? []).filter(Boolean);
  const flags = trainFlags(train);
  const engines = (train.train_engines ?? []).filter(Boolean);
  return (
    <CardFrame
      title={`${CARD_TEXTS.train} ${trainTitle(train)}`}
      testId="card-train"
      capture={() => ({ kind: 'train', text: trainText(train), lonLat })}
    >
      {(goods.length > 0 || flags.length > 0) && (
        <Alert
          severity="warning"
          icon={<WarningIcon fontSize="small" />}
          data-testid="train-warnings"
          sx={{ mb: 1, py: 0.25 }}
        >
          {goods.length > 0 && (
            <Box data-testid="train-dangerous-goods">
              <b>{CARD_TEXTS.dangerousGoods}:</b>
              {goods.map((g, i) => (
                <div key={`${g.un ?? ''}-${i}`}>{dangerousGoodsText(g)}</div>
              ))}
            </Box>
          )}
          {flags.length > 0 && (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ mt: goods.length ? 0.5 : 0, flexWrap: 'wrap', rowGap: 0.5 }}
              data-testid="train-flags"
            >
              <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }}>
                {CARD_TEXTS.extraordinary}:
              </Typography>
              {flags.map((f) => (
                <Chip key={f} label={f} size="small" color="warning" />
              ))}
            </Stack>
          )}
        </Alert>
      )}
      <Table
        size="small"
        sx={{
          '& td': { py: 0.25, px: 0.5, fontSize: 13 },
          '& td:first-of-type': { color: 'text.secondary', whiteSpace: 'nowrap', pl: 0 },
        }}
      >
        <TableBody>
          {trainRows(train).map(([label, value]) => (
            <TableRow key={label}>
              <TableCell>{label}</TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
          {engines.length > 0 && (
            <TableRow>
              <TableCell>{CARD_TEXTS.engines}</TableCell>
              <TableCell>
                {engines.map((e, i) => (
                  <div key={i}>
                    {[e.title, e.funkce_hv_popis && `(${e.funkce_hv_popis})`].filter(Boolean).join(' ')}
                  </div>
                ))}
              </TableCell>
            </TableRow>
          )}
          {train.kontakt && (
            <TableRow>
              <TableCell>{CARD_TEXTS.dispatchContact}</TableCell>
              <TableCell>{phoneLink(train.kontakt)}</TableCell>
            </TableRow>
          )}
          <TableRow>
            <TableCell>{CARD_TEXTS.crew}</TableCell>
            <TableCell data-testid="train-crew">
              {crew.length === 0
                ? texts.map.trainNoContacts
                : crew.map((c, i) => (
                    <div key={i}>
                      {c.funkce_na_vlaku_popis ? `${c.funkce_na_vlaku_popis}: ` : ''}
                      {phoneLink(String(c.telefon))}
                    </div>
                  ))}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {train.updated && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', mt: 0.5 }}
          data-testid="train-updated"
        >
          {CARD_TEXTS.updated}: {formatWire(train.updated)}
        </Typography>
      )}
    </CardFrame>
  );
}
