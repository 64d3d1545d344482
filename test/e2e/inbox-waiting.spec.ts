import type { Locator, Page } from '@playwright/test';
import {
  defaultWaitingThresholds,
  waitingLevel,
  waitingSince,
  waitingWords,
  type WaitingShape,
} from '../../src/shared/domain/index.ts';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { pickOption } from './support/naive-select.ts';

// Who is waiting for an answer: the rows' waiting labels, Needs reply, Oldest waiting first, the
// steps set in Settings, and a reply taking someone off the list, checked against the sandbox.

type ServiceItem = WaitingShape & { id: number; is_archived?: boolean | null };
const allBrands = '101,102,103';
const minute = 60_000;

async function serviceItems(sandbox: SandboxService, params: Record<string, string>): Promise<ServiceItem[]> {
  const items: ServiceItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const query = new URLSearchParams({
      brand_ids: allBrands,
      limit: '100',
      offset: String(offset),
      ...params,
    });
    const answer = await sandbox.request<{ data: ServiceItem[]; paging: { count: number } }>(
      'community',
      `community_interactions?${query}`,
    );
    expect(answer.status).toBe(200);
    items.push(...answer.body.data);
    if (offset + 100 >= answer.body.paging.count) return items;
  }
}

/** The waiting ones the sandbox holds (not archived), newest activity first, with their wait's start. */
async function waitingInSandbox(sandbox: SandboxService) {
  const items = await serviceItems(sandbox, { is_archived: 'false', sort: '-SOURCE_UPDATED_AT' });
  return items
    .map((item) => ({ id: item.id, type: item.type, since: waitingSince(item) }))
    .filter((row): row is { id: number; type: string; since: number } => row.since !== null);
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const rowOf = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
const labelOf = (row: Locator) => row.getByTestId('waiting-label');

function shownIds(page: Page): Promise<number[]> {
  return rows(page).evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-id'))),
  );
}

/** The label's text and ground colours as the page draws them. */
function coloursOf(label: Locator): Promise<string> {
  return label.evaluate((element) => {
    const style = (
      globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }
    ).getComputedStyle(element);
    return `${style.color} on ${style.backgroundColor}`;
  });
}

/** The words a row may show for a wait begun at `since`: its clock ticks once a minute. */
function wordsBetween(since: number, from: number, to: number): string[] {
  const words = new Set<string>();
  for (let at = from - minute; at <= to + minute; at += 30_000) words.add(waitingWords(at - since));
  return [...words];
}

async function openNeedsReply(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Needs reply' }).click();
  await expect(page).toHaveURL(/reply=yes/);
  await expect(page.getByRole('button', { name: 'Needs reply' })).toHaveAttribute('aria-pressed', 'true');
}

test.beforeEach(async ({ page }) => {
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
});

test('each row says how long its person has waited; an answered one says nothing', async ({
  page,
  sandbox,
}) => {
  const from = Date.now();
  const shown = (await shownIds(page)).slice(0, 12);
  const items = await serviceItems(sandbox, { sort: '-SOURCE_UPDATED_AT' });
  const byId = new Map(items.map((item) => [item.id, item]));
  let waiting = 0;
  let answered = 0;
  for (const id of shown) {
    const since = waitingSince(byId.get(id)!);
    const label = labelOf(rowOf(page, id));
    if (since === null) {
      answered++;
      await expect(label).toHaveCount(0);
    } else {
      waiting++;
      const text = (await label.textContent())!.trim();
      expect(wordsBetween(since, from, Date.now())).toContain(text);
    }
  }
  // The newest rows of the seed hold both kinds.
  expect(waiting).toBeGreaterThan(0);
  expect(answered).toBeGreaterThan(0);
});

test('the wait grows as time passes, without a reload', async ({ page }) => {
  await page.clock.install();
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await openNeedsReply(page);
  const label = labelOf(rows(page).first());
  const before = (await label.textContent())!.trim();
  await page.clock.fastForward('50:00:00');
  await expect(label).not.toHaveText(before);
  // Fifty hours on, whatever it said, it now says days.
  await expect(label).toHaveText(/^Waiting \d+ d$/);
});

