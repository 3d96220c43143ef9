/** Explore (SAP) card (001 §7): railway points (km, distance) and lines within 2 km; a click centres the map. */
import { useContext, type ReactNode } from 'react';
import { List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import { MAP_FIT_DURATION } from '@panel/domain/constants';
import { formatDistance } from '@panel/domain/locale';
import { MapContext } from '../MapContext';
import { toView } from '../projection';
import { explorePointNote } from './cardRules';
import { CardFrame } from './CardFrame';
import { useCardsStore } from './cardsStore';
import { CARD_TEXTS } from './texts';

/** One titled list of the card (points, lines). */
function ExploreList({ testId, title, children }: { testId: string; title: string; children: ReactNode }) {
  return (
    <List
      dense
      disablePadding
      data-testid={testId}
      subheader={
        <ListSubheader disableGutters sx={{ lineHeight: '28px' }}>
          {title}
        </ListSubheader>
      }
    >
      {children}
    </List>
  );
}

export function ExploreCard() {
  const map = useContext(MapContext);
  const explore = useCardsStore((s) => s.explore);
  const centre = (lon: number, lat: number) =>
    map?.getView().animate({ center: toView([lon, lat]), duration: MAP_FIT_DURATION });
  const points = explore?.points ?? [];
  const lines = explore?.lines ?? [];
  return (
    <CardFrame title={CARD_TEXTS.explore} testId="card-explore">
      {explore && points.length === 0 && lines.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {CARD_TEXTS.nothing}
        </Typography>
      )}
      {points.length > 0 && (
        <ExploreList testId="explore-points" title={CARD_TEXTS.points}>
          {points.map((p) => (
            <ListItemButton key={`p-${p.id}`} sx={{ px: 0.5 }} onClick={() => centre(p.lon, p.lat)}>
              <ListItemText
                primary={p.kind ? `${p.name} (${p.kind.toLowerCase()})` : p.name}
                secondary={explorePointNote(p.km, p.distance)}
              />
            </ListItemButton>
          ))}
        </ExploreList>
      )}
      {lines.length > 0 && (
        <ExploreList testId="explore-lines" title={CARD_TEXTS.lines}>
          {lines.map((l) => (
            <ListItemButton key={`l-${l.code}-${l.name}`} sx={{ px: 0.5 }} onClick={() => centre(l.lon, l.lat)}>
              <ListItemText primary={`${l.code} ${l.name}`} secondary={formatDistance(l.distance)} />
            </ListItemButton>
          ))}
        </ExploreList>
      )}
    </CardFrame>
  );
}
