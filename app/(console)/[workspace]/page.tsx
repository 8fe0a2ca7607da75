// /{workspace} — the workspace home is its project list.
import { redirect } from 'next/navigation';

export default async function WorkspaceHome({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace } = await params;
  redirect(`/${workspace}/projects`);
}
