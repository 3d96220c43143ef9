/**
 * Toasts (001 §9): top centre, with a progress bar; success and error disappear after 3 s (TOAST_TIMEOUT).
 */
import { keyframes } from '@emotion/react';
import { Alert, Box, Stack, type AlertColor } from '@mui/material';
import { create } from 'zustand';
import { TOAST_TIMEOUT } from '@panel/domain/constants';

export interface Toast {
  id: number;
  severity: AlertColor;
  message: string;
  timeout: number;
}

interface ToastState {
  toasts: Toast[];
  push: (severity: AlertColor, message: string, timeout?: number) => number;
  dismiss: (id: number) => void;
  /** Drops every toast of this severity (e.g. a failed login's error once the login succeeds). */
  dismissAll: (severity: AlertColor) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (severity, message, timeout = TOAST_TIMEOUT) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, severity, message, timeout }] }));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), timeout),
    );
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  dismissAll: (severity) => {
    for (const t of get().toasts) if (t.severity === severity) get().dismiss(t.id);
  },
}));

export const toast = {
  success: (message: string) => useToastStore.getState().push('success', message),
  error: (message: string) => useToastStore.getState().push('error', message),
  warning: (message: string) => useToastStore.getState().push('warning', message),
  info: (message: string) => useToastStore.getState().push('info', message),
};

const shrink = keyframes`from { transform: scaleX(1); } to { transform: scaleX(0); }`;

export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        top: 12,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(480px, calc(100vw - 24px))',
        pointerEvents: 'none',
      }}
    >
      {toasts.map((item) => (
        <Box key={item.id} sx={{ pointerEvents: 'auto', position: 'relative', overflow: 'hidden', borderRadius: 1 }}>
          <Alert variant="filled" severity={item.severity} onClose={() => dismiss(item.id)} sx={{ boxShadow: 4 }}>
            {item.message}
          </Alert>
          <Box
            role="progressbar"
            aria-label="zbývající čas"
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              height: 3,
              bgcolor: 'rgba(255,255,255,0.7)',
              transformOrigin: 'left',
              animation: `${shrink} ${item.timeout}ms linear forwards`,
            }}
          />
        </Box>
      ))}
    </Stack>
  );
}
