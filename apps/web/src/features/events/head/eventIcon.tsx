/**
 * Category icons: the catalogue names Material icons (snake_case); the panel ships a fixed set of them (importing
 * every icon would bloat the bundle) and falls back to a generic one.
 */
import type { SvgIconComponent } from '@mui/icons-material';
import CallIcon from '@mui/icons-material/Call';
import ChatIcon from '@mui/icons-material/Chat';
import DatasetIcon from '@mui/icons-material/Dataset';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import DirectionsRailwayIcon from '@mui/icons-material/DirectionsRailway';
import EmergencyIcon from '@mui/icons-material/Emergency';
import EngineeringIcon from '@mui/icons-material/Engineering';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import LinkIcon from '@mui/icons-material/Link';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PlaceIcon from '@mui/icons-material/Place';
import ReportIcon from '@mui/icons-material/Report';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import SmsIcon from '@mui/icons-material/Sms';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TrainIcon from '@mui/icons-material/Train';
import WarningIcon from '@mui/icons-material/Warning';

const ICONS: Record<string, SvgIconComponent> = {
  call: CallIcon,
  chat: ChatIcon,
  dataset: DatasetIcon,
  directions_car: DirectionsCarIcon,
  directions_railway: DirectionsRailwayIcon,
  emergency: EmergencyIcon,
  engineering: EngineeringIcon,
  event: EventIcon,
  forum: ForumIcon,
  link: LinkIcon,
  local_fire_department: LocalFireDepartmentIcon,
  local_shipping: LocalShippingIcon,
  monitor_heart: MonitorHeartIcon,
  place: PlaceIcon,
  report: ReportIcon,
  sms: SmsIcon,
  support_agent: SupportAgentIcon,
  train: TrainIcon,
  warning: WarningIcon,
};

export const DefaultEventIcon = ReportProblemIcon;

/** The MUI icon for a catalogue icon name ('local_fire_department', 'LocalFireDepartment', …). */
export function iconFor(name: string | null | undefined): SvgIconComponent {
  if (!name) return DefaultEventIcon;
  const key = name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
  return ICONS[key] ?? DefaultEventIcon;
}
