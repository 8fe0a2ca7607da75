// Placeholder while a console page renders on the server. Each `loading.tsx` that shows it sits below every
// existence check of its URL (docs/architecture.md, Console): a boundary above a check would commit a 200.
export function PageLoading() {
  return (
    <div className="animate-pulse" role="status" aria-busy="true" aria-label="Loading">
      <div className="h-7 w-48 rounded-md bg-muted" />
      <div className="mt-3 h-4 w-96 max-w-full rounded-md bg-muted" />
      <div className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-40 rounded-xl border bg-card" />
        ))}
      </div>
    </div>
  );
}
