/**
 * Material icon names used by the catalogues (category inputs' prepend/append, actions, terrains) mapped to
 * MUI icon components; unknown names render nothing.
 */
import type { SvgIconProps } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArchitectureIcon from '@mui/icons-material/Architecture';
import BusinessIcon from '@mui/icons-material/Business';
import CallEndIcon from '@mui/icons-material/CallEnd';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EventIcon from '@mui/icons-material/Event';
import LockIcon from '@mui/icons-material/Lock';
import PersonIcon from '@mui/icons-material/Person';
import PhoneIcon from '@mui/icons-material/Phone';
import PlaceIcon from '@mui/icons-material/Place';
import SaveIcon from '@mui/icons-material/Save';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import SubwayIcon from '@mui/icons-material/Subway';
import TerrainIcon from '@mui/icons-material/Terrain';
import TrainIcon from '@mui/icons-material/Train';
import UndoIcon from '@mui/icons-material/Undo';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  add: AddIcon,
  architecture: ArchitectureIcon,
  business: BusinessIcon,
  call_end: CallEndIcon,
  content_copy: ContentCopyIcon,
  delete: DeleteIcon,
  directions_car: DirectionsCarIcon,
  event: EventIcon,
  lock: LockIcon,
  person: PersonIcon,
  phone: PhoneIcon,
  place: PlaceIcon,
  save: SaveIcon,
  schedule: ScheduleIcon,
  search: SearchIcon,
  send: SendIcon,
  stop_circle: StopCircleIcon,
  subway: SubwayIcon,
  terrain: TerrainIcon,
  train: TrainIcon,
  undo: UndoIcon,
};

export function CatalogueIcon({ name, ...props }: { name: string | null | undefined } & Omit<SvgIconProps, 'name'>) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon {...props} /> : null;
}

export const hasIcon = (name: string | null | undefined): boolean => Boolean(name && ICONS[name]);
