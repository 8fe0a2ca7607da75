import { type AllowanceSpec, allowanceWords } from '@/lib/zodiac/allowance-spec';
import { callWords, scopeOfDraft, scopeSize, type TargetDraft } from '@/lib/zodiac/scope-drafts';

/** Every call the role will allow and every allowance it spends from, in words, as the owners will sign them. */
export function RolePreview({
  scope,
  allowances,
}: {
  scope: readonly TargetDraft[];
  allowances: readonly AllowanceSpec[];
}) {
  const allowed = scope.filter((t) => t.functions.length > 0);
  const size = scopeOfDraft(allowed);
  return (
    <div className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/30 p-4" data-testid="role-preview">
      <p className="font-medium text-sm">
        {allowed.length === 0
          ? 'The role allows nothing yet: add at least one function.'
          : `The role will allow ${scopeSize(size)}`}
      </p>
      {allowed.length > 0 && (
        <>
          <ul className="grid grid-cols-1 gap-1 text-sm">
            {allowed.flatMap((t) =>
              t.functions.map((fn) => (
                <li
                  key={`${t.to}-${fn.selector}`}
                  className="[overflow-wrap:anywhere]"
                  data-testid="role-preview-call"
                >
                  {callWords(t.to, fn)}
                </li>
              )),
            )}
          </ul>
          {allowances.length > 0 && (
            <ul className="grid grid-cols-1 gap-1 text-sm" data-testid="role-preview-allowances">
              {allowances.map((a) => (
                <li key={a.name} className="[overflow-wrap:anywhere]">
                  Set {allowanceWords(a)} (refilled each period)
                </li>
              ))}
            </ul>
          )}
          <p className="text-muted-foreground text-xs">
            Nothing else: the Roles modifier refuses any other call on chain, and only plain transfers may
            carry ether.
          </p>
        </>
      )}
    </div>
  );
}
