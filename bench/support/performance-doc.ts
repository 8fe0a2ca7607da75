import { readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/performance.md';

/**
 * Puts `section` (starting `## <title>`) into docs/performance.md in place of the section of that title, or
 * before the Engine section when there is none yet; the rest of the file is left as it is.
 */
export function writeSection(title: string, section: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const heading = `\n## ${title}\n`;
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const without = doc.replace(new RegExp(`${escaped}[\\s\\S]*?(?=\\n## |$)`), '\n');
  const at = without.indexOf('\n## Engine\n');
  const next =
    at === -1
      ? `${without.trimEnd()}\n\n${section}`
      : `${without.slice(0, at).trimEnd()}\n\n${section}\n${without.slice(at + 1)}`;
  writeFileSync(DOC, next);
}
