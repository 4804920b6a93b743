/** Said plainly where a section is connected but its view is still being built. */
export function NotBuiltYet({ what }: { what: string }) {
  return (
    <p role="status" className="rounded-lg border border-surface-line bg-surface p-4 text-sm text-ink-muted">
      {what} is not built yet in this release. Your connection works: the Rights page shows what it gives you.
    </p>
  );
}
