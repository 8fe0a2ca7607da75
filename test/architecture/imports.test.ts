// The import structure: no circle anywhere, and every import in lib/ points down the layers below (bottom
// first; docs/architecture.md#layers). A file is in the layer of the most specific path that names it. The
// checker itself is tried on a made-up graph first, so a circle or an upward import added later fails here.
import { describe, expect, it } from 'vitest';
import {
  type ImportGraph,
  importCircles,
  type Layer,
  reachableFrom,
  readImportGraph,
  upwardImports,
} from '../support/import-graph';

const ROOT = new URL('../..', import.meta.url).pathname;

const LAYERS: Layer[] = [
  { name: 'db', paths: ['db'] },
  {
    // building blocks that know no domain: logging, ids, crypto, config, the API's error and body helpers, the
    // job port, chain configuration, clock schedules, the task's types
    name: 'kernel',
    paths: [
      'lib/log',
      'lib/ids.ts',
      'lib/crypto',
      'lib/net',
      'lib/config',
      'lib/slug.ts',
      'lib/cn.ts',
      'lib/plural.ts',
      'lib/canonical-json.ts',
      'lib/metrics',
      'lib/blobs',
      'lib/api',
      'lib/auth/scopes.ts',
      'lib/jobs/port.ts',
      'lib/jobs/payloads.ts',
      'lib/jobs/inngest-client.ts',
      'lib/jobs/embedded-queue.ts',
      'lib/chains/config.ts',
      'lib/chains/address.ts',
      'lib/chains/wei.ts',
      'lib/chains/kinds.ts',
      'lib/chains/read-methods.ts',
      'lib/console/origin.ts',
      'lib/console/format.ts',
      'lib/console/path-header.ts',
      'lib/runtime/task-types.ts',
      'lib/schedules',
    ],
  },
  // the RPC gateway and the sandboxes (runners and the task runner)
  { name: 'platform', paths: ['lib/gateway', 'lib/runtime'] },
  {
    // who may do what, in which workspace and project, within which plan; the route wrapper that asks
    name: 'guards',
    paths: [
      'lib/auth',
      'lib/audit',
      'lib/users',
      'lib/workspaces',
      'lib/projects',
      'lib/usage',
      'lib/billing',
      'lib/secrets',
      'lib/storage',
      'lib/console',
      'lib/api/route.ts',
    ],
  },
  // chains as Tickwork uses them: clients, submitters, Safe, Zodiac Roles
  { name: 'chain', paths: ['lib/chains', 'lib/safe', 'lib/zodiac'] },
  // what users define: releases, profiles, executables and their triggers
  { name: 'executables', paths: ['lib/functions', 'lib/profiles', 'lib/executables', 'lib/triggers'] },
  {
    // what runs them: executions, the chain follower, alerts, the webhook door, sandbox provisioning; the fee hold
    // and the configuration facets (a cap change lifts a hold), which open and resolve alerts; the public status
    // (the gateway's chain health with the executions' figures)
    name: 'engine',
    paths: [
      'lib/executions',
      'lib/status',
      'lib/follower',
      'lib/alerts',
      'lib/webhooks',
      'lib/executables/provision.ts',
      'lib/executables/fee-hold.ts',
      'lib/executables/facets.ts',
    ],
  },
  // the management API's operation objects and the OpenAPI document made of them
  { name: 'operations', paths: ['lib/*/operations.ts', 'lib/*/*-operations.ts', 'lib/api/openapi'] },
  // tickwork.yaml's schema (the CLI's plan and apply, and the app's /schemas/tickwork.json)
  { name: 'as-code', paths: ['lib/as-code'] },
  // the job catalog, its workflows and the two providers built from it
  { name: 'jobs', paths: ['lib/jobs'] },
  // this server process: its readiness and its graceful shutdown
  { name: 'instance', paths: ['lib/instance'] },
  // the composition roots and what users touch: the Next app, the CLI, the task SDK
  {
    name: 'app',
    paths: ['app', 'components', 'instrumentation.ts', 'proxy.ts', 'cli', 'sdk', 'types'],
  },
];

const SOURCES = ['lib', 'db', 'app', 'components', 'cli', 'sdk', 'types', 'instrumentation.ts', 'proxy.ts'];

const fixture = (edges: Record<string, string[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe('the checker', () => {
  it('finds a circle, however long, and an import up a layer', () => {
    const graph = fixture({
      'db/a.ts': [],
      'lib/log/b.ts': ['db/a.ts'],
      'lib/alerts/c.ts': ['lib/log/b.ts', 'lib/jobs/port.ts'],
      'lib/jobs/port.ts': ['lib/jobs/catalog.ts'],
      'lib/jobs/catalog.ts': ['lib/alerts/c.ts'],
    });
    expect(importCircles(graph)).toEqual([['lib/alerts/c.ts', 'lib/jobs/catalog.ts', 'lib/jobs/port.ts']]);
    expect(upwardImports(graph, LAYERS).upward).toEqual([
      'lib/jobs/port.ts (kernel) -> lib/jobs/catalog.ts (jobs)',
    ]);
    expect(reachableFrom(graph, 'lib/jobs/port.ts').has('lib/alerts/c.ts')).toBe(true);
  });
});

describe('the import structure', () => {
  const graph = readImportGraph(ROOT, SOURCES);

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(500);
    expect(graph.get('lib/jobs/providers/embedded.ts')).toContain('lib/jobs/catalog.ts');
  });

  it('has no import circle', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('imports only down the layers, and every source is in one', () => {
    expect(upwardImports(graph, LAYERS)).toEqual({ upward: [], unplaced: [] });
  });

  it('lets domain code queue a job without reaching a workflow or a provider', () => {
    const reached = [...reachableFrom(graph, 'lib/jobs/port.ts')];
    expect(reached.filter((f) => /^lib\/jobs\/(workflows\/|providers\/|catalog)/.test(f))).toEqual([]);
    expect(reached.filter((f) => !/^(db\/|lib\/(jobs|log)\/)/.test(f))).toEqual([]);
  });

  it('starts the job providers only from the composition roots', () => {
    const importers = [...graph]
      .filter(([, targets]) => [...targets].some((t) => t.startsWith('lib/jobs/providers/')))
      .map(([file]) => file)
      .sort();
    expect(importers).toEqual(['app/api/inngest/route.ts', 'instrumentation.ts']);
  });
});
