import { linkClass } from '@/components/ui/button';
import { changeSentences, whenText } from '@/lib/timetable/labels';
import type { WeekLayout } from '@/lib/timetable/layout';
import type { VersionChange } from '@/lib/timetable/versions';
import type { Words } from '@/lib/timetable/words';
import { blockTitle } from '@/lib/timetable/labels';
import { cardClass } from '@/components/ui/card';

export interface ChangeItem {
  key: string;
  text: string;
}

/** The blocks a poll changed since the page loaded, in the grid's reading order, each said in one line. */
export function changeItems(
  layout: WeekLayout,
  changed: ReadonlySet<number>,
  changes: ReadonlyMap<string, VersionChange>,
  words: Words,
  zone: string,
): ChangeItem[] {
  const out: ChangeItem[] = [];
  for (const b of layout.blocks) {
    const a = b.appointment;
    if (a.id === null || !changed.has(a.id)) continue;
    const said = changeSentences(a, changes.get(a.key), words, zone);
    if (a.cancelled) said.unshift(words.labels('status.cancelled'));
    if (said.length === 0)
      said.push(a.changeDescription || words.labels('change.changed').toLocaleLowerCase(words.locale));
    const who = a.groups.length > 0 ? ` ${a.groups.join(', ')}` : '';
    out.push({
      key: a.key,
      text: `${whenText(b, layout.days[b.day]!.weekday, words)} · ${blockTitle(a, words)}${who}: ${said.join(', ')}`,
    });
  }
  return out;
}

/** Moves to a block on the grid: focus (it becomes the grid's tab stop) and into view. */
export function focusBlock(key: string) {
  const block = document.querySelector<HTMLElement>(`.timetable-grid [data-appointment-id="${CSS.escape(key)}"]`);
  if (!block) return;
  block.focus({ preventScroll: true });
  block.scrollIntoView({ block: 'center', inline: 'center' });
}

/** The list the status line opens: every change since the page loaded, each a link to its block. */
export function ChangesList({ id, items, label }: { id: string; items: ChangeItem[]; label: string }) {
  return (
    <nav id={id} aria-label={label} className={cardClass('none', 'p-2 text-sm print:hidden')}>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={`#block-${item.key}`}
              className={linkClass('hover:no-')}
              data-change-link={item.key}
              onClick={(event) => {
                event.preventDefault();
                focusBlock(item.key);
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
