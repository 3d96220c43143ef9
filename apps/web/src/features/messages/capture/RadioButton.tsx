/**
 * Push-to-talk (000 §2/§5): hold the button (mouse, touch or pen) or Ctrl+Space to record; releasing sends the
 * recording as a radio message (X11). Recordings of 0.5 s or less are discarded; at 60 s the recorder stops
 * and sends by itself. A refused microphone gets a clear message.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import MicIcon from '@mui/icons-material/Mic';
import { toast } from '../../../ui/toasts';
import { setRadioRecording } from './radioActivity';
import { RecorderFailure, startRecording, type ActiveRecording } from './radioRecorder';
import {
  RADIO_MAX_MS,
  formatRecordingTime,
  isPushToTalkKey,
  isPushToTalkRelease,
  isRecordingTooShort,
} from './radioRules';
import { sendRecording, type CaptureTarget } from './sendCapture';
import { CAPTURE_TEXTS } from './texts';

type Phase = 'idle' | 'starting' | 'recording' | 'processing';

const FAILURE_TEXT = {
  denied: CAPTURE_TEXTS.micDenied,
  noDevice: CAPTURE_TEXTS.micMissing,
  unsupported: CAPTURE_TEXTS.unsupported,
  failed: CAPTURE_TEXTS.failed,
} as const;

/** Only the last mounted radio button answers Ctrl+Space (the chat in front). */
const keyOwners: symbol[] = [];

export function RadioButton({ target }: { target: CaptureTarget }) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [elapsed, setElapsed] = useState(0);
  const active = useRef<ActiveRecording | null>(null);
  const starting = useRef<Promise<void> | null>(null);
  const released = useRef(false);
  const targetRef = useRef(target);
  targetRef.current = target;

  async function finish() {
    if (starting.current) await starting.current;
    const recording = active.current;
    active.current = null;
    if (!recording) return;
    setPhase('processing');
    try {
      const result = await recording.stop();
      if (isRecordingTooShort(result.durationMs)) {
        toast.warning(CAPTURE_TEXTS.tooShort);
        return;
      }
      if (result.reachedMax) toast.info(CAPTURE_TEXTS.maxReached);
      await sendRecording(targetRef.current, result);
    } catch (error) {
      console.error('[radio] recording failed', error);
      toast.error(CAPTURE_TEXTS.failed);
    } finally {
      setPhase('idle');
      setElapsed(0);
    }
  }

  function begin() {
    if (phase !== 'idle' || starting.current) return;
    released.current = false;
    setPhase('starting');
    starting.current = startRecording(() => void finish())
      .then((recording) => {
        active.current = recording;
        setPhase('recording');
      })
      .catch((error: unknown) => {
        const reason = error instanceof RecorderFailure ? error.reason : 'failed';
        console.error('[radio] cannot record', reason, error);
        toast.error(FAILURE_TEXT[reason]);
        setPhase('idle');
      })
      .finally(() => {
        starting.current = null;
      });
    // a release while the microphone was being opened ends the recording as soon as it runs
    void starting.current.then(() => {
      if (released.current) void finish();
    });
  }

  function end() {
    released.current = true;
    if (active.current) void finish();
  }

  // the rest of the panel (a new alert's dialog) waits while the microphone is open or being opened
  const talking = phase === 'starting' || phase === 'recording';
  useEffect(() => {
    if (!talking) return;
    setRadioRecording(true);
    return () => setRadioRecording(false);
  }, [talking]);

  // elapsed time while recording
  useEffect(() => {
    if (phase !== 'recording' || !active.current) return;
    const startedAt = active.current.startedAt;
    const timer = setInterval(() => setElapsed(Date.now() - startedAt), 200);
    return () => clearInterval(timer);
  }, [phase]);

  // Ctrl+Space anywhere in the panel
  const beginRef = useRef(begin);
  const endRef = useRef(end);
  beginRef.current = begin;
  endRef.current = end;
  useEffect(() => {
    const me = Symbol('radio');
    keyOwners.push(me);
    let held = false;
    const down = (e: KeyboardEvent) => {
      if (keyOwners[keyOwners.length - 1] !== me || !isPushToTalkKey(e)) return;
      e.preventDefault();
      if (e.repeat || held) return;
      held = true;
      beginRef.current();
    };
    const up = (e: KeyboardEvent) => {
      if (!held || !isPushToTalkRelease(e)) return;
      e.preventDefault();
      held = false;
      endRef.current();
    };
    const blur = () => {
      if (held) {
        held = false;
        endRef.current();
      }
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', blur);
    return () => {
      keyOwners.splice(keyOwners.indexOf(me), 1);
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', blur);
    };
  }, []);

  // a recording never outlives the form (tab change, logout)
  useEffect(
    () => () => {
      released.current = true;
      void active.current?.stop().catch(() => undefined);
      active.current = null;
    },
    [],
  );

  const recording = phase === 'recording';
  return (
    <Box sx={{ position: 'relative', display: 'flex', alignItems: 'center' }}>
      {recording && (
        // floats above the form so that the text field keeps its width
        <Typography
          variant="caption"
          role="status"
          data-testid="radio-recording"
          sx={{
            position: 'absolute',
            bottom: '100%',
            right: 0,
            mb: 1,
            px: 1,
            py: 0.25,
            borderRadius: 1,
            bgcolor: 'error.main',
            color: 'common.white',
            boxShadow: 2,
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            zIndex: 3,
          }}
        >
          ● {CAPTURE_TEXTS.recordingShort} {formatRecordingTime(elapsed)} / {formatRecordingTime(RADIO_MAX_MS)}
        </Typography>
      )}
      <Tooltip title={recording ? CAPTURE_TEXTS.recording(formatRecordingTime(elapsed)) : CAPTURE_TEXTS.radio}>
        <span>
          <IconButton
            aria-label={CAPTURE_TEXTS.radio}
            aria-pressed={recording}
            data-testid="radio-button"
            data-phase={phase}
            color={recording ? 'error' : 'default'}
            disabled={phase === 'processing'}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              e.currentTarget.setPointerCapture?.(e.pointerId);
              begin();
            }}
            onPointerUp={end}
            onPointerCancel={end}
            onLostPointerCapture={() => {
              if (phase === 'recording' || phase === 'starting') end();
            }}
            onContextMenu={(e) => e.preventDefault()}
            sx={{
              touchAction: 'none',
              userSelect: 'none',
              ...(recording && {
                bgcolor: 'error.main',
                color: 'common.white',
                '&:hover': { bgcolor: 'error.dark' },
                animation: 'radio-pulse 1s ease-in-out infinite',
                '@keyframes radio-pulse': {
                  '0%, 100%': { boxShadow: '0 0 0 0 rgba(211,47,47,0.6)' },
                  '50%': { boxShadow: '0 0 0 6px rgba(211,47,47,0)' },
                },
              }),
            }}
          >
            {phase === 'processing' || phase === 'starting' ? <CircularProgress size={20} /> : <MicIcon />}
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
