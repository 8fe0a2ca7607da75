import type { Db } from '@/db/client';
import { blobs, functionReleases, profiles } from '@/db/schema';
import { newId } from '@/lib/ids';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace } from '@/lib/workspaces/service';

/** What a bench seeds straight into the database: one workspace and project, a release and an active profile. */
export type BenchWorld = { workspaceId: string; projectId: string; functionId: string; profileId: string };

/** Seeds a bench's world (no bundle behind the release: the benches that use it never run the task). */
export async function seedBenchWorld(db: Db, projectName: string): Promise<BenchWorld> {
  const user = await ensureUserByAddress(db, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  const workspace = await createWorkspace(db, { name: 'Bench', ownerUserId: user.id });
  const project = await createProject(db, workspace.id, {
    name: projectName,
    slug: projectName.toLowerCase(),
  });
  const owned = { workspaceId: workspace.id, projectId: project.id };
  const [blob] = await db
    .insert(blobs)
    .values({ id: newId('blob'), sha256: 'b'.repeat(64), size: 1 })
    .returning();
  const [fn] = await db
    .insert(functionReleases)
    .values({
      id: newId('functionRelease'),
      ...owned,
      name: 'task',
      versionTag: 'v1',
      checksum: 'b'.repeat(64),
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
  return { ...owned, functionId: fn.id, profileId: profile.id };
}
