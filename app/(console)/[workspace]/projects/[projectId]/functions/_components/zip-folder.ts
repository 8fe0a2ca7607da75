import { zipSync } from 'fflate';
import { isLeftOutOfFolder } from '@/lib/functions/build/left-out';

/**
 * A folder picked in the browser (`<input webkitdirectory>`: each file's `webkitRelativePath` starts with the
 * folder's name) as one ZIP of its source, named after the folder, for the server to build. Installed packages
 * and VCS data stay behind: the server builds with the platform's packages.
 */
export async function zipFolder(files: File[]): Promise<File> {
  const kept = files.filter((f) => !isLeftOutOfFolder(f.webkitRelativePath || f.name));
  const entries: Record<string, Uint8Array> = {};
  for (const file of kept)
    entries[file.webkitRelativePath || file.name] = new Uint8Array(await file.arrayBuffer());
  const folder = (kept[0]?.webkitRelativePath || 'task').split('/')[0];
  return new File([zipSync(entries, { level: 6 })], `${folder}.zip`, { type: 'application/zip' });
}
