import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { waitingSince, waitingWords, type WaitingShape } from '../../src/shared/domain/index.ts';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { pickOption } from './support/naive-select.ts';

// Working the inbox down to zero, against a sandbox of the test's own: the pane's triage
// buttons, rows leaving the list with Undo, one unread count everywhere, and Inbox zero. What
// the screen says is checked against what the sandbox answers.

interface ServiceItem {
  id: number;
  is_read?: boolean | null;
  is_archived?: boolean | null;
  is_follow_up?: boolean | null;
}

async function interaction(sandbox: SandboxService, id: number): Promise<ServiceItem> {
  const answer = await sandbox.request<{ data: ServiceItem[] }>(
    'community',
    `community_interactions?brand_ids=101,102,103&id=${id}&limit=1`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data[0]!;
}

/** Who waits for an answer in brand 101's To do, as the sandbox holds it: how many, and since when the longest. */
async function waitingOfBrand101(sandbox: SandboxService) {
  let count = 0;
  let oldest: { id: number; since: number } | null = null;
  for (let offset = 0; ; offset += 100) {
    const answer = await sandbox.request<{
      data: (WaitingShape & { id: number })[];
      paging: { count: number };
    }>('community', `community_interactions?brand_ids=101&is_archived=false&offset=${offset}&limit=100`);
    expect(answer.status).toBe(200);
    for (const item of answer.body.data) {
      const since = waitingSince(item);
      if (since === null) continue;
      count++;
      if (!oldest || since < oldest.since || (since === oldest.since && item.id < oldest.id))
        oldest = { id: item.id, since };
    }
    if (offset + 100 >= answer.body.paging.count) return { count, oldest: oldest! };
  }
}

/** The service's own unread total (op 18) for the three brands. */
async function serviceUnread(sandbox: SandboxService): Promise<number> {
  const answer = await sandbox.request<{ data: { total: number } }>(
    'community',
    'community_interactions/unread_interaction_counts',
    { json: { brand_ids: [101, 102, 103] } },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.total;
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const rowById = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
const pane = (page: Page) => page.getByTestId('inbox-detail');
const paneButton = (page: Page, name: string) => pane(page).getByRole('button', { name, exact: true });
const shownIds = (page: Page) =>
  rows(page).evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-id'))));
const number = (n: number) => n.toLocaleString('en-US');

async function focusPage(page: Page): Promise<void> {
  await page.locator('h1').click();
}

/** Every place that shows the unread count says this number. */
async function expectUnreadEverywhere(page: Page, unread: number): Promise<void> {
  await expect(page.getByTestId('page-subtitle')).toContainText(`${number(unread)} unread in all types`);
  await expect(page.getByTestId('unread-total')).toHaveText(String(unread));
  await expect(page.locator('[data-figure="unread"] dd')).toHaveText(number(unread));
}

test.beforeEach(async ({ page }) => {
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
});

test('one unread count everywhere: subtitle, type list, overview and the Unread list agree, before and after archiving a row', async ({
  page,
  sandbox,
}) => {
  const unread = await serviceUnread(sandbox);
  await expect(page.getByRole('radio', { name: 'To do' })).toBeChecked();
  await expectUnreadEverywhere(page, unread);
  // The Unread filter lists exactly the rows the counts count.
  await pickOption(page, page.getByTestId('filter-read'), 'Unread');
  await expect(page.getByTestId('page-subtitle')).toContainText(`${number(unread)} interactions ·`);

  // Archive the first unread row: it leaves the list, and every count follows at once.
  await focusPage(page);
  const id = Number(await rows(page).first().getAttribute('data-id'));
  await page.keyboard.press('e');
  await expect(rowById(page, id)).toHaveCount(0);
  await expectUnreadEverywhere(page, unread - 1);
  await expect(page.getByTestId('page-subtitle')).toContainText(`${number(unread - 1)} interactions ·`);
  await expect.poll(async () => (await interaction(sandbox, id)).is_archived).toBe(true);
  expect(await serviceUnread(sandbox)).toBe(unread - 1);

  // Read again from the service, they still agree (the address has the filter once the person
  // stays on it a moment: route-query.ts).
  await expect(page).toHaveURL(/read=no/);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expectUnreadEverywhere(page, unread - 1);
  await expect(page.getByTestId('page-subtitle')).toContainText(`${number(unread - 1)} interactions ·`);
});

test('the open interaction shows its state and every triage action with its key; archived, it leaves the list with Undo', async ({
  page,
  sandbox,
}) => {
  await focusPage(page);
  const [first, second] = await shownIds(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/inbox/${first}`));
  const states = pane(page).getByTestId('states');
  // Opening it marked it read.
  await expect(states).toContainText('Read');
  await expect(states).toContainText('To do');
  await expect(states).toContainText(/Assigned to User \d+|Not assigned/);
  for (const [name, key] of [
    ['Mark unread', 'r'],
    ['Archive', 'e'],
    ['Follow up', 'f'],
    ['Tags…', 't'],
    ['Assign…', 'a'],
  ] as const) {
    await expect(paneButton(page, name)).toHaveText(`${name}${key}`);
    await expect(paneButton(page, name)).toHaveAttribute('aria-keyshortcuts', key);
  }
  await expectAccessible(page, 'the detail pane with its triage buttons');

  // A button does what its key does: follow-up on, at the service too.
  const followed = (await interaction(sandbox, first!)).is_follow_up === true;
  await paneButton(page, 'Follow up').click();
  await expect(paneButton(page, 'Follow up')).toHaveAttribute('aria-pressed', String(!followed));
  await expect.poll(async () => (await interaction(sandbox, first!)).is_follow_up).toBe(!followed);

  // Archived from the pane: out of the list at once, the pane keeping it, Undo offered.
  await paneButton(page, 'Archive').click();
  // Pointed at, Undo stays offered (however long the checks below take).
  await page.getByTestId('undo-bar').hover();
  await expect(rowById(page, first!)).toHaveCount(0);
  await expect(page.getByTestId('undo-bar')).toContainText('Archived');
  await expect(pane(page).getByTestId('detail-left')).toHaveText('No longer in this list. Next item: j');
  await expect(states).toContainText('Archived');
  await expectAccessible(page, 'a row archived from the pane, with Undo');
  await expect.poll(async () => (await interaction(sandbox, first!)).is_archived).toBe(true);

  // Undo: back in its place, and unarchived at the service.
  await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page).first()).toHaveAttribute('data-id', String(first));
  await expect(page.getByTestId('undo-bar')).toBeHidden();
  await expect.poll(async () => (await interaction(sandbox, first!)).is_archived).toBe(false);

  // The keys act on the open interaction: e archives it, z undoes, e again, and j opens the next.
  await focusPage(page);
  await page.keyboard.press('e');
  await expect(rowById(page, first!)).toHaveCount(0);
  await page.keyboard.press('z');
  await expect(rows(page).first()).toHaveAttribute('data-id', String(first));
  await expect.poll(async () => (await interaction(sandbox, first!)).is_archived).toBe(false);
  await page.keyboard.press('e');
  await expect(rowById(page, first!)).toHaveCount(0);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/inbox/${second}`));
  await expect(page.locator('[data-testid="inbox-row"][aria-current="true"]')).toHaveAttribute(
    'data-id',
    String(second),
  );
});

test('with "Open the next item after triage" on, archiving the open interaction opens the next', async ({
  page,
}) => {
  await page.getByRole('link', { name: 'Settings' }).click();
  const setting = page.getByRole('switch', { name: 'Open the next item after triage' });
  await expect(setting).toHaveAttribute('aria-checked', 'false');
  await setting.click();
  await expect(setting).toHaveAttribute('aria-checked', 'true');
  await expectAccessible(page, 'the inbox section of Settings');

  await page.getByRole('link', { name: 'Inbox' }).click();
  await expect(rows(page).first()).toBeVisible();
  const [first, second, third] = await shownIds(page);
  await rows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`#/inbox/${first}`));
  await paneButton(page, 'Archive').click();
  await expect(page).toHaveURL(new RegExp(`#/inbox/${second}`));
  await expect(rowById(page, first!)).toHaveCount(0);
  // Staying in the list (a follow-up), the next one opens too.
  await paneButton(page, 'Follow up').click();
  await expect(page).toHaveURL(new RegExp(`#/inbox/${third}`));
});

