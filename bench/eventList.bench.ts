/**
 * Event list benchmark: the sidebar list (apps/web EventList) with N active events, rendered by React in jsdom.
 * Prints mount time, chip-filter and search times (pure filtering and the re-render), scroll re-render time and
 * how many rows are in the DOM. Prints figures; not a test. Run: `npm run bench:list -w bench`.
 *
 *   BENCH_LIST_EVENTS=5000     events in the list (default 5000)
 *   BENCH_LIST_RUNS=5          repetitions of the filter/search measurements
 *
 * jsdom does no layout, so the scroll box reports a 900 px viewport and every row 100 px (as in the web tests).
 * Figures are jsdom's (slow CSSOM for emotion's styles): treat the re-render times as upper bounds, a browser
 * is several times faster. Web modules are imported at run time (the bench tsconfig has no DOM/JSX); tsx compiles them with the web
 * tsconfig (TSX_TSCONFIG_PATH in the script).
 */
import { performance } from 'node:perf_hooks';

const COUNT = Number(process.env.BENCH_LIST_EVENTS ?? 5000);
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 5);
const VIEWPORT = 900;
const ROW = 100;

type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Runtime import that tsc does not follow (the web code needs DOM and JSX settings the bench lacks). */
const load = (specifier: string): Promise<Any> => import(specifier);

async function installDom() {
  const { JSDOM } = await load('jsdom');
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
    url: 'http://localhost/',
    pretendToBeVisual: true,
  });
  const g = globalThis as Any;
  const win = dom.window as Any;
  for (const key of Object.getOwnPropertyNames(win)) {
    if (key in g) continue;
    try {
      g[key] = win[key];
    } catch {
      // read-only globals stay Node's
    }
  }
  g.window = win;
  g.document = win.document;
  g.IS_REACT_ACT_ENVIRONMENT = true;
  // the virtualizer measures and scrolls outside act(); React's warnings about it are noise here
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('not wrapped in act')) return;
    consoleError(...args);
  };
  const proto = win.HTMLElement.prototype;
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 360 });
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => ROW });
  Object.defineProperty(proto, 'offsetWidth', { configurable: true, get: () => 360 });
  return win;
}

const pad = (n: number) => String(n).padStart(2, '0');
const WORDS = ['Požár vagonu', 'Technická pomoc', 'Únik látky', 'Srážka vlaku', 'Vykolejení', 'Zakouřený tunel'];
const PLACES = ['Praha hl. n.', 'Brno', 'Žďár nad Sázavou', 'Kolín', 'Plzeň', 'Ústí nad Labem', 'Olomouc'];

function makeEvents(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    const day = 1 + (i % 28);
    return {
      id,
      uuid: `uuid-${id}`,
      parentId: null,
      eventStateId: 1,
      eventStatusId: 2,
      eventTypeId: 1 + (i % 12),
      eventCategoryId: [1, 3, 5, 7, 9, 11, 17][i % 7],
      priorityId: 1 + (i % 4),
      baseId: 3 + (i % 5),
      eventToBase: [],
      eventToTags: i % 3 ? [7] : [3, 7],
      code: `PHA-2025-${String(id).padStart(4, '0')}`,
      start: `2025-01-${pad(day)} ${pad(i % 24)}:${pad(i % 60)}:00`,
      eta: i % 5 === 0 ? `2025-01-${pad(day)} 12:30:00` : null,
      etaDuration: i % 5 === 0 ? 600 : null,
      header: {
        title: { value: `${WORDS[i % WORDS.length]} ${id}`, class: null },
        subtitle: { value: PLACES[i % PLACES.length], class: null },
        description: { value: i % 2 ? 'Hlášeno oznamovatelem, na místě jednotka SŽ' : null, class: null },
        overview: { value: null, class: null },
      },
      address: `${PLACES[(i + 3) % PLACES.length]}, km ${i % 300}`,
      reporterName: i % 4 ? 'NOVÁK JAN' : 'ŘEHÁK KAREL',
      investigator: 'Dvořák',
      manager: null,
      messages: { total: i % 3, unread: i % 6 === 0 ? { 1: 2, 2: 1 } : {} },
      jobs: [],
      conversations: [],
    };
  });
}

