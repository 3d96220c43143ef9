import type { ReactElement } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { LoginResponse } from '@panel/domain/auth';
import { useAppStore } from '../stores/appStore';
import { useAuthStore } from '../stores/authStore';
import { useEntitiesStore } from '../stores/entitiesStore';
import { useSetupStore } from '../stores/setupStore';
import { useUiStore } from '../stores/uiStore';
import { Toaster, useToastStore } from '../ui/toasts';

export function renderUi(ui: ReactElement) {
  return render(
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      {ui}
      <Toaster />
    </ThemeProvider>,
  );
}

export function resetStores() {
  useAuthStore.getState().logout();
  useEntitiesStore.getState().clear();
  useAppStore.getState().reset();
  useAppStore.getState().set({ newVersion: false, environment: null, hash: null, release: null });
  useUiStore.getState().reset();
  useToastStore.setState({ toasts: [] });
  useSetupStore.setState({ autoRefresh: true, autoRefreshPeriod: 8000, sendOnEnter: true });
}

export const demoLogin: LoginResponse = {
  result: true,
  message: 'token-1',
  instance: 'instance-1',
  user: {
    id: 7,
    username: 'dispecer',
    baseId: 3,
    firstName: 'Jana',
    lastName: 'Nováková',
    roles: [],
    groups: [],
  },
  device: null,
  devices: [{ id: 11, name: 'Pracoviště 1', code: 'X001' }],
};

type Handler = (
  init: RequestInit & { url: string },
) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/** Replaces fetch with a table of `METHOD path` → answer; records the calls. */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.split('?')[0];
    calls.push({
      method,
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const handler = routes[`${method} ${path}`];
    const answer = handler ? await handler({ ...init, url }) : { status: 404, body: { message: 'not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}
