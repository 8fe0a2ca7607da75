import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The project's import graph, read from its sources: every `import … from`, `export … from`, bare `import '…'`,
// `import()` and `require()` naming a file of the tree (`@/` or relative), type-only imports included (a circle
// of types is still a circle to read). Paths are relative to the root, with `/`.

export type ImportGraph = Map<string, Set<string>>;

const SOURCE = /\.(ts|tsx|cjs|mjs)$/;
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourcesUnder(root: string, dir: string, out: string[]) {
  if (!existsSync(join(root, dir))) return;
  const whole = join(root, dir);
  if (statSync(whole).isFile()) {
    out.push(dir);
    return;
  }
  for (const name of readdirSync(whole)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) sourcesUnder(root, path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
}

function resolveImport(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(root, dirname(from), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.cjs`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

/** The graph of the sources under `dirs` (folders or files), edges only between files of the tree. */
export function readImportGraph(root: string, dirs: string[]): ImportGraph {
  const files: string[] = [];
  for (const dir of dirs) sourcesUnder(root, dir, files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(root, file, m[1] ?? m[2] ?? m[3] ?? m[4]);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The import circles (strongly connected groups of two or more files), each sorted, largest first. */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const circle: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      circle.push(w);
    } while (w !== v);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles.sort((a, b) => b.length - a.length);
}

/** A layer: its name and the paths it holds (a folder, a file, or a pattern whose `*` is one path segment). */
export type Layer = { name: string; paths: string[] };

const matches = (file: string, path: string) =>
  path.includes('*')
    ? new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`).test(file)
    : file === path || file.startsWith(`${path}/`);

/**
 * The layer of a file (index into `layers`, bottom first): the most specific path that holds it wins (a pattern
 * over a folder, a longer path over a shorter one). Null when no layer holds it.
 */
export function layerOf(layers: Layer[], file: string): number | null {
  let found: number | null = null;
  let best = -1;
  layers.forEach((layer, i) => {
    for (const path of layer.paths) {
      const weight = path.length + (path.includes('*') ? 1_000 : 0);
      if (matches(file, path) && weight > best) {
        found = i;
        best = weight;
      }
    }
  });
  return found;
}

/** Every import from a layer to a higher one, as `from (layer) -> to (layer)`; and the files no layer holds. */
export function upwardImports(graph: ImportGraph, layers: Layer[]): { upward: string[]; unplaced: string[] } {
  const upward: string[] = [];
  const unplaced = new Set<string>();
  for (const [file, targets] of graph) {
    const from = layerOf(layers, file);
    if (from === null) {
      unplaced.add(file);
      continue;
    }
    for (const target of targets) {
      const to = layerOf(layers, target);
      if (to === null) unplaced.add(target);
      else if (to > from) upward.push(`${file} (${layers[from].name}) -> ${target} (${layers[to].name})`);
    }
  }
  return { upward: upward.sort(), unplaced: [...unplaced].sort() };
}

/** The files reachable from `start` by imports (itself excluded). */
export function reachableFrom(graph: ImportGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const todo = [...(graph.get(start) ?? [])];
  while (todo.length > 0) {
    const file = todo.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...(graph.get(file) ?? []));
  }
  return seen;
}