function makeJobs(count: number) {
  const jobs: Any[] = [];
  for (let e = 1; e <= count; e += 4) {
    for (let k = 0; k < 1 + (e % 6); k++) {
      jobs.push({
        id: jobs.length + 1,
        eventId: e,
        eventUuid: `uuid-${e}`,
        eventJobStatusId: 14 + (k % 6),
        baseId: 3,
        resourceId: 1 + (jobs.length % 40),
      });
    }
  }
  return jobs;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(1)} ms, min ${sorted[0].toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}`;
}

async function main() {
  const win = await installDom();
  const React = await load('react');
  const { createRoot } = await load('react-dom/client');
  const { ThemeProvider, createTheme } = await load('@mui/material');
  const { useEntitiesStore } = await load('../apps/web/src/stores/entitiesStore.ts');
  const { useAuthStore } = await load('../apps/web/src/stores/authStore.ts');
  const { useListStore } = await load('../apps/web/src/stores/listStore.ts');
  const { EventList } = await load('../apps/web/src/features/events/list/EventList.tsx');
  const { filterEvents } = await load('../apps/web/src/features/events/list/filterEvents.ts');
  const { selectActiveEvents } = await load('../apps/web/src/stores/entitiesStore.ts');
  const { act } = React;

  useAuthStore.setState({
    user: { id: 1, username: 'bench', baseId: 3, firstName: '', lastName: '', roles: [], groups: [] },
  });
  const events = makeEvents(COUNT);
  useEntitiesStore.getState().applyBundle({
    resetData: true,
    settings: {
      eventFilters: [
        { code: 'all', name: 'Vše', eventCategoryIds: [] },
        { code: 'events', name: 'Události', eventCategoryIds: [1, 3, 5, 11, 17] },
        { code: 'calls', name: 'Volání', eventCategoryIds: [7] },
      ],
    },
    priorities: [1, 2, 3, 4].map((id) => ({
      id,
      name: `P${id}`,
      color: ['#4caf50', '#2196f3', '#ff9800', '#f44336'][id - 1],
      sort: id,
    })),
    eventCategories: [1, 3, 5, 7, 9, 11, 17].map((id) => ({
      id,
      name: `K${id}`,
      code: `K${id}`,
      type: id === 7 ? 'call' : id === 9 ? 'chat' : 'event',
      icon: 'report',
      color: '#f57c00',
      sort: id,
    })),
    tags: [
      { id: 3, tagCategoryId: 2, code: 'C_MEDIA', name: 'Medializováno', color: '#c62828', options: {} },
      { id: 7, tagCategoryId: 3, code: 'ZRANENI', name: 'Zranění osob', color: '#d32f2f', options: {} },
    ],
    resources: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, name: `CAS ${i + 1}`, baseCode: 'PHA' })),
    eventJobs: makeJobs(COUNT),
    events,
  });

  console.log(`Event list benchmark: ${COUNT} active events, jsdom, viewport ${VIEWPORT} px, rows ${ROW} px`);

  // --- pure filtering (no React)
  const active = selectActiveEvents(useEntitiesStore.getState());
  const base = {
    filterCode: null,
    filters: useEntitiesStore.getState().settings.eventFilters,
    custom: useListStore.getState().custom,
    categories: useEntitiesStore.getState().eventCategories,
  };
  let t = performance.now();
  filterEvents(active, { ...base, search: 'pozar' });
  console.log(`  search 'pozar', cold (builds the normalized haystacks): ${(performance.now() - t).toFixed(1)} ms`);
  const searchSamples: number[] = [];
  const chipSamples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    t = performance.now();
    filterEvents(active, { ...base, search: 'zdar nad' });
    searchSamples.push(performance.now() - t);
    t = performance.now();
    filterEvents(active, { ...base, search: '', filterCode: 'calls' });
    chipSamples.push(performance.now() - t);
  }
  console.log(`  search 'zdar nad', warm: ${stats(searchSamples)}`);
  console.log(`  chip filter 'calls': ${stats(chipSamples)}`);

  // --- React: mount, re-render on filter/search, scroll
  const theme = createTheme();
  const container = win.document.getElementById('root');
  const root = createRoot(container);
  t = performance.now();
  await act(async () => {
    root.render(React.createElement(ThemeProvider, { theme }, React.createElement(EventList)));
  });
  const mount = performance.now() - t;
  const rows = () => container.querySelectorAll('[data-testid="event-row"]').length;
  console.log(
    `  mount: ${mount.toFixed(1)} ms, rows in DOM ${rows()} of ${COUNT}, DOM nodes ${container.querySelectorAll('*').length}`,
  );

  const chipRender: number[] = [];
  const searchRender: number[] = [];
  const scrollRender: number[] = [];
  const scroller = container.querySelector('[data-testid="event-list-scroll"]');
  for (let r = 0; r < RUNS; r++) {
    t = performance.now();
    await act(async () => useListStore.getState().setFilterCode(r % 2 ? 'calls' : 'events'));
    chipRender.push(performance.now() - t);
    await act(async () => useListStore.getState().setFilterCode(null));

    // the search settles 300 ms after the last key: wait it out, then time the settled re-render
    await act(async () => useListStore.getState().setSearch(r % 2 ? 'rehak' : 'pozar'));
    await new Promise((resolve) => setTimeout(resolve, 290));
    t = performance.now();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    searchRender.push(performance.now() - t - 20);
    await act(async () => useListStore.getState().setSearch(''));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 320));
    });

    t = performance.now();
    await act(async () => {
      scroller.scrollTop = ((r + 1) * 37_000) % (COUNT * ROW - VIEWPORT);
      scroller.dispatchEvent(new win.Event('scroll'));
    });
    scrollRender.push(performance.now() - t);
  }
  console.log(`  chip change re-render: ${stats(chipRender)}`);
  console.log(`  search settled re-render (after the 300 ms debounce): ${stats(searchRender)}`);
  console.log(`  scroll jump re-render: ${stats(scrollRender)}, rows in DOM ${rows()}`);

  await act(async () => root.unmount());
  win.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
