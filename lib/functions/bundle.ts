import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { apiError, type ErrorCode } from '@/lib/api/errors';
import { type Permissions, PermissionsSchema } from './permissions';

/** Bundle limits (docs/bundle-format.md). The uncompressed total is what stops zip bombs. */
export const BUNDLE_LIMITS = {
  archiveBytes: 5 * 1024 * 1024,
  uncompressedBytes: 20 * 1024 * 1024,
  entries: 200,
} as const;

export type BundleContents = { files: Map<string, Buffer>; permissions: Permissions | null };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const invalid = (code: ErrorCode, message: string) => apiError(code, message);

/** Rejects names that could land outside the extraction folder or mean different things on other systems. */
function checkEntryName(name: string) {
  if (name.includes('\\') || name.includes('\0'))
    throw invalid('bundle_path_invalid', `invalid characters in "${name}"`);
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name))
    throw invalid('bundle_path_invalid', `absolute path "${name}"`);
  if (name.split('/').some((segment) => segment === '..'))
    throw invalid('bundle_path_invalid', `path traversal in "${name}"`);
}

function isSymlink(entry: Entry): boolean {
  const madeBy = entry.versionMadeBy >> 8; // 3 = Unix
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  return madeBy === 3 && mode === S_IFLNK;
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', (error) => {
        stream.destroy(); // stop reading and inflating the rest of a lying entry
        reject(error);
      });
    });
  });
}

/**
 * Opens a ZIP and checks it before anything is read out: at most `entries` entries, no traversal, absolute
 * paths, symlinks or encryption, a declared uncompressed total within the limit (and every entry's real size
 * equal to its declared size, so a lying header cannot inflate past it). Answers its files by name.
 */
export async function readZipFiles(zipBytes: Buffer): Promise<Map<string, Buffer>> {
  if (zipBytes.length > BUNDLE_LIMITS.archiveBytes) {
    throw apiError('bundle_too_large', `the archive is over ${BUNDLE_LIMITS.archiveBytes} bytes`);
  }
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(zipBytes, {
      lazyEntries: true,
      decodeStrings: false,
      validateEntrySizes: true,
    });
  } catch {
    throw invalid('bundle_invalid', 'the blob is not a readable ZIP archive');
  }
  if (zip.entryCount > BUNDLE_LIMITS.entries) {
    zip.close();
    throw invalid(
      'bundle_too_many_entries',
      `the archive has ${zip.entryCount} entries; at most ${BUNDLE_LIMITS.entries}`,
    );
  }

  const entries: Entry[] = await new Promise((resolve, reject) => {
    const list: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      list.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(list));
    zip.on('error', () => reject(invalid('bundle_invalid', 'the ZIP central directory is corrupt')));
    zip.readEntry();
  });

  let declared = 0;
  const names = new Set<string>();
  const fileEntries: [string, Entry][] = [];
  for (const entry of entries) {
    const name = (entry.fileNameRaw ?? (entry.fileName as unknown as Buffer)).toString('utf8');
    checkEntryName(name);
    if (isSymlink(entry)) throw invalid('bundle_symlink', `symbolic links are not allowed ("${name}")`);
    if (entry.isEncrypted())
      throw invalid('bundle_invalid', `encrypted entries are not supported ("${name}")`);
    if (name.endsWith('/')) continue;
    if (names.has(name)) throw invalid('bundle_path_invalid', `duplicate entry "${name}"`);
    names.add(name);
    declared += entry.uncompressedSize;
    if (declared > BUNDLE_LIMITS.uncompressedBytes) {
      throw apiError(
        'bundle_uncompressed_too_large',
        `the archive unpacks to more than ${BUNDLE_LIMITS.uncompressedBytes} bytes`,
      );
    }
    fileEntries.push([name, entry]);
  }
  const files = new Map<string, Buffer>();
  try {
    for (const [name, entry] of fileEntries) files.set(name, await readEntry(zip, entry));
  } catch {
    throw invalid('bundle_invalid', 'an entry does not decompress to its declared size');
  } finally {
    zip.close();
  }
  return files;
}

/**
 * A release ZIP, checked as readZipFiles checks any archive, that holds an `index.js` at its root and, when
 * present, a valid `permissions.json`.
 */
export async function inspectBundle(zipBytes: Buffer): Promise<BundleContents> {
  const files = await readZipFiles(zipBytes);
  if (!files.has('index.js'))
    throw invalid('bundle_missing_index', 'the archive must hold index.js at its root');
  return { files, permissions: parsePermissions(files.get('permissions.json')) };
}

function parsePermissions(bytes: Buffer | undefined): Permissions | null {
  if (!bytes) return null;
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalid('invalid_permissions', 'permissions.json is not valid JSON');
  }
  const parsed = PermissionsSchema.safeParse(json);
  if (!parsed.success) {
    throw apiError('invalid_permissions', 'permissions.json does not match the documented schema', {
      details: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return parsed.data;
}
