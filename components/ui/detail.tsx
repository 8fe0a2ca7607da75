import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { MiddleTruncate } from '@/components/ui/middle-truncate';

/** One labelled value in a `<dl>` of details (an ID, a setting, a figure). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** A detail whose value is an opaque string (an ID, a checksum): one line, cut in the middle where narrow, copyable. */
export function CopyableDetail({
  label,
  value,
  copyLabel,
}: {
  label: string;
  value: string;
  copyLabel: string;
}) {
  return (
    <Detail label={label}>
      <span className="flex items-center justify-between gap-2">
        <MiddleTruncate value={value} className="text-xs" />
        <CopyButton value={value} label={copyLabel} iconOnly variant="ghost" />
      </span>
    </Detail>
  );
}

/** The side card of a detail page: a title over a list of `Detail`s. */
export function DetailsCard({
  title = 'Details',
  className,
  children,
}: {
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">{children}</dl>
      </CardContent>
    </Card>
  );
}
