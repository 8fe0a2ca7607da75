import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Zlib from 'node:zlib';
import { zipSync } from 'fflate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { BUNDLE_LIMITS, inspectBundle } from '@/lib/functions/bundle';
import {
  blobCount,
  makeZip,
  patchDeclaredSize,
  patchEntry,
  releaseRows,
  replaceBytes,
  sha256,
  TASK_SOURCE,
  upload,
} from '../../support/bundles';
import { expectError } from '../../support/expect';
import { newProject, newWorkspace, uniq } from '../../support/fixtures';

const MiB = 1024 * 1024;
const SYMLINK = 0o120777 << 16;
const REGULAR = 0o100644 << 16;

async function setup() {
  const owner = await newWorkspace({ plan: 'pro' });
  const project = await newProject(owner.workspaceId);
  const send = (zip: Buffer, extra: Record<string, unknown> = {}) =>
    upload(owner.token, zip, {
      workspaceId: owner.workspaceId,
      projectId: project.id,
      taskName: `b-${uniq()}`,
      ...extra,
    });
  /** The upload was refused with this status and code, and left no new release and no blob behind. */
  const refused = async (zip: Buffer, status: number, code: string) => {
    const before = (await releaseRows(project.id)).length;
    const res = await send(zip);
    expectError(res, status, code);
    expect(await releaseRows(project.id)).toHaveLength(before);
    expect(await blobCount(zip)).toBe(0);
    return res;
  };
  return { owner, project, send, refused };
}

const withIndex = (files: Record<string, string | Uint8Array | [Uint8Array, object]>) =>
  makeZip({ 'index.js': TASK_SOURCE, ...files });

describe('bundle safety: paths', () => {
  it.each([
    ['../x', '../x'],
    ['a/../../x', 'a/../../x'],
    ['a/..', 'a/..'],
    ['..', '..'],
    ['/etc/x', '/etc/x'],
    ['C:/x', 'C:/x'],
    ['c:x', 'c:x'],
    ['a\\b.js', 'a\\b.js'],
    ['..\\x', '..\\x'],
  ])('an entry named %s → 400 bundle_path_invalid', async (_, name) => {
    const { refused } = await setup();
    const res = await refused(withIndex({ [name]: 'payload' }), 400, 'bundle_path_invalid');
    expect(res.body.error).not.toMatch(/\bat\s|node_modules/);
  });

  it('a NUL in an entry name → 400 bundle_path_invalid', async () => {
    const { refused } = await setup();
    const zip = replaceBytes(withIndex({ 'evil.js.txt': 'x' }), 'evil.js.txt', 'evil.js\u0000txt');
    await refused(zip, 400, 'bundle_path_invalid');
  });

  it('two entries with the same name (a shadowed index.js) → 400 bundle_path_invalid', async () => {
    const { refused } = await setup();
    const zip = replaceBytes(
      makeZip({ 'index.js': TASK_SOURCE, 'indey.js': 'globalThis.evil = 1;' }),
      'indey.js',
      'index.js',
    );
    await refused(zip, 400, 'bundle_path_invalid');
  });

  it('names that only look odd are fine: dots inside names, nested folders, directory entries', async () => {
    const { send } = await setup();
    const res = await send(
      withIndex({ 'a..b.js': '1', 'lib/.hidden/x.js': '2', 'lib/': new Uint8Array(0), '...': '3' }),
    );
    expect(res.status, res.text).toBe(200);
  });
});

describe('bundle safety: symlinks and entry types', () => {
  it('a symbolic link entry → 400 bundle_symlink', async () => {
    const { refused } = await setup();
    await refused(
      withIndex({ 'secrets.txt': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: SYMLINK }] }),
      400,
      'bundle_symlink',
    );
  });

  it('index.js itself as a symbolic link → 400 bundle_symlink', async () => {
    const { refused } = await setup();
    const zip = makeZip({ 'index.js': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: SYMLINK }] });
    await refused(zip, 400, 'bundle_symlink');
  });

  it('regular Unix files with modes are accepted', async () => {
    const { send } = await setup();
    const zip = makeZip({
      'index.js': [new TextEncoder().encode(TASK_SOURCE), { os: 3, attrs: REGULAR }],
      'run.sh': [new TextEncoder().encode('#!/bin/sh\n'), { os: 3, attrs: 0o100755 << 16 }],
    });
    expect((await send(zip)).status).toBe(200);
  });

  it('an encrypted entry → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = patchEntry(withIndex({ 'data.txt': 'hello' }), 'data.txt', (out, central, local) => {
      out.writeUInt16LE(out.readUInt16LE(central + 8) | 1, central + 8);
      out.writeUInt16LE(out.readUInt16LE(local + 6) | 1, local + 6);
    });
    await refused(zip, 400, 'bundle_invalid');
  });

  it('an unsupported compression method → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = patchEntry(
      withIndex({ 'data.txt': 'hello hello hello' }),
      'data.txt',
      (out, central, local) => {
        out.writeUInt16LE(12, central + 10); // bzip2
        out.writeUInt16LE(12, local + 8);
      },
    );
    await refused(zip, 400, 'bundle_invalid');
  });

  it('corrupt deflate data → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = patchEntry(
      withIndex({ 'data.txt': 'x'.repeat(5000) }),
      'data.txt',
      (out, _central, local) => {
        const dataStart = local + 30 + out.readUInt16LE(local + 26) + out.readUInt16LE(local + 28);
        out.fill(0xff, dataStart, dataStart + 8);
      },
    );
    await refused(zip, 400, 'bundle_invalid');
  });
});

