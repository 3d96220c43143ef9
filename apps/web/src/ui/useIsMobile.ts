/** Phone-sized screens (001 §2 mobile variant): below 768 px wide the sidebar and the map take turns. */
import { useMediaQuery } from '@mui/material';

export const MOBILE_QUERY = '(max-width: 767px)';

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);
