'use client';

// The last line of defence: an unexpected error becomes a readable state with a retry, never a blank page.
export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section
      role="alert"
      className="mx-auto mt-12 max-w-lg rounded-lg border border-state-danger bg-state-danger-bg p-6"
    >
      <h1 className="text-lg font-semibold text-state-danger">Something went wrong on this page</h1>
      <p className="mt-2 text-sm text-ink">
        Rooster hit an unexpected error. Try again; if it keeps happening, report it with this reference:{' '}
        <code className="font-mono">{error.digest ?? 'none'}</code>.
      </p>
      <button type="button" className="btn mt-4" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
