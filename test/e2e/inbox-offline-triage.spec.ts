import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// Issue 25 §4: triage done while the service cannot be reached shows at once, waits calmly, and
// reaches the service exactly once when it is back; a teammate's change to another field made
// meanwhile stays; a change the service refuses shows on its row and in the pane, with Retry.

test.use({ chosenBrands: [101] });

const rows = (page: Page) => page.getByTestId('inbox-row');
const rowById = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
const pane = (page: Page) => page.getByTestId('inbox-detail');
const paneButton = (page: Page, name: string) => pane(page).getByRole('button', { name, exact: true });

interface ServiceItem {
  id: number;
  brand_id: number;
  is_read?: boolean | null;
  is_archived?: boolean | null;
  is_follow_up?: boolean | null;
  tag_ids?: number[] | null;
}

/** The row as the service itself has it (its own API, not the app's). */
async function onService(sandbox: SandboxService, id: number): Promise<ServiceItem> {
  const answer = await sandbox.request<{ data: ServiceItem[] }>(
    'community',
    `community_interactions?brand_ids=101&id=${id}&limit=1`,
  );
  return answer.body.data[0]!;
}

/** Screenshots for review, when asked for (`SOCIALDESK_SHOTS=<folder>`), in both themes. */
async function shots(page: Page, name: string): Promise<void> {
  const folder = process.env.SOCIALDESK_SHOTS;
  if (!folder) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${folder}/offline-${name}-${scheme}.png`, animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: null });
}

test('triage done offline shows at once and reaches the service once when it is back; a refused change offers Retry', async ({
  page,
  sandbox,
  webShell,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(rows(page).nth(5)).toBeVisible();
  // This computer's copy of the inbox is filled, and the triage buttons are offered.
  await expect
    .poll(async () => ((await webShell.call('mirror:status')) as { filled: boolean }).filled, {
      timeout: 60_000,
    })
    .toBe(true);
  const ids = (
    await rows(page).evaluateAll((all) => all.map((row) => Number(row.getAttribute('data-id'))))
  ).slice(0, 5);
  const [followed, tagged, refusedRow, readToggled, archived] = ids as [
    number,
    number,
    number,
    number,
    number,
  ];
  const before = new Map(
    await Promise.all(ids.map(async (id) => [id, await onService(sandbox, id)] as const)),
  );
  const tags = (
    await sandbox.request<{ data: { id: number; name: string }[] }>('community', 'tags?brand_ids=101')
  ).body.data;
  const keptTag = tags.find((tag) => !(before.get(tagged)!.tag_ids ?? []).includes(tag.id))!;
  const goneTag = tags.find(
    (tag) => tag.id !== keptTag.id && !(before.get(refusedRow)!.tag_ids ?? []).includes(tag.id),
  )!;

  // Stopped, its port held: no other worker's sandbox can be given it and answer for it.
  await sandbox.stopHoldingPort();
  try {
    // Offline: each change shows at once.
    await rowById(page, followed).click();
    await paneButton(page, 'Follow up').click();
    await expect(paneButton(page, 'Follow up')).toHaveAttribute(
      'aria-pressed',
      String(!before.get(followed)!.is_follow_up),
    );
    await expect(page.getByTestId('offline-note')).toBeVisible();

    await rowById(page, tagged).click();
    await paneButton(page, 'Tags…').click();
    let picker = page.getByTestId('tag-picker');
    await picker.getByRole('checkbox', { name: keptTag.name, exact: true }).click();
    await picker.getByTestId('tag-picker-apply').click();
    await expect(
      rowById(page, tagged).locator(`[data-testid="row-tag"][data-tag-id="${keptTag.id}"]`),
    ).toBeVisible();

    await rowById(page, refusedRow).click();
    await paneButton(page, 'Tags…').click();
    picker = page.getByTestId('tag-picker');
    await picker.getByRole('checkbox', { name: goneTag.name, exact: true }).click();
    await picker.getByTestId('tag-picker-apply').click();

    await rowById(page, readToggled).click();
    const readLabel = (await paneButton(page, 'Mark unread').count()) > 0 ? 'Mark unread' : 'Mark read';
    await paneButton(page, readLabel).click();

    await rowById(page, archived).click();
    await paneButton(page, 'Archive').click();
    await expect(rowById(page, archived)).toHaveCount(0);

    // Every changed row still listed waits calmly; the offline line counts what waits. (Back at
    // the list's top: opening the rows scrolled it, and rows out of view are not drawn.)
    await page.getByTestId('virtual-list').evaluate((list) => list.scrollTo(0, 0));
    for (const id of [followed, tagged, refusedRow, readToggled])
      await expect(rowById(page, id).getByTestId('queued-waiting')).toHaveText('Unsent');
    // The archive goes in line once its Undo has passed.
    type Line = { items: { interactionId: number; state: string; change: { archived?: boolean } }[] };
    const readLine = async () => (await webShell.call('inbox:queued-changes')) as Line;
    await expect
      .poll(
        async () => (await readLine()).items.some((q) => q.interactionId === archived && q.change.archived),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const line = await readLine();
    await expect(page.getByTestId('offline-waiting')).toHaveText(
      `${line.items.length} changes made offline wait to be sent.`,
    );
    expect(line.items.every((q) => q.state === 'waiting')).toBe(true);
    const queuedFor = (id: number) => line.items.filter((q) => q.interactionId === id).length;
    for (const id of ids) expect(queuedFor(id)).toBeGreaterThan(0);
    await expectNoRawErrorText(page);
    await expectAccessible(page, 'triage done offline, waiting to be sent');
    await shots(page, 'waiting');

    // Meanwhile, on the service: a teammate archives the followed row (a field the person did not
    // touch there), and deletes the tag the person is adding to one row. Every PATCH from here on
    // is counted.
    const db = new DatabaseSync(sandbox.dbFile);
    let goneTagRow: Record<string, unknown>;
    try {
      db.prepare('UPDATE community_interactions SET is_archived = 1 WHERE id = ?').run(followed);
      goneTagRow = db.prepare('SELECT * FROM community_tags WHERE id = ?').get(goneTag.id) as Record<
        string,
        unknown
      >;
      db.prepare('DELETE FROM community_interaction_tags WHERE tag_id = ?').run(goneTag.id);
      db.prepare('DELETE FROM community_tags WHERE id = ?').run(goneTag.id);
      db.exec(`
        CREATE TABLE IF NOT EXISTS e2e_patches (id INTEGER NOT NULL);
        CREATE TRIGGER IF NOT EXISTS e2e_count_patches AFTER UPDATE OF updated_at ON community_interactions
        BEGIN INSERT INTO e2e_patches (id) VALUES (NEW.id); END;
      `);
    } finally {
      db.close();
    }

    // The service is back on the same port.
    await sandbox.start();

    // Sent: the marks go, and the refused change shows on its row in words, with Retry.
    for (const id of [followed, tagged, readToggled])
      await expect(rowById(page, id).getByTestId('queued-waiting')).toHaveCount(0, { timeout: 90_000 });
    const refused = rowById(page, refusedRow).getByTestId('queued-refused');
    await expect(refused).toContainText('Could not add tags', { timeout: 90_000 });
    await expect(refused.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByTestId('offline-waiting')).toHaveCount(0);
    // The archived row, out of the list, went last.
    await expect
      .poll(async () => (await readLine()).items.filter((q) => q.state === 'waiting').length)
      .toBe(0);
    // The row reads as the service has it: without the refused tag.
    await expect(rowById(page, refusedRow).locator(`[data-tag-id="${goneTag.id}"]`)).toHaveCount(0);

    // On the service, through its own API: each change arrived, once; the teammate's field stays.
    const count = (id: number) => {
      const counted = new DatabaseSync(sandbox.dbFile, { readOnly: true });
      try {
        return Number(
          (counted.prepare('SELECT count(*) AS n FROM e2e_patches WHERE id = ?').get(id) as { n: number }).n,
        );
      } finally {
        counted.close();
      }
    };
    const afterFollowed = await onService(sandbox, followed);
    expect(afterFollowed.is_follow_up).toBe(!before.get(followed)!.is_follow_up);
    expect(afterFollowed.is_archived).toBe(true);
    expect((await onService(sandbox, tagged)).tag_ids).toContain(keptTag.id);
    expect((await onService(sandbox, readToggled)).is_read).toBe(readLabel === 'Mark read');
    expect((await onService(sandbox, archived)).is_archived).toBe(true);
    for (const id of [followed, tagged, readToggled, archived]) expect(count(id)).toBe(queuedFor(id));
    expect(count(refusedRow)).toBe(queuedFor(refusedRow) - 1);

    // The pane says it too; Retry puts it back in line, and it is refused again (the tag is gone).
    await rowById(page, refusedRow).click();
    const inPane = pane(page).getByTestId('queued-refused');
    await expect(inPane).toContainText('Could not add tags');
    await expectNoRawErrorText(page);
    await expectAccessible(page, 'a change the service refused, with Retry');
    await shots(page, 'refused');
    // The teammate puts the tag back; Retry sends the change, once, and the marks go.
    const restore = new DatabaseSync(sandbox.dbFile);
    try {
      const columns = Object.keys(goneTagRow);
      restore
        .prepare(
          `INSERT INTO community_tags (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        )
        .run(...(Object.values(goneTagRow) as (string | number | null)[]));
    } finally {
      restore.close();
    }
    const patchesBefore = count(refusedRow);
    await inPane.getByRole('button', { name: 'Retry' }).click();
    await expect(pane(page).getByTestId('queued-refused')).toHaveCount(0);
    await expect(rowById(page, refusedRow).getByTestId('queued-refused')).toHaveCount(0);
    await expect.poll(async () => (await onService(sandbox, refusedRow)).tag_ids).toContain(goneTag.id);
    await expect(rowById(page, refusedRow).locator(`[data-tag-id="${goneTag.id}"]`)).toBeVisible();
    expect(count(refusedRow)).toBe(patchesBefore + 1);
    expect(((await webShell.call('inbox:queued-changes')) as { items: unknown[] }).items).toEqual([]);
  } finally {
    // Running again whatever failed: the fixture's teardown stops it as usual.
    await sandbox.start();
  }
});
