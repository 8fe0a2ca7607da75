import { strToU8, zipSync } from 'fflate';
import type { Db } from '@/db/client';
import { blobs, functionReleases, profiles } from '@/db/schema';
import { blobStore } from '@/lib/blobs/store';
import { newId } from '@/lib/ids';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';

/** What a bench seeds straight into the database: one workspace and project, a release and an active profile. */
export type BenchWorld = {
  workspaceId: string;
  projectId: string;
  userId: string;
  functionId: string;
  profileId: string;
};

/** The release's blob: `source` zipped as an upload stores it, or a placeholder for benches that never run it. */
async function releaseBlob(db: Db, source: string | undefined) {
  if (source !== undefined) return blobStore.put(db, Buffer.from(zipSync({ 'index.js': strToU8(source) })));
  const [blob] = await db
    .insert(blobs)
    .values({ id: newId('blob'), sha256: 'b'.repeat(64), size: 1 })
    .returning();
  return blob;
}

/** Seeds a bench's world; the release runs `source` when given (else it has no bundle and must not run). */
export async function seedBenchWorld(db: Db, projectName: string, source?: string): Promise<BenchWorld> {
  const user = await ensureUserByAddress(db, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  const workspace = await createWorkspace(db, { name: 'Bench', ownerUserId: user.id });
  const project = await createProject(db, workspace.id, {
    name: projectName,
    slug: projectName.toLowerCase(),
  });
  const owned = { workspaceId: workspace.id, projectId: project.id };
  const blob = await releaseBlob(db, source);
  const [fn] = await db
    .insert(functionReleases)
    .values({
      id: newId('functionRelease'),
      ...owned,
      name: 'task',
      versionTag: 'v1',
      checksum: blob.sha256,
      blobId: blob.id,
    })
    .returning();
  const [profile] = await db
    .insert(profiles)
    .values({
      id: newId('profile'),
      ...owned,
      kind: 'legacy',
      state: 'active',
      name: 'default',
      chainId: 31337,
      address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    })
    .returning();
  return { ...owned, userId: user.id, functionId: fn.id, profileId: profile.id };
}
