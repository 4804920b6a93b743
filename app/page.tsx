import Link from 'next/link';
import { getShellState } from '@/lib/connection/current.server';
import { navItems, navLabel } from '@/lib/navigation';
import { ConnectFirst } from '@/components/ui/connect-first';

const blurbs: Record<string, string> = {
  '/rights': 'What your token may read, compared with the specification.',
  '/timetable': 'The week on the period grid, with cancellations and changes marked.',
  '/staff/contracts': 'Contracts joined with employee names, ready for Excel.',
  '/staff/absences': 'Who is away, for how long, and why.',
  '/explore': 'Every endpoint you may use, with the exact request.',
};

export default async function HomePage() {
  const shell = await getShellState();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Rooster</h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-muted">
        A dashboard for school schedulers and integration partners on a school portal&apos;s partner API.
      </p>
      {shell ? null : <ConnectFirst what="Everything here" />}
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {navItems.map((item) => (
          <li key={item.href} className="rounded-lg border border-surface-line bg-surface p-4 shadow-sm">
            <Link href={item.href} className="font-semibold text-brand-strong underline-offset-2 hover:underline">
              {navLabel(item)}
            </Link>
            <p className="mt-1 text-sm text-ink-muted">{blurbs[item.href]}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
