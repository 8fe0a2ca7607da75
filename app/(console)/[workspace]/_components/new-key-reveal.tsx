import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';

/** A key's token, shown once after creation: copy it, a warning that it will not be shown again, a try-it command. */
export function NewKeyReveal({ token, testId, tryIt }: { token: string; testId: string; tryIt: string }) {
  return (
    <>
      <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-2 pl-3">
        <code data-testid={testId} className="min-w-0 flex-1 break-all font-mono text-[13px]">
          {token}
        </code>
        <CopyButton value={token} />
      </div>
      <div className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-[oklch(0.42_0.1_65)] text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong className="font-semibold">You will not see this key again.</strong> Copy it now; if you lose
          it, revoke it and create a new one.
        </p>
      </div>
      <div className="grid gap-1.5">
        <p className="font-medium text-muted-foreground text-xs">Try it</p>
        <pre className="overflow-x-auto rounded-lg bg-sidebar p-3 font-mono text-[12px] text-sidebar-foreground leading-relaxed">
          {tryIt}
        </pre>
      </div>
    </>
  );
}
