import Link from 'next/link';

export default function NotFound() {
  return (
    <section className="mx-auto mt-12 max-w-lg text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-ink-muted">
        This address is not part of Rooster. Check the link, or start from the overview.
      </p>
      <Link href="/" className="btn mt-6">
        Go to the overview
      </Link>
    </section>
  );
}
