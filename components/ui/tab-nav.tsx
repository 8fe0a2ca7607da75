import type { LucideIcon } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { LinkPending } from './link-pending';

/**
 * A row of underlined tabs that are links (the active one carries `aria-current="page"`). Where they do not fit
 * (a phone), the row scrolls sideways by itself.
 */
export function TabNav({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <nav aria-label={label} className={cn('overflow-x-auto border-b', className)}>
      <ul className="flex w-max gap-1">{children}</ul>
    </nav>
  );
}

/** One tab of a TabNav: its icon turns into a spinner while the tab's page loads. */
export function TabNavLink({
  href,
  label,
  icon: Icon,
  active,
  ref,
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  active: boolean;
  ref?: Ref<HTMLAnchorElement>;
}) {
  return (
    <li>
      <Link
        href={href}
        aria-current={active ? 'page' : undefined}
        ref={ref}
        className={cn(
          '-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 pt-1 pb-2.5 font-medium text-sm transition-colors',
          active
            ? 'border-primary text-foreground'
            : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
        )}
      >
        <LinkPending
          idle={<Icon className={cn('size-4', active ? 'text-primary' : 'text-muted-foreground')} />}
        />
        {label}
      </Link>
    </li>
  );
}
