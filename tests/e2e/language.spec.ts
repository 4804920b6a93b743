import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectedChanges, versionsOf } from './day-versions';
import { portal, verbinden, W47 } from './support';

// Dutch first: a Dutch browser gets the whole dashboard in Dutch, an English one in English, the
// switch in the header changes language in place, and no English UI text is left anywhere.

type Tree = { [key: string]: string | Tree };
/** All messages of a language, read from its files (Playwright's loader does not take JSON imports). */
const messagesOf = (locale: 'nl' | 'en'): Tree => {
  const dir = join(process.cwd(), 'messages', locale);
  return Object.fromEntries(readdirSync(dir).map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tree]));
};
const strings = (tree: Tree): string[] =>
  Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));
// Endpoint paths (`/contracts`) are identifiers, not words.
const words = (text: string) =>
  new Set(
    text
      .replace(/\/[\w~./-]+/g, ' ')
      .toLowerCase()
      .match(/\p{L}{3,}/gu) ?? [],
  );
const dutchWords = words(strings(messagesOf('nl')).join(' '));
/** English words of the interface that Dutch never uses: the English messages' words, plus common English. */
const englishOnly = new Set(
  [
    ...words(strings(messagesOf('en')).join(' ')),
    ...'the and your with from this that are for not all none show hide loading cancel search rows columns teacher group room student today changes cancelled updated connected rights fields select clear next previous print download unavailable unsupported partner nothing'.split(
      ' ',
    ),
  ].filter((w) => !dutchWords.has(w)),
);

/** The interface's own text: visible text and the labels screen readers read, without portal data. */
async function interfaceText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.body.cloneNode(true) as HTMLElement;
    // Portal data (table cells, codes, raw JSON), identifiers marked translate="no" (field and filter
    // names) and text marked as another language are not the interface's words.
    root
      .querySelectorAll('td, code, pre, script, style, [translate="no"], [lang]:not([lang="nl"])')
      .forEach((e) => e.remove());
    const labels = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((e) =>
      ['aria-label', 'title', 'placeholder', 'alt'].map((a) => e.getAttribute(a) ?? ''),
    );
    document.body.append(root);
    root.style.position = 'absolute';
    const text = root.innerText;
    root.remove();
    return [document.title, text, ...labels].join('\n');
  });
}

async function englishLeft(page: Page): Promise<string[]> {
  return [...words(await interfaceText(page))].filter((w) => englishOnly.has(w));
}