describe('bundle safety: entry count', () => {
  const files = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`f/${i}.js`, `export const n = ${i};`]));

  it(`exactly ${BUNDLE_LIMITS.entries} entries are accepted`, async () => {
    const { send } = await setup();
    const res = await send(withIndex(files(BUNDLE_LIMITS.entries - 1)));
    expect(res.status, res.text).toBe(200);
  });

  it(`${BUNDLE_LIMITS.entries + 1} entries → 400 bundle_too_many_entries`, async () => {
    const { refused } = await setup();
    await refused(withIndex(files(BUNDLE_LIMITS.entries)), 400, 'bundle_too_many_entries');
  });

  it('directory entries count too', async () => {
    const { refused } = await setup();
    const dirs = Object.fromEntries(
      Array.from({ length: BUNDLE_LIMITS.entries }, (_, i) => [`d${i}/`, new Uint8Array(0)]),
    );
    await refused(withIndex(dirs), 400, 'bundle_too_many_entries');
  });
});

describe('bundle safety: sizes', () => {
  it('an archive over 5 MiB → 413 bundle_too_large (just over, and far over)', async () => {
    const { refused } = await setup();
    for (const size of [5 * MiB + 1024, 7 * MiB]) {
      const zip = makeZip({ 'index.js': TASK_SOURCE, 'noise.bin': [randomBytes(size), { level: 0 }] });
      expect(zip.length).toBeGreaterThan(BUNDLE_LIMITS.archiveBytes);
      await refused(zip, 413, 'bundle_too_large');
    }
  });

  it('an archive just under 5 MiB of incompressible data is accepted', async () => {
    const { send } = await setup();
    const zip = makeZip({
      'index.js': TASK_SOURCE,
      'noise.bin': [randomBytes(5 * MiB - 4096), { level: 0 }],
    });
    expect(zip.length).toBeLessThanOrEqual(BUNDLE_LIMITS.archiveBytes);
    const res = await send(zip);
    expect(res.status, res.text).toBe(200);
  });

  it('zip bomb: one 25 MiB file of zeros (a ~25 KB archive) → 413 bundle_uncompressed_too_large', async () => {
    const { refused } = await setup();
    const zip = withIndex({ 'zeros.bin': new Uint8Array(25 * MiB) });
    expect(zip.length).toBeLessThan(100 * 1024);
    await refused(zip, 413, 'bundle_uncompressed_too_large');
  });

  it('many medium files adding up past 20 MiB → 413 bundle_uncompressed_too_large', async () => {
    const { refused } = await setup();
    const medium = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [`m${i}.bin`, new Uint8Array(MiB)]),
    );
    await refused(withIndex(medium), 413, 'bundle_uncompressed_too_large');
  });

  it('exactly 20 MiB uncompressed is accepted; one byte more is refused', async () => {
    const { send, refused } = await setup();
    const index = Buffer.byteLength(TASK_SOURCE);
    const fill = BUNDLE_LIMITS.uncompressedBytes - index;
    const ok = await send(withIndex({ 'fill.bin': new Uint8Array(fill) }));
    expect(ok.status, ok.text).toBe(200);
    await refused(withIndex({ 'fill.bin': new Uint8Array(fill + 1) }), 413, 'bundle_uncompressed_too_large');
  });

  it('a huge declared size is refused from the headers alone', async () => {
    const { refused } = await setup();
    const zip = patchDeclaredSize(withIndex({ 'small.txt': 'tiny' }), 'small.txt', 0xfffffff0);
    await refused(zip, 413, 'bundle_uncompressed_too_large');
  });
});

