'use client';

import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A refused upload or copy as the service answered it: message, API code and extra fields. */
export type FormError = { message: string; field?: string; code?: string; details?: Record<string, unknown> };

const BUNDLE_CODES = new Set([
  'bundle_too_large',
  'bundle_uncompressed_too_large',
  'bundle_too_many_entries',
  'bundle_path_invalid',
  'bundle_symlink',
  'bundle_missing_index',
  'bundle_invalid',
  'invalid_permissions',
]);

/** The service's lower-case message as a sentence; a leading identifier (`price-watcher@v1`) stays as is. */
function sentence(message: string) {
  const start = /^[a-z]+\b(?![@.\-_])/.test(message)
    ? `${message.charAt(0).toUpperCase()}${message.slice(1)}`
    : message;
  return /[.!?]$/.test(start) ? start : `${start}.`;
}

/** Explains a refusal and, for tag conflicts, offers the suggested tag as a one-click retry. */
export function ReleaseError({
  error,
  workspaceSlug,
  pending,
  onRetryWithTag,
  action,
}: {
  error: FormError;
  workspaceSlug: string;
  pending: boolean;
  /** Offered on a tag conflict: retry with the suggested tag (absent where the tag is chosen for the user). */
  onRetryWithTag?: (tag: string) => void;
  /** The verb of the retry button: "Upload", "Copy". */
  action: string;
}) {
  const { code, details } = error;
  const message = sentence(error.message);

  if (code === 'version_tag_conflict' || code === 'version_tag_required') {
    const suggested = typeof details?.suggestedVersionTag === 'string' ? details.suggestedVersionTag : null;
    return (
      <Alert
        variant="destructive"
        title={code === 'version_tag_required' ? 'This name needs a version tag' : 'Version tag already used'}
      >
        <p>{message} A tag always names one ZIP, and deleted tags stay reserved.</p>
        {suggested && onRetryWithTag && (
          <Button
            size="sm"
            variant="outline"
            className="mt-2.5 border-destructive/30 text-foreground"
            disabled={pending}
            onClick={() => onRetryWithTag(suggested)}
          >
            {action} as <span className="font-mono">{suggested}</span>
          </Button>
        )}
      </Alert>
    );
  }

  if (code === 'checksum_mismatch') {
    return (
      <Alert variant="destructive" title="Checksum mismatch">
        <p>
          The server computed another SHA-256 than the browser did; the file may have changed while uploading.
          Choose it again.
        </p>
        {typeof details?.actual === 'string' && (
          <p className="mt-1 font-mono text-xs">server: {details.actual.slice(0, 24)}…</p>
        )}
      </Alert>
    );
  }

  if (code === 'plan_limit_exceeded') {
    return (
      <Alert variant="destructive" title="Upload limit reached">
        <p>
          {message}{' '}
          <Link href={`/${workspaceSlug}/usage`} className="font-medium underline underline-offset-2">
            See usage
          </Link>{' '}
          or{' '}
          <Link href={`/${workspaceSlug}/settings/plan`} className="font-medium underline underline-offset-2">
            upgrade
          </Link>
        </p>
      </Alert>
    );
  }

  if (code === 'task_build_failed') {
    const errors = Array.isArray(details?.details)
      ? (details.details as { text?: string; file?: string; line?: number }[])
      : [];
    return (
      <Alert variant="destructive" title="The task did not build">
        <p>{message}</p>
        {errors.length > 1 && (
          <ul className="mt-1.5 list-disc pl-4 text-xs">
            {errors.slice(0, 10).map((e) => (
              <li key={`${e.file}:${e.line}:${e.text}`}>
                {e.file && (
                  <span className="font-mono">
                    {e.file}:{e.line}{' '}
                  </span>
                )}
                {e.text}
              </li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }

  if (code && BUNDLE_CODES.has(code)) {
    const issues = Array.isArray(details?.details)
      ? (details.details as { path?: string; message?: string }[])
      : [];
    return (
      <Alert variant="destructive" title="The ZIP was refused">
        <p>
          {message} <code className="font-mono text-xs opacity-80">{code}</code>
        </p>
        {issues.length > 0 && (
          <ul className="mt-1.5 list-disc pl-4 text-xs">
            {issues.map((issue) => (
              <li key={`${issue.path}:${issue.message}`}>
                <span className="font-mono">{issue.path || '(root)'}</span>: {issue.message}
              </li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }

  return <Alert variant="destructive">{message}</Alert>;
}
