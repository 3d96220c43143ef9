/**
 * 'Test mikrofonu' (001 §2 Other dialogs; manage Message): 'Zahájit test mikrofonu' starts one recording with a
 * live frequency display, 'Ukončení test mikrofonu (ss:SS)' ends it, then the recording plays back. One attempt:
 * after it the start button stays disabled (a new attempt = the dialog opened again). A refused microphone
 * gets a Czech message.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import { RecorderFailure, type Recording } from '../messages/capture/radioRecorder';
import { formatElapsed, startMicSession, type MicSession, type MicStarter } from './micSession';
import { MIC_TEXTS as T } from './texts';

export type MicPhase = 'idle' | 'starting' | 'recording' | 'stopping' | 'done' | 'failed';

export function MicTestDialog({
  open,
  onClose,
  starter = startMicSession,
}: {
  open: boolean;
  onClose: () => void;
  /** injectable for tests */
  starter?: MicStarter;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="mic-test-title">
      {open && <MicTestBody onClose={onClose} starter={starter} />}
    </Dialog>
  );
}

function MicTestBody({ onClose, starter }: { onClose: () => void; starter: MicStarter }) {
  const [phase, setPhase] = useState<MicPhase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const session = useRef<MicSession | null>(null);
  const startedAt = useRef(0);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const unmounted = useRef(false);

  const finish = (recording: Recording) => {
    if (unmounted.current) return;
    if (typeof URL.createObjectURL === 'function' && recording.blob.size > 0) {
      setAudioUrl(URL.createObjectURL(recording.blob));
    }
    setPhase('done');
  };

  const stop = async () => {
    const active = session.current;
    if (!active) return;
    session.current = null;
    setPhase('stopping');
    try {
      finish(await active.stop());
    } catch {
      if (!unmounted.current) {
        setFailure(T.failure.failed);
        setPhase('failed');
      }
    }
  };

  const start = async () => {
    setPhase('starting');
    setFailure(null);
    try {
      const active = await starter(() => void stop());
      if (unmounted.current) {
        void active.stop().catch(() => undefined);
        return;
      }
      session.current = active;
      startedAt.current = Date.now();
      setElapsed(0);
      setPhase('recording');
    } catch (error) {
      if (unmounted.current) return;
      const reason = error instanceof RecorderFailure ? error.reason : 'failed';
      setFailure(T.failure[reason]);
      setPhase('failed');
    }
  };

  // elapsed time while recording
  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setElapsed(Date.now() - startedAt.current), 50);
    return () => clearInterval(timer);
  }, [phase]);

  // live frequency display
  useEffect(() => {
    const analyser = session.current?.analyser;
    const el = canvas.current;
    if (phase !== 'recording' || !analyser || !el) return;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    const data = new Uint8Array(analyser.frequencyBinCount);
    let frame = 0;
    const draw = () => {
      analyser.getByteFrequencyData(data);
      const { width, height } = el;
      ctx.clearRect(0, 0, width, height);
      const bar = width / data.length;
      for (let i = 0; i < data.length; i++) {
        const h = (data[i] / 255) * height;
        ctx.fillStyle = `hsl(${200 - (data[i] / 255) * 200}, 80%, 50%)`;
        ctx.fillRect(i * bar, height - h, Math.max(1, bar - 1), h);
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      ctx.clearRect(0, 0, el.width, el.height);
    };
  }, [phase]);

  // closing the dialog ends a running recording and frees the playback
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      const active = session.current;
      session.current = null;
      if (active) void active.stop().catch(() => undefined);
    };
  }, []);
  useEffect(() => {
    return () => {
      if (audioUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(audioUrl);
    };
  }, [audioUrl]);

  const recording = phase === 'recording' || phase === 'stopping';

  return (
    <>
      <DialogTitle id="mic-test-title">{T.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {T.intro}
          </Typography>
          {recording ? (
            <Button
              variant="contained"
              color="error"
              startIcon={<StopIcon />}
              onClick={() => void stop()}
              disabled={phase === 'stopping'}
            >
              {T.stop(formatElapsed(elapsed))}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<MicIcon />}
              onClick={() => void start()}
              disabled={phase !== 'idle'}
            >
              {T.start}
            </Button>
          )}
          <Box
            component="canvas"
            ref={canvas}
            width={512}
            height={120}
            role="img"
            aria-label={T.frequencies}
            data-phase={phase}
            sx={{ width: '100%', height: 120, bgcolor: 'grey.900', borderRadius: 1, display: 'block' }}
          />
          {failure && <Alert severity="error">{failure}</Alert>}
          {phase === 'done' && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                {T.recorded}
              </Typography>
              {audioUrl ? (
                <audio controls src={audioUrl} data-testid="mic-playback" style={{ width: '100%' }} />
              ) : (
                <Alert severity="warning">{T.failure.failed}</Alert>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </>
  );
}
