import { readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/performance.md';

/**
 * Puts `section` (starting `## <title>`) into docs/performance.md in place of the section of that title (where it
 * stands), or before the Engine section when there is none yet; the rest of the file is left as it is.
 */
export function writeSection(title: string, section: string): void {
  const doc = readFileSync(DOC, 'utf8');
  const heading = `\n## ${title}\n`;
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const existing = new RegExp(`${escaped}[\\s\\S]*?(?=\\n## |$)`);
  if (existing.test(doc)) {
    writeFileSync(
      DOC,
      doc.replace(existing, () => `\n${section.trimEnd()}\n`),
    );
    return;
  }
  const at = doc.indexOf('\n## Engine\n');
  const next =
    at === -1
      ? `${doc.trimEnd()}\n\n${section}`
      : `${doc.slice(0, at).trimEnd()}\n\n${section}\n${doc.slice(at + 1)}`;
  writeFileSync(DOC, next);
}
