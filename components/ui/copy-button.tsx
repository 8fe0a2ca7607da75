'use client';

import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonProps } from './button';

/** Copies `value` to the clipboard and confirms with a check mark. */
export function CopyButton({
  value,
  label = 'Copy',
  iconOnly = false,
  ...props
}: { value: string; label?: string; iconOnly?: boolean } & Omit<ButtonProps, 'onClick' | 'value'>) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="outline"
      size={iconOnly ? 'icon-sm' : 'sm'}
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        } catch {
          toast.error('Could not copy: select the text and copy it by hand');
        }
      }}
      {...props}
    >
      {copied ? <Check className="text-success" /> : <Copy />}
      {!iconOnly && (copied ? 'Copied' : label)}
    </Button>
  );
}
