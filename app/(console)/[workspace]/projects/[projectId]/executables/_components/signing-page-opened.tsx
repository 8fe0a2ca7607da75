import { ExternalLink } from 'lucide-react';

/** Where the signing page went: a new tab (or, when the browser blocked it, this link), and what comes next. */
export function SigningPageOpened({ url }: { url: string }) {
  return (
    <p className="text-foreground text-xs" role="status" data-testid="signing-page-opened">
      The signing page is open in a new tab.{' '}
      <a
        href={url}
        target="_blank"
        rel="noopener"
        className="inline-flex items-center gap-1 font-medium underline"
      >
        Open it again
        <ExternalLink className="size-3" />
      </a>{' '}
      — this form stays as it is; once the owners have executed the transaction, submit it again.
    </p>
  );
}
