/**
 * The monitoring files in deploy/ cannot rot: every metric name the Grafana dashboard, the Prometheus alert
 * rules and the operator's guide (docs/OPERATIONS.md "Monitoring") use must exist in a real scrape of /metrics (an app that did some work, so histograms and labelled
 * counters have samples), and the rule file must be well-formed (parsed with `yaml`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, login, type TestApp } from '../test/factory.js';

const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const TOKEN = 'deploy-files-token-0123456789';

/** metric names in a PromQL expression: ours and the default metrics' */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\b(?:panel|nodejs|process)_[a-z0-9_]+\b/g)].map((m) => m[0]);
}

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

describe('deploy/ monitoring files', () => {
  let t: TestApp;
  let scrape: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { port: null, host: '127.0.0.1', token: TOKEN } } });
    await login(t.app, 'dispecer');
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    scrape = res.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** a sample line of the name, or its TYPE line (a labelled series with no sample yet, e.g. GC before a GC) */
  const exists = (name: string) => {
    if (new RegExp(`^${name}[{ ]`, 'm').test(scrape) || new RegExp(`^# TYPE ${name} `, 'm').test(scrape)) return true;
    const base = /^(.+)_(?:bucket|sum|count)$/.exec(name)?.[1];
    return base !== undefined && new RegExp(`^# TYPE ${base} histogram$`, 'm').test(scrape);
  };

  it("every metric the operator's guide tells to alert on is in a real scrape", () => {
    const guide = readFileSync(path.join(deployDir, '../docs/OPERATIONS.md'), 'utf8');
    const monitoring = /\n## \d+\. Monitoring\n([\s\S]*?)\n## /.exec(guide)?.[1] ?? '';
    const names = new Set(metricNames(monitoring));
    expect(names.size).toBeGreaterThanOrEqual(8);
    expect([...names].filter((n) => !exists(n))).toEqual([]);
  });

  it('every metric of the Grafana dashboard is in a real scrape', () => {
    const dashboard = JSON.parse(readFileSync(path.join(deployDir, 'grafana/panel-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
      templating: { list: { definition?: string }[] };
    };
    const exprs = [
      ...dashboard.panels.flatMap((p) => p.targets.map((x) => x.expr)),
      ...dashboard.templating.list.flatMap((v) => (v.definition ? [v.definition] : [])),
    ];
    const names = new Set(exprs.flatMap(metricNames));
    // what the issue asks the dashboard to show
    for (const wanted of [
      'panel_http_request_duration_seconds_bucket',
      'panel_sync_answers_total',
      'panel_sockets_connected',
      'panel_positions_total',
      'panel_login_failures_total',
      'panel_database_up',
      'panel_db_pool_waiting',
      'panel_redis_state',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(names.has(wanted), wanted).toBe(true);
    }
    for (const name of names) expect(exists(name), `${name} is not in /metrics`).toBe(true);
  });

  it('every alert rule is well-formed and uses metrics that exist', () => {
    const file = parse(readFileSync(path.join(deployDir, 'prometheus/alerts.yml'), 'utf8')) as {
      groups: { name: string; rules: Rule[] }[];
    };
    const rules = file.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'PanelDatabaseDown',
        'PanelRedisDown',
        'PanelEventLoopLag',
        'PanelServerErrors',
        'PanelNoPositions',
        'PanelLoginFailureBurst',
      ]),
    );
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Panel[A-Za-z]+$/);
      expect(typeof rule.expr).toBe('string');
      expect(rule.labels?.severity).toMatch(/^(critical|warning)$/);
      expect(rule.annotations?.summary).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for).toMatch(/^\d+[smh]$/);
      const names = metricNames(rule.expr!);
      expect(names.length, rule.alert).toBeGreaterThan(0);
      for (const name of names) expect(exists(name), `${rule.alert}: ${name} is not in /metrics`).toBe(true);
    }
  });

  it('a name that is not scraped is caught (the check can fail)', () => {
    expect(exists('panel_no_such_metric_total')).toBe(false);
  });
});
