'use client';

import { FileKey } from 'lucide-react';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The most a key file may hold: a hex key with a newline or a comment, never a large file read into memory. */
const MAX_KEY_FILE_BYTES = 4096;

/**
 * The private key to import: pasted (a password field, never shown back) or read from a file in the browser.
 * The value lives only in the form's state until the server action receives it once.
 */
export function ImportKeyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (key: string) => void;
  error?: string;
}) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileProblem(null);
    setFileName(null);
    if (file.size > MAX_KEY_FILE_BYTES) {
      setFileProblem('this file is too large to be a key file (at most 4 KB)');
      return;
    }
    onChange((await file.text()).trim());
    setFileName(file.name);
  };

  return (
    <Field
      label="Private key"
      htmlFor="profile-private-key"
      error={error ?? fileProblem ?? undefined}
      hint={
        fileName
          ? `Read from ${fileName}. It is sent once, encrypted at once and never shown again.`
          : '0x followed by 64 hex digits (0x optional). It is sent once, encrypted at once and never shown again.'
      }
    >
      <Input
        id="profile-private-key"
        type="password"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="0x…"
        className="font-mono"
        value={value}
        onChange={(e) => {
          setFileName(null);
          onChange(e.target.value);
        }}
      />
      <label className="flex w-fit cursor-pointer items-center gap-1.5 text-primary text-xs hover:underline">
        <FileKey className="size-3.5" />
        Or read it from a file
        <input
          type="file"
          accept=".txt,.key,.hex,text/plain"
          aria-label="Private key file"
          className="sr-only"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
    </Field>
  );
}
