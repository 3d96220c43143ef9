/** Rail image card (001 §2, §3, §8): the image along the track (its km drawn into the image), deviation and capture time. */
import { Box, Stack, Typography } from '@mui/material';
import { formatDeviation, formatWire, railImageText } from './cardRules';
import { CardFrame } from './CardFrame';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

export function RailImageCard() {
  const answer = useCardsStore((s) => s.railImage);
  const src = useCardsStore((s) => s.railImageSrc);
  const blob = useCardsStore((s) => s.railImageBlob);
  const error = useCardsStore((s) => s.error);
  return (
    <CardFrame
      title={CARD_TEXTS.railImage}
      testId="card-rail-image"
      summary={
        error ? (
          <Typography variant="body2" color="error" data-testid="card-error">
            {error}
          </Typography>
        ) : undefined
      }
      capture={() =>
        answer && src && !error && answer.longitude !== null && answer.latitude !== null
          ? { kind: 'railImage', text: railImageText(answer), lonLat: [answer.longitude, answer.latitude] }
          : null
      }
      captureImage={blob}
    >
      {src && answer && (
        <>
          <Box
            component="img"
            src={src}
            alt={CARD_TEXTS.railImageAlt}
            data-testid="rail-image"
            sx={{
              width: '100%',
              display: 'block',
              borderRadius: 0.5,
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              bgcolor: 'grey.200',
            }}
          />
          <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
            {answer.deviation !== null && answer.deviation !== undefined && (
              <Typography variant="body2" data-testid="rail-deviation">
                {CARD_TEXTS.deviation}: <b>{formatDeviation(answer.deviation)}</b>
              </Typography>
            )}
            {answer.capturedAt && (
              <Typography variant="body2" data-testid="rail-captured">
                {CARD_TEXTS.capturedAt}: <b>{formatWire(answer.capturedAt)}</b>
              </Typography>
            )}
          </Stack>
        </>
      )}
    </CardFrame>
  );
}
