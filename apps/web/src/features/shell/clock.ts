/** Second and minute ticks (001 §9) in the app store; the window title shows 'PANEL HH:mm:ss'. */
import { MINUTE_TICK, SECOND_TICK } from '@panel/domain/constants';
import { formatClock } from '@panel/domain/locale';
import { useAppStore } from '../../stores/appStore';
import { t } from '../../texts';
import { reportEventIdOf } from '../incidentReport/route';

export const SECOND = SECOND_TICK;
export const MINUTE = MINUTE_TICK;

export function startClock(): () => void {
  // the incident report's tab keeps its own title (the PDF's name when the browser prints it)
  const ownsTitle = reportEventIdOf(window.location.pathname) === null;
  const tickSecond = () => {
    const now = Date.now();
    useAppStore.getState().set({ secondDate: now });
    if (ownsTitle) document.title = t.shell.windowTitle(formatClock(new Date(now)));
  };
  const tickMinute = () => useAppStore.getState().set({ minuteDate: Date.now() });
  tickSecond();
  tickMinute();
  const second = setInterval(tickSecond, SECOND);
  const minute = setInterval(tickMinute, MINUTE);
  return () => {
    clearInterval(second);
    clearInterval(minute);
  };
}

/** Online/offline status follows the browser events. */
export function watchOnline(): () => void {
  const update = () => useAppStore.getState().set({ online: navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