test('Needs reply lists only the waiting ones and counts them; Oldest waiting first puts the longest wait on top', async ({
  page,
  sandbox,
}) => {
  const waiting = await waitingInSandbox(sandbox);
  expect(waiting.length).toBeGreaterThan(20);
  await openNeedsReply(page);
  await expect(page.getByTestId('page-subtitle')).toContainText(
    `${waiting.length.toLocaleString('en-US')} interactions`,
  );
  await expect(rows(page).first()).toHaveAttribute('data-id', String(waiting[0]!.id));
  const shown = await shownIds(page);
  expect(shown).toEqual(waiting.slice(0, shown.length).map((row) => row.id));
  for (const row of await rows(page).all()) await expect(labelOf(row)).toHaveCount(1);
  await expectAccessible(page, 'the Needs reply list');

  await pickOption(page, page.getByTestId('filter-sort'), 'Oldest waiting first');
  await expect(page).toHaveURL(/sort=OLDEST_WAITING/);
  const oldest = [...waiting].sort((a, b) => a.since - b.since || a.id - b.id);
  await expect(rows(page).first()).toHaveAttribute('data-id', String(oldest[0]!.id));
  const ordered = await shownIds(page);
  expect(ordered).toEqual(oldest.slice(0, ordered.length).map((row) => row.id));
  await expect(page.getByTestId('page-subtitle')).toContainText(
    `${waiting.length.toLocaleString('en-US')} interactions`,
  );

  // The overview says the same: the queue's size, and its oldest, which opens on a click.
  await expect(page.getByTestId('waiting-count')).toHaveText(waiting.length.toLocaleString('en-US'));
  await page.getByTestId('oldest-waiting').click();
  await expect(page).toHaveURL(new RegExp(`#/inbox/${oldest[0]!.id}`));

  // Needs reply off: the order by waiting goes with it, and every row is back.
  await page.getByRole('button', { name: 'Needs reply' }).click();
  await expect(page).not.toHaveURL(/reply=yes|sort=OLDEST_WAITING/);
});

test('a step changed in Settings recolours the label', async ({ page, sandbox }) => {
  const waiting = await waitingInSandbox(sandbox);
  const now = Date.now();
  // A row the default steps do not call overdue, waiting long enough to be with steps of minutes.
  const pick = waiting.find(
    (row) =>
      now - row.since > 10 * minute && waitingLevel(now - row.since, defaultWaitingThresholds) !== 'overdue',
  );
  expect(pick, 'a person waiting between 10 minutes and a day in the seed').toBeDefined();
  await openNeedsReply(page);
  const label = labelOf(rowOf(page, pick!.id));
  await expect(label).toBeVisible();
  const before = await coloursOf(label);
  await expect(label).not.toHaveAttribute('data-level', 'overdue');

  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByTestId('waiting-card');
  await expect(card.getByLabel('Amber after')).toHaveValue('1 h');
  await card.getByLabel('Amber after').fill('later');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('Write a time such as 45 min, 4 h or 2 d.');
  await card.getByLabel('Amber after').fill('1 h');
  await card.getByLabel('Red after').fill('3 min');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('Make this step longer than the first.');
  await expect(card).not.toContainText('Write a time such as');
  await expectAccessible(page, 'the waiting steps refused at their fields');
  await card.getByLabel('Amber after').fill('1 min');
  await card.getByLabel('Red after').fill('2 min');
  await card.getByLabel('Overdue after').fill('3 min');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('status')).toHaveText('Saved.');
  await expectAccessible(page, 'the waiting steps saved');

  await page.goBack();
  await expect(label).toHaveAttribute('data-level', 'overdue');
  const after = await coloursOf(label);
  expect(after).not.toBe(before);
  await expectAccessible(page, 'the inbox with overdue labels');
});

test('answered through the reply box, a person leaves Needs reply and its count', async ({
  page,
  sandbox,
}) => {
  const waiting = await waitingInSandbox(sandbox);
  await openNeedsReply(page);
  await expect(page.getByTestId('page-subtitle')).toContainText(
    `${waiting.length.toLocaleString('en-US')} interactions`,
  );
  await expect(page.getByTestId('waiting-count')).toHaveText(waiting.length.toLocaleString('en-US'));
  const comment = waiting
    .slice(0, 10)
    .find((row) => /_COMMENT$|_MENTION$/.test(row.type) && row.type !== 'TIKTOK_COMMENT');
  expect(comment, 'a comment among the newest waiting').toBeDefined();
  await rowOf(page, comment!.id).click();
  const pane = page.getByTestId('inbox-detail');
  await expect(pane).toBeVisible();
  const text = `Thanks, we are on it (${Date.now().toString(36)})`;
  await pane.getByRole('textbox', { name: 'Reply' }).fill(text);
  await pane.getByTestId('reply-send').click();
  await expect(
    pane.getByTestId('app-reply').filter({ hasText: text }).getByTestId('reply-status'),
  ).toHaveText(/^Sent · /);
  // The service has it as the brand's answer: by the rule, nobody waits on it any more.
  const answered = await serviceItems(sandbox, { id: String(comment!.id), limit: '1' });
  expect(waitingSince(answered[0]!)).toBeNull();

  await page.reload();
  await expect(page.getByTestId('page-subtitle')).toContainText(
    `${(waiting.length - 1).toLocaleString('en-US')} interactions`,
  );
  await expect(rows(page).first()).toBeVisible();
  await expect(rowOf(page, comment!.id)).toHaveCount(0);
  await expect(page.getByTestId('waiting-count')).toHaveText((waiting.length - 1).toLocaleString('en-US'));
});
