import { SCOPE_RESOURCES, scopeSummary, scopesOf } from '@/lib/auth/scope-presets';

/** "Full access", "Read only" or "N scopes"; opens to the scopes grouped by resource. */
export function ScopeSummary({ scopes }: { scopes: readonly string[] }) {
  const groups = SCOPE_RESOURCES.map((resource) => ({
    resource,
    actions: scopesOf(resource)
      .filter((scope) => scopes.includes(scope))
      .map((scope) => scope.split(':')[1]),
  })).filter((group) => group.actions.length > 0);
  return (
    <details className="group text-sm" title={scopes.join(', ')}>
      <summary className="cursor-pointer list-none underline decoration-dotted underline-offset-4 group-open:mb-1.5">
        {scopeSummary(scopes)}
      </summary>
      <ul
        className="grid max-w-52 gap-0.5 whitespace-normal text-muted-foreground text-xs"
        data-testid="api-key-scopes"
      >
        {groups.map((group) => (
          <li key={group.resource}>
            <span className="text-foreground">{group.resource}</span>: {group.actions.join(', ')}
          </li>
        ))}
      </ul>
    </details>
  );
}
