import Link from 'next/link';

/** The honest state of every page that needs a portal while none is connected. */
export function ConnectFirst({ what }: { what: string }) {
  return (
    <section
      aria-labelledby="connect-first-title"
      className="mx-auto mt-12 max-w-lg rounded-lg border border-surface-line bg-surface p-8 text-center shadow-sm"
    >
      <h2 id="connect-first-title" className="text-lg font-semibold">
        Connect to a school portal first
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        {what} comes from your school&apos;s partner API. Rooster shows nothing it has not read from a portal you
        connected.
      </p>
      <Link href="/connect" className="btn btn-primary mt-6">
        Connect a portal
      </Link>
    </section>
  );
}
