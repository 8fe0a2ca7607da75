import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { type Zippable, zipSync } from 'fflate';
import { TASK_BUILD_OPTIONS } from '@/lib/functions/build/build-release';
import { testDb } from './fixtures';
import { target } from './target';

const FIXED_MTIME = new Date(2026, 0, 1);

export const TASK_SOURCE = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'noop' }) };\n`;

/** A ZIP from a map of path → text or bytes (fflate); pass raw `Zippable` entries for attributes. */
export function makeZip(files: Record<string, string | Uint8Array | [Uint8Array, object]>): Buffer {
  const entries: Zippable = {};
  for (const [path, content] of Object.entries(files)) {
    entries[path] =
      typeof content === 'string' ? new TextEncoder().encode(content) : (content as Zippable[string]);
  }
  // a fixed mtime: the same files always give the same bytes (and checksum), whatever the clock says
  return Buffer.from(zipSync(entries, { level: 6, mtime: FIXED_MTIME }));
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const taskZip = (source = TASK_SOURCE, extra: Record<string, string> = {}) =>
  makeZip({ 'index.js': source, ...extra });

export type UploadFields = {
  workspaceId: string;
  projectId: string;
  taskName: string;
  checkSum?: string;
  versionTag?: string;
  schema?: string;
  definedCallbacks?: string[];
  [extra: string]: unknown;
};

/**
 * POST /api/task/upload as multipart; `data` may be replaced by raw text to test malformed metadata, and
 * `query` adds URL parameters (e.g. `workspaceId`).
 */
export async function upload(
  token: string | undefined,
  zip: Buffer,
  fields: UploadFields | string,
  headers: Record<string, string> = {},
  query: Record<string, string> = {},
) {
  const form = new FormData();
  const data = typeof fields === 'string' ? fields : JSON.stringify({ checkSum: sha256(zip), ...fields });
  form.set('data', data);
  form.set('blob', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'bundle.zip');
  const qs = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
  const res = await fetch(`${target().baseUrl}/api/task/upload${qs}`, {
    method: 'POST',
    headers: { ...(token && { authorization: `Bearer ${token}` }), ...headers },
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, text, headers: res.headers };
}

/**
 * Rewrites header fields of entry `name` in an archive: `patch` gets the archive and the offsets of the
 * entry's central-directory header and local header (ZIP APPNOTE layout). The CRC is left alone.
 */
export function patchEntry(
  zip: Buffer,
  name: string,
  patch: (out: Buffer, central: number, local: number) => void,
): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end-of-central-directory record');
  const entries = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  let patched = 0;
  for (let i = 0; i < entries; i++) {
    if (out.readUInt32LE(at) !== 0x02014b50) throw new Error(`no central header at ${at}`);
    const nameLength = out.readUInt16LE(at + 28);
    const extraLength = out.readUInt16LE(at + 30);
    const commentLength = out.readUInt16LE(at + 32);
    if (out.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = out.readUInt32LE(at + 42);
      if (out.readUInt32LE(local) !== 0x04034b50) throw new Error(`no local header at ${local}`);
      patch(out, at, local);
      patched++;
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (patched !== 1) throw new Error(`entry ${name} found ${patched} times`);
  return out;
}

/** Declares another uncompressed size for an entry, in its local and central headers: a lying header. */
export const patchDeclaredSize = (zip: Buffer, name: string, size: number) =>
  patchEntry(zip, name, (out, central, local) => {
    out.writeUInt32LE(size, central + 24);
    out.writeUInt32LE(size, local + 22);
  });

/** Replaces every occurrence of `from` by `to` (same length) in the archive bytes, e.g. to rename entries. */
export function replaceBytes(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('same length only');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let at = out.indexOf(needle); at >= 0; at = out.indexOf(needle, at + 1)) out.write(to, at);
  return out;
}

/** The function_releases rows of a project (deleted ones included), oldest id first. */
export async function releaseRows(projectId: string) {
  return testDb().$sql<
    {
      id: string;
      name: string;
      version_tag: string;
      checksum: string;
      blob_id: string;
      deleted_at: Date | null;
    }[]
  >`select id, name, version_tag, checksum, blob_id, deleted_at from function_releases
    where project_id = ${projectId} order by id`;
}

/** The function_releases rows of a workspace. */
export async function workspaceReleaseCount(workspaceId: string): Promise<number> {
  const [row] = await testDb()
    .$sql`select count(*)::int as n from function_releases where workspace_id = ${workspaceId}`;
  return row.n as number;
}

/** How many blob rows hold exactly these bytes (content-addressed: 0 or 1). */
export async function blobCount(bytes: Uint8Array): Promise<number> {
  const [row] = await testDb().$sql`select count(*)::int as n from blobs where sha256 = ${sha256(bytes)}`;
  return row.n as number;
}

/** A task source (it may import viem) bundled with the CLI's options into one self-contained ES module. */
export async function bundledTask(source: string): Promise<string> {
  const result = await build({
    ...TASK_BUILD_OPTIONS,
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'js' },
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}
