/**
 * Whether a push-to-talk recording is in progress anywhere in the panel (from the moment the microphone is asked
 * for until the button or Ctrl+Space is released). Read by the alerts (features/alerts/dialogGate.ts): a new
 * alert's dialog waits for the recording to end instead of covering the panel in the middle of it.
 */
import { create } from 'zustand';

export const useRadioActivity = create<{ recording: boolean }>()(() => ({ recording: false }));

export const setRadioRecording = (recording: boolean): void => {
  if (useRadioActivity.getState().recording !== recording) useRadioActivity.setState({ recording });
};
