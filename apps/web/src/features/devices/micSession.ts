/**
 * The microphone test's recording: one MediaRecorder recording (the radio recorder of the messages) plus a
 * Web Audio AnalyserNode on the microphone for the live frequency display. The analyser is optional: when the
 * browser cannot give it, the recording still works.
 */
import { startRecording, type Recording } from '../messages/capture/radioRecorder';

export interface MicSession {
  /** frequency data source for the live display, or null */
  readonly analyser: AnalyserNode | null;
  /** Ends the recording, releases the microphone and gives what was recorded. */
  stop(): Promise<Recording>;
}

export type MicStarter = (onMax: () => void) => Promise<MicSession>;

export const startMicSession: MicStarter = async (onMax) => {
  const recording = await startRecording(onMax);
  let stream: MediaStream | null = null;
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    context = new AudioContext();
    analyser = context.createAnalyser();
    analyser.fftSize = 256;
    analyser.smoothingTimeConstant = 0.7;
    context.createMediaStreamSource(stream).connect(analyser);
  } catch {
    // the spectrum is a bonus: the recording goes on without it
    analyser = null;
  }
  const release = () => {
    stream?.getTracks().forEach((t) => t.stop());
    void context?.close().catch(() => undefined);
  };
  return {
    analyser,
    async stop() {
      try {
        return await recording.stop();
      } finally {
        release();
      }
    },
  };
};

/** 'ss:SS' — elapsed seconds and hundredths, two digits each (minutes folded into the seconds above 99 s). */
export function formatElapsed(ms: number): string {
  const safe = Math.max(0, Math.floor(ms));
  const seconds = Math.floor(safe / 1000);
  const hundredths = Math.floor((safe % 1000) / 10);
  return `${String(seconds).padStart(2, '0')}:${String(hundredths).padStart(2, '0')}`;
}
