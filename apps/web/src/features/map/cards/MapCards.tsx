/**
 * The cards shown over the map (001 §2): one card at a time on the left (below the search panel when it is
 * open, above the coordinate bar, clear of the toolbar and the zoom control on the right) and the panorama
 * view beside it; their points on the map.
 */
import { Box } from '@mui/material';
import { useMapStore } from '../mapStore';
import { CadastreCard } from './CadastreCard';
import { CardLayers } from './CardLayers';
import { useCardsStore } from './cardsStore';
import { ExploreCard } from './ExploreCard';
import { HuntingCard } from './HuntingCard';
import { PanoramaPanel } from './PanoramaPanel';
import { RailImageCard } from './RailImageCard';
import { TrainCard } from './TrainCard';
import { belowNotice } from '../base/noticeInset';

/** The open card (no map needed: the component tests render this alone). */
export function CardPanel() {
  const kind = useCardsStore((s) => s.kind);
  const searchOpen = useMapStore((s) => s.searchOpen);
  if (!kind) return null;
  return (
    <Box
      data-testid="map-cards"
      sx={{
        position: 'absolute',
        left: 12,
        top: belowNotice(searchOpen ? 132 : 12),
        bottom: 56,
        width: 412,
        maxWidth: 'calc(100% - 84px)',
        zIndex: 2,
        display: 'flex',
        flexDirection: 'column',
        pointerEvents: 'none',
      }}
    >
      {kind === 'cadastre' && <CadastreCard />}
      {kind === 'railImage' && <RailImageCard />}
      {kind === 'train' && <TrainCard />}
      {kind === 'hunting' && <HuntingCard />}
      {kind === 'explore' && <ExploreCard />}
    </Box>
  );
}

export function MapCards() {
  return (
    <>
      <CardLayers />
      <CardPanel />
      <PanoramaPanel />
    </>
  );
}
