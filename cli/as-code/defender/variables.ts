import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** A `${…}` the import cannot resolve (a file not committed, an environment variable): reported, not guessed. */
export class Unresolved extends Error {
  constructor(readonly expression: string) {
    super(`\${${expression}} cannot be resolved here`);
  }
}

const INNERMOST = /\$\{([^${}]*)\}/;
const MAX_DEPTH = 20;

/** `'dev'`, `"dev"` or `60` → the literal; anything else is not one. */
function literal(text: string): { value: unknown } | null {
  const t = text.trim();
  const quoted = /^'(.*)'$|^"(.*)"$/.exec(t);
  if (quoted) return { value: quoted[1] ?? quoted[2] };
  if (/^-?\d+(\.\d+)?$/.test(t)) return { value: Number(t) };
  return null;
}

/**
 * The Serverless Framework's variables of a Defender `serverless.yml`, as far as a file on disk answers them:
 * `${self:a.b}`, `${opt:stage, 'dev'}` (the `stage` given), `${file(./x.yml)}` and `${file(./x.yml):a.b}`
 * (next to the serverless.yml), and a `, 'fallback'`. `${env:…}` is never read: secrets live there.
 */
export class Variables {
  private readonly files = new Map<string, unknown>();

  constructor(
    private readonly root: unknown,
    private readonly dir: string,
    private readonly stage: string,
  ) {}

  /** The value at a dotted path of the document, its variables resolved. */
  at(dotted: string, depth = 0): unknown {
    return this.walk(this.root, dotted.split('.'), depth);
  }

  /** Down the keys, resolving each step's value first (`custom.config` may be a `${file(…)}`). */
  private walk(value: unknown, keys: string[], depth: number): unknown {
    let current = value;
    for (const key of keys) {
      if (typeof current === 'string') current = this.interpolate(current, depth + 1);
      if (!current || typeof current !== 'object') return undefined;
      current = (current as Record<string, unknown>)[key];
    }
    return this.resolve(current, depth + 1);
  }

  resolve(value: unknown, depth = 0): unknown {
    if (depth > MAX_DEPTH) throw new Unresolved('a variable that refers to itself');
    if (typeof value === 'string') return this.interpolate(value, depth);
    if (Array.isArray(value)) return value.map((v) => this.resolve(v, depth + 1));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v, depth + 1)]));
    }
    return value;
  }

  private interpolate(text: string, depth: number): unknown {
    let current = text;
    for (let i = 0; i < MAX_DEPTH; i++) {
      const match = INNERMOST.exec(current);
      if (!match) return current;
      const value = this.expression(match[1], depth + 1);
      if (match[0] === current) return value;
      current = current.replace(match[0], typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    throw new Unresolved(text);
  }

  private expression(expression: string, depth: number): unknown {
    const [source, ...rest] = expression.split(',');
    const fallback = rest.length > 0 ? literal(rest.join(',')) : null;
    try {
      const value = this.source(source.trim(), depth);
      if (value === undefined) throw new Unresolved(expression);
      return value;
    } catch (error) {
      if (error instanceof Unresolved && fallback) return fallback.value;
      throw error;
    }
  }

  private source(source: string, depth: number): unknown {
    if (source.startsWith('self:')) return this.at(source.slice(5), depth);
    if (source === 'opt:stage') return this.stage;
    const file = /^file\((.+?)\)(?::(.+))?$/.exec(source);
    if (file) {
      const doc = this.file(String(this.interpolate(file[1], depth)));
      return this.walk(doc, file[2] ? file[2].split('.') : [], depth);
    }
    throw new Unresolved(source);
  }

  private file(relative: string): unknown {
    const full = path.resolve(this.dir, relative);
    if (!this.files.has(full)) {
      if (!existsSync(full)) throw new Unresolved(`file(${relative})`);
      this.files.set(full, parse(readFileSync(full, 'utf8')));
    }
    return this.files.get(full);
  }
}