describe('bundle safety: bodies without Content-Length', () => {
  /** POST /api/task/upload with a chunked body (no Content-Length) streamed from `parts`, then `endless` bytes. */
  async function chunkedUpload(token: string, parts: Uint8Array[], endless: boolean) {
    let pulled = 0;
    const filler = new Uint8Array(64 * 1024);
    const queue = [...parts];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = queue.shift();
        if (next) return controller.enqueue(next);
        if (!endless || pulled > 512 * MiB) return controller.close();
        pulled += filler.length;
        controller.enqueue(filler);
      },
    });
    const res = await fetch(`${inject('baseUrl')}/api/task/upload`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
    } as RequestInit);
    return { status: res.status, body: await res.json(), pulled: () => pulled };
  }
  const part = (headers: string, content: Uint8Array | string) =>
    Buffer.concat([Buffer.from(`--xyz\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);

  it('an endless chunked body is cut off after the size limit: 413 bundle_too_large, not buffered whole', async () => {
    const { owner } = await setup();
    const head = Buffer.from(
      '--xyz\r\nContent-Disposition: form-data; name="blob"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\n',
    );
    const res = await chunkedUpload(owner.token, [head], true);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('bundle_too_large');
    await new Promise((r) => setTimeout(r, 200));
    expect(res.pulled()).toBeLessThan(64 * MiB);
  });

  it('a small chunked upload still works', async () => {
    const { owner, project } = await setup();
    const zip = makeZip({ 'index.js': TASK_SOURCE });
    const data = JSON.stringify({
      workspaceId: owner.workspaceId,
      projectId: project.id,
      taskName: 'chunked',
      checkSum: sha256(zip),
    });
    const res = await chunkedUpload(
      owner.token,
      [
        part('Content-Disposition: form-data; name="data"', data),
        part(
          'Content-Disposition: form-data; name="blob"; filename="a.zip"\r\nContent-Type: application/zip',
          zip,
        ),
        Buffer.from('--xyz--\r\n'),
      ],
      false,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ versionTag: 'v1', created: true });
  });
});

describe('bundle safety: headers that lie about sizes', () => {
  it('an entry declaring 100 bytes that inflates to 30 MiB → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = patchDeclaredSize(withIndex({ 'bomb.bin': new Uint8Array(30 * MiB) }), 'bomb.bin', 100);
    await refused(zip, 400, 'bundle_invalid');
  });

  it('index.js declaring fewer bytes than it holds → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const source = `${TASK_SOURCE}/*${' '.repeat(4096)}*/\n`;
    const zip = patchDeclaredSize(makeZip({ 'index.js': source }), 'index.js', 10);
    await refused(zip, 400, 'bundle_invalid');
  });

  it('an entry declaring more bytes than it holds → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = patchDeclaredSize(withIndex({ 'data.txt': 'short' }), 'data.txt', 5000);
    await refused(zip, 400, 'bundle_invalid');
  });

  it('a stored (uncompressed) entry whose declared size differs from its data → 400 bundle_invalid', async () => {
    const { refused } = await setup();
    const zip = Buffer.from(
      zipSync({
        'index.js': new TextEncoder().encode(TASK_SOURCE),
        'data.txt': [new TextEncoder().encode('0123456789'.repeat(10)), { level: 0 }],
      }),
    );
    await refused(patchDeclaredSize(zip, 'data.txt', 50), 400, 'bundle_invalid');
  });
});

describe('bundle safety: inspectBundle never inflates past what the headers declare', () => {
  // the CommonJS zlib object yauzl required; it looks createInflateRaw up on it for every entry
  const zlib = createRequire(import.meta.url)('zlib') as typeof Zlib;
  const original = zlib.createInflateRaw;
  let inflated = 0;
  const setInflateRaw = (value: typeof Zlib.createInflateRaw) =>
    Object.defineProperty(zlib, 'createInflateRaw', { value, configurable: true, enumerable: true });
  afterEach(() => {
    setInflateRaw(original);
  });
  /** Counts every byte any raw-inflate stream produces. */
  function countInflation() {
    inflated = 0;
    setInflateRaw(((options?: Zlib.ZlibOptions) => {
      const stream = original.call(zlib, options);
      const push = stream.push.bind(stream);
      stream.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
        if (chunk) inflated += chunk.length;
        return push(chunk, encoding);
      };
      return stream;
    }) as typeof Zlib.createInflateRaw);
  }

  it('the counter works: an honest bundle inflates exactly its files', async () => {
    countInflation();
    const { files } = await inspectBundle(withIndex({ 'zeros.bin': new Uint8Array(MiB) }));
    expect(files.get('zeros.bin')?.length).toBe(MiB);
    expect(inflated).toBe(MiB + Buffer.byteLength(TASK_SOURCE));
  });

  it('a 64 MiB bomb declared as 100 bytes is stopped after at most a few chunks', async () => {
    const bomb = patchDeclaredSize(withIndex({ 'bomb.bin': new Uint8Array(64 * MiB) }), 'bomb.bin', 100);
    expect(bomb.length).toBeLessThan(BUNDLE_LIMITS.archiveBytes);
    countInflation();
    const started = Date.now();
    await expect(inspectBundle(bomb)).rejects.toMatchObject({ status: 400, code: 'bundle_invalid' });
    await new Promise((r) => setTimeout(r, 300)); // nothing keeps inflating in the background either
    expect(inflated).toBeLessThan(MiB);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('several lying entries adding up far past the limit are each stopped', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 4; i++) files[`b${i}.bin`] = new Uint8Array(8 * MiB);
    let zip = withIndex(files);
    for (let i = 0; i < 4; i++) zip = patchDeclaredSize(zip, `b${i}.bin`, 1000);
    countInflation();
    await expect(inspectBundle(zip)).rejects.toMatchObject({ status: 400, code: 'bundle_invalid' });
    await new Promise((r) => setTimeout(r, 300));
    expect(inflated).toBeLessThan(MiB);
  });
});
