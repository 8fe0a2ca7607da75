import path from 'node:path';
import type { AsCodeFile } from '@/lib/as-code/file-schema';
import { FUNCTION_REF_PATTERN } from '@/lib/as-code/file-schema';
import { buildRelease } from '@/lib/functions/build/build-release';
import { suggestNextTag } from '@/lib/functions/version-tags';
import { CliError } from '../output';
import type { LiveProject } from './live';

/** A release an executable runs: one the project has, or the one this apply uploads for a `functions` entry. */
export type ReleaseRef = { releaseId: string; label: string } | { upload: string; label: string };

export type Upload = { name: string; dir: string; tag: string; checkSum: string; zip: Uint8Array };

/**
 * Each `functions` entry's folder, bundled: the release of that name whose checksum is the bundle's, else an
 * upload under the entry's tag (refused when that tag holds other code: releases never change) or the next
 * free one. Tags of deleted releases stay taken (`reservedTags`), as the upload route keeps them reserved.
 */
export async function planFunctions(
  file: AsCodeFile,
  dir: string,
  live: LiveProject,
  reservedTags: (name: string) => Promise<string[]>,
) {
  const refs = new Map<string, ReleaseRef>();
  const uploads: Upload[] = [];
  const warnings: string[] = [];
  for (const [name, entry] of Object.entries(file.functions ?? {})) {
    const folder = path.resolve(dir, entry.path);
    const built = await buildRelease(folder);
    warnings.push(...built.warnings.map((w) => `${name}: ${w}`));
    const releases = live.releases.filter((r) => r.name === name);
    const same = releases
      .filter((r) => r.checksum === built.checkSum)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (same) {
      refs.set(name, { releaseId: same.id, label: `${name}@${same.versionTag}` });
      continue;
    }
    const taken = await reservedTags(name);
    if (entry.tag && taken.includes(entry.tag)) {
      throw new CliError(
        `function ${name}: tag ${entry.tag} already holds other code (releases never change): give the new code another tag`,
        { code: 'version_tag_taken' },
      );
    }
    const tag = entry.tag ?? suggestNextTag(taken);
    uploads.push({ name, dir: folder, tag, checkSum: built.checkSum, zip: built.zip });
    refs.set(name, { upload: name, label: `${name}@${tag}` });
  }
  return { refs, uploads, warnings };
}

/** `name` (a `functions` entry) or `name@tag` (a release of the project) → the release it means. */
export function resolveFunctionRef(
  ref: string,
  refs: Map<string, ReleaseRef>,
  live: LiveProject,
): ReleaseRef {
  const [, name, tag] = FUNCTION_REF_PATTERN.exec(ref) ?? [];
  if (tag === undefined) {
    const planned = refs.get(name);
    if (planned) return planned;
    throw new CliError(`function ${ref} is not an entry of functions: name a release as ${ref}@<tag>`, {
      code: 'invalid_file',
    });
  }
  const release = live.releases.find((r) => r.name === name && r.versionTag === tag);
  if (!release) throw new CliError(`the project has no release ${ref}`, { code: 'not_found' });
  return { releaseId: release.id, label: ref };
}

/** `name@tag` of a release id of the project (its id when the release is gone). */
export function releaseLabel(live: LiveProject, releaseId: string): string {
  const release = live.releases.find((r) => r.id === releaseId);
  return release ? `${release.name}@${release.versionTag}` : releaseId;
}
