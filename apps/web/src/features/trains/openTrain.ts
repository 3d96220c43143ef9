/** A click on a train opens its card (the cards work's `openTrainCard`) with the train's feature properties. */
import type { TrainProperties } from '../../api/trains';
import { openTrainCard } from '../map/cards/cardsStore';

export function openTrain(train: TrainProperties): void {
  openTrainCard({ ...train });
}
