import Link from 'next/link';
import { cn } from '@/lib/cn';
import { LISTABLE_STATUSES } from '@/lib/executions/schemas';

export type StatusFilterValue = (typeof LISTABLE_STATUSES)[number];

/** "All" plus one pill per status; each is a link, so the filter lives in the URL (`?status=failed`). */
export function StatusFilter({ base, current }: { base: string; current: StatusFilterValue | undefined }) {
  const options: { label: string; value: StatusFilterValue | undefined }[] = [
    { label: 'All', value: undefined },
    ...LISTABLE_STATUSES.map((value) => ({ label: value, value })),
  ];
  return (
    <nav aria-label="Status filter" className="flex flex-wrap gap-1 rounded-lg border bg-muted/40 p-1">
      {options.map(({ label, value }) => {
        const active = value === current;
        return (
          <Link
            key={label}
            href={value ? `${base}?status=${value}` : base}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-md px-2.5 py-1 font-medium text-xs capitalize transition-colors',
              active
                ? 'bg-card text-foreground shadow-xs'
                : 'text-muted-foreground hover:bg-card/60 hover:text-foreground',
            )}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
