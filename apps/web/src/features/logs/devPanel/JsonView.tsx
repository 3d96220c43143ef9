import { Box } from '@mui/material';

/** Plain data of a store state: functions left out. */
export function plain(state: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => typeof v !== 'function'));
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (v instanceof Blob ? `[Blob ${v.size} B]` : v), 2) ?? 'undefined';
  } catch (error) {
    return String(error);
  }
}

export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <Box
      component="pre"
      data-testid={testId}
      sx={{ m: 0, fontSize: 11, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {stringify(value)}
    </Box>
  );
}
