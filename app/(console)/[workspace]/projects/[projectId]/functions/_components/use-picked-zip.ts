'use client';

import { useState } from 'react';
import { formatBytes } from '@/lib/console/format';

/** BUNDLE_LIMITS.archiveBytes (lib/functions/bundle.ts): checked here too, before anything is sent. */
const MAX_ARCHIVE_BYTES = 5 * 1024 * 1024;

/** The ZIP picked for a release: its SHA-256 once computed, or why it cannot be uploaded. */
export type PickedZip = { file: File; checksum: string | null; problem: string | null };

/** A ZIP starts with a local file header (PK\x03\x04), or an end record when it is empty. */
async function looksLikeZip(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The picked release ZIP: `pick` checks a file (size, ZIP header) and computes its checksum. */
export function usePickedZip() {
  const [picked, setPicked] = useState<PickedZip | null>(null);

  const pick = async (file: File) => {
    if (file.size > MAX_ARCHIVE_BYTES) {
      setPicked({
        file,
        checksum: null,
        problem: `Over the ${formatBytes(MAX_ARCHIVE_BYTES)} bundle limit.`,
      });
      return;
    }
    if (!(await looksLikeZip(file))) {
      setPicked({ file, checksum: null, problem: 'Not a ZIP archive.' });
      return;
    }
    if (!crypto.subtle) {
      setPicked({ file, checksum: null, problem: 'Checksums need a secure (HTTPS) connection.' });
      return;
    }
    setPicked({ file, checksum: null, problem: null });
    const checksum = await sha256Hex(file);
    setPicked((p) => (p?.file === file ? { ...p, checksum } : p));
  };

  return { picked, pick, clear: () => setPicked(null) };
}