test('an archive the service refuses puts the row back and says so', async ({ page, sandbox }) => {
  await focusPage(page);
  const id = Number(await rows(page).first().getAttribute('data-id'));
  // The service no longer has the row (gone meanwhile): it refuses the change. (Unreachable, the
  // change would wait to be sent: inbox-offline-triage.spec.ts.)
  const db = new DatabaseSync(sandbox.dbFile);
  try {
    db.prepare('DELETE FROM community_interactions WHERE id = ?').run(id);
    db.prepare('DELETE FROM community_interaction_bodies WHERE id = ?').run(id);
  } finally {
    db.close();
  }
  await page.keyboard.press('e');
  await expect(page.getByText(/Could not archive/)).toBeVisible();
  await expect(rows(page).first()).toHaveAttribute('data-id', String(id));
  await expect(rows(page).first()).toHaveAttribute('data-archived', 'no');
  await expect(page.getByTestId('undo-bar')).toBeHidden();
});

test.describe('one brand', () => {
  test.use({ chosenBrands: [101] });

  test('a queue worked down to nothing is Inbox zero, with what is next; Archived is one click away', async ({
    page,
    sandbox,
  }) => {
    // Facebook ads comments: the smallest queue of brand 101 in the seed.
    await page.locator('[data-testid="type-entry"][data-type="FACEBOOK_ADS_COMMENT"]').click();
    await expect(page).toHaveURL(/type=FACEBOOK_ADS_COMMENT/);
    const queue = await sandbox.request<{ paging: { count: number } }>(
      'community',
      'community_interactions?brand_ids=101&types=FACEBOOK_ADS_COMMENT&is_archived=false&limit=0',
    );
    const count = queue.body.paging.count;
    await expect(page.getByTestId('page-subtitle')).toContainText(`${number(count)} interaction`);
    expect(count).toBeGreaterThan(0);
    await rows(page).first().getByTestId('row-select').click();
    await page.getByTestId('bulk-select-all').click();
    await page.getByTestId('bulk-archive').click();
    await expect(page.getByTestId('bulk-result')).toHaveText(new RegExp(`Done: ${count} changed`));

    const zero = page.getByTestId('inbox-zero');
    await expect(zero).toBeVisible();
    await expect(zero.getByRole('heading', { name: 'Inbox zero' })).toBeVisible();
    const overview = await sandbox.request<{ data: { follow_up_count: number } }>(
      'community',
      'overview_stats?brand_ids=101',
    );
    const followUps = overview.body.data.follow_up_count;
    await expect(zero.getByTestId('inbox-zero-follow-ups')).toContainText(
      `${number(followUps)} follow-up${followUps === 1 ? '' : 's'}`,
    );
    // What is next on the waiting side: the person of this brand waiting longest, with their wait.
    const waiting = await waitingOfBrand101(sandbox);
    const longest = zero.getByTestId('inbox-zero-oldest-waiting');
    await expect(longest).toContainText('Waiting longest');
    const person = longest.getByRole('link');
    await expect(person).toHaveAttribute('href', new RegExp(`#/inbox/${waiting.oldest.id}\\b`));
    const words = (await person.getByTestId('waiting-label').textContent())!.trim();
    expect([
      waitingWords(Date.now() - waiting.oldest.since),
      waitingWords(Date.now() - 60_000 - waiting.oldest.since),
    ]).toContain(words);
    await page.getByTestId('bulk-dismiss').click();
    await expectAccessible(page, 'Inbox zero');

    await page.getByText('Archived', { exact: true }).click();
    await expect(page).toHaveURL(/archived=yes/);
    await expect(rows(page).first()).toHaveAttribute('data-archived', 'yes');
    await expect(page.getByTestId('page-subtitle')).toContainText(/^[\d,]+ interactions?/);

    // Back on To do, Show who is waiting: Needs reply over the whole To do, everyone waiting listed.
    await page.getByText('To do', { exact: true }).click();
    await expect(zero).toBeVisible();
    await longest.getByRole('button', { name: 'Show who is waiting' }).click();
    await expect(page).toHaveURL(/reply=yes/);
    await expect(page).not.toHaveURL(/type=|archived=/);
    await expect(page.getByRole('button', { name: 'Needs reply' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('page-subtitle')).toContainText(`${number(waiting.count)} interactions`);
  });
});