test.describe('a browser that prefers Dutch', () => {
  test.use({ locale: 'nl-NL' });

  test('sees Dutch with lang="nl"; the switch makes the same view English, remembered on reload', async ({ page }) => {
    await verbinden(page);
    await page.goto('/timetable?week=2026-W47');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Rooster' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Afwezigheid', exact: false }).first()).toBeVisible();

    // By keyboard: the focus stays on the switch while the page changes language.
    await page.getByRole('button', { name: 'EN', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Timetable' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'EN', exact: true })).toBeFocused();
    expect(new URL(page.url()).search).toBe('?week=2026-W47');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'NL', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Rooster' })).toBeVisible();
  });

  test('finds no English interface text on any page (portal data aside)', async ({ page }) => {
    // Fifteen pages in one test: three times the usual budget, so a busy machine does not fail it.
    test.slow();
    await verbinden(page);
    const left: Record<string, string[]> = {};
    const visit = async (path: string, ready: () => Promise<void>) => {
      await page.goto(path);
      await ready();
      const found = await englishLeft(page);
      if (found.length > 0) left[path] = found;
    };
    const heading = (name: string) => () => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await visit('/', heading('Vandaag'));
    await visit('/timetable?week=2026-W47', async () => {
      await expect(page.locator('[data-appointment-id]').first()).toBeVisible();
    });
    // The details of a lesson, as a dialog.
    await page.locator('[data-appointment-id]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const inDetails = await englishLeft(page);
    if (inDetails.length > 0) left['/timetable (details)'] = inDetails;
    // The overview by room: the matrix, its legend and the free rooms.
    await visit('/timetable/overview?week=2026-W47&by=location', async () => {
      await expect(page.getByTestId('overview-grid').locator('[data-row]').first()).toBeVisible({ timeout: 20_000 });
    });
    await visit('/staffing/contracts', async () => {
      await expect(page.getByText(/van \d+ rijen/).first()).toBeVisible();
    });
    // The export dialog.
    await page.getByRole('button', { name: 'CSV exporteren' }).click();
    await expect(page.getByRole('button', { name: 'Downloaden' })).toBeVisible();
    const inExport = await englishLeft(page);
    if (inExport.length > 0) left['/staffing/contracts (export)'] = inExport;
    await visit('/staffing/absences', async () => {
      await expect(page.getByText(/van \d+ rijen/).first()).toBeVisible();
      await expect(
        page
          .getByTestId('absence-costs')
          .getByText(/van \d+ rijen/)
          .first(),
      ).toBeVisible();
    });
    await visit('/staffing/load?week=2026-W47', async () => {
      await expect(page.getByTestId('load-totals')).toBeVisible({ timeout: 20_000 });
    });
    await visit('/staffing/groups', async () => {
      await expect(page.getByTestId('group-status-counts')).toBeVisible({ timeout: 20_000 });
    });
    await visit('/rights', heading('Rechten'));
    await visit('/explorer', heading('Verkenner'));
    await visit('/explorer/appointments', async () => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    // A comparison of two weeks, opened from its link.
    const week = `p.start=${W47.start}&p.end=${W47.end}`;
    const next = `vs.p.start=${W47.start + 7 * 86400}&vs.p.end=${W47.end + 7 * 86400}`;
    await visit(`/explorer/appointments?fields=id,start,cancelled&${week}&run=1&vs=1&${next}`, async () => {
      await expect(page.getByTestId('compare-counts')).toBeVisible({ timeout: 15_000 });
    });
    await visit('/connection', async () => {
      await expect(page.getByLabel('URL van het portal')).toBeVisible();
    });
    await visit('/no-such-page', heading('Pagina niet gevonden'));
    expect(left).toEqual({});
  });

  test('"stay connected" keeps the connection for SESSION_MAX_DAYS; without it, a working day', async ({
    page,
    context,
  }) => {
    const cookieDays = async () => {
      const cookie = (await context.cookies()).find((c) => /rooster/.test(c.name))!;
      return (cookie.expires * 1000 - Date.now()) / 86_400_000;
    };
    await verbinden(page);
    expect(await cookieDays()).toBeLessThanOrEqual(0.5);
    await context.clearCookies();
    await verbinden(page, { stay: true });
    expect(await cookieDays()).toBeGreaterThan(29);
    expect(await cookieDays()).toBeLessThanOrEqual(30);
  });

  test('on a phone (390×844) each menu item fits its box, a group’s name on one line before its section', async ({
    page,
  }) => {
    await verbinden(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rights');
    await page.getByTestId('menu-button').click();
    const items = page.getByRole('navigation', { name: 'Hoofdmenu' }).locator('a, [aria-disabled="true"]');
    await expect(items.first()).toBeVisible();
    const boxes = await items.evaluateAll((els) =>
      els.map((el) => {
        // The lines the group's name ("Personeel › ") takes: one, else it wrapped apart.
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let groupLines = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.includes('›')) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          groupLines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }
        return {
          item: (el.textContent ?? '').trim(),
          right: Math.round(el.getBoundingClientRect().right),
          overflows: el.scrollWidth > el.clientWidth + 1,
          groupLines,
        };
      }),
    );
    expect(boxes.filter((b) => b.item.includes('›')).length).toBe(4);
    expect(boxes.filter((b) => b.right > 390 || b.overflows || b.groupLines > 1)).toEqual([]);
  });

  test('/rights gives the specification’s remarks in Dutch', async ({ page }) => {
    await verbinden(page);
    await page.goto('/rights');
    await page.getByRole('button', { name: 'Alles openklappen' }).click();
    const row = page.locator('tr', { has: page.getByText('endTimeSlot', { exact: true }) }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('volgnummer van het laatste lesuur; toon endTimeSlotName');
    await expect(page.getByText('sequence number of the last time slot')).toHaveCount(0);
  });

  test('Vandaag counts the changed lessons and absent staff of a day as the portal holds them', async ({ page }) => {
    await verbinden(page);
    await page.getByRole('link', { name: 'Naar je rooster' }).click();
    await expect(page).toHaveURL(/\/timetable/);

    // Read independently, as a partner would, for Wednesday 18 November 2026.
    const { client, projects } = await portal();
    const start = Date.UTC(2026, 10, 17, 23) / 1000; // 00:00 in Amsterdam
    const end = start + 86_400;
    // A change as /changes counts it: the version chains (read here independently).
    const changed = expectedChanges(await versionsOf({ start, end })).size;
    const absences = (
      await client.get<{ employee: string | null; start: number; end: number | null }>('/employeeabsences', {
        schoolInSchoolYear: projects,
        fields: 'id,employee,start,end',
      })
    ).body.response.data;
    const away = new Set(
      absences.filter((a) => a.start < end && (a.end === null || a.end > start)).map((a) => a.employee),
    ).size;
    expect(changed).toBeGreaterThan(0);

    await page.goto('/?date=2026-11-18');
    await expect(page.getByTestId('today-date')).toHaveText(/woensdag 18 november/);
    await expect(page.getByTestId('today-changes-count')).toHaveAttribute('data-count', String(changed));
    await expect(page.getByTestId('today-changes-count')).toHaveText(
      new RegExp(changed === 1 ? '1 wijziging op deze dag' : `${changed} wijzigingen op deze dag`),
    );
    await expect(page.getByTestId('today-absent-count')).toHaveAttribute('data-count', String(away));
    // The last views, kept in this browser: the timetable just seen.
    await expect(page.getByRole('region', { name: 'Laatst bekeken' }).getByRole('link').first()).toHaveText(/Rooster/);
  });
});

test('a browser that prefers English sees English with lang="en"', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'EN', exact: true })).toHaveAttribute('aria-pressed', 'true');
});
