// What a test file leaves behind is undone when the file ends: its helpers register the undoing here once (at
// their first import) and test/setup-file.ts runs it after every file. In the shared project (vitest.config.ts)
// one process runs many files and imports each helper once, so a hook the helper registered itself would run after
// the first file only.

type Undo = () => Promise<void>;
const undos = new Set<Undo>();

/** Runs `undo` when each test file of this process ends. */
export function atEndOfEachFile(undo: Undo) {
  undos.add(undo);
}

/** The undoing of the file that just ended (test/setup-file.ts). */
export async function endFile() {
  for (const undo of undos) await undo();
}
