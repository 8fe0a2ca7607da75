import type { ReactNode } from 'react';

/** One labelled value in a `<dl>` of details (an ID, a setting, a figure). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}
