import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { pickOption, selectOption } from './support/naive-select.ts';

// Posting times, "Add to queue", dragging from Unscheduled, and a calendar a person can read,
// against a sandbox of the test's own: where a post landed is read back from the sandbox.

interface ServicePost {
  id: number;
  status: string;
  timestamp: string | null;
}

type Channel = 'threads' | 'snapchat';

/** An unscheduled post of brand 101, made on the sandbox. */
async function unscheduledPost(sandbox: SandboxService, channel: Channel, body: Record<string, unknown>) {
  const created = await sandbox.request<ServicePost>('scheduler', `${channel}/scheduled_posts`, {
    method: 'POST',
    json: { brand_id: 101, ...body },
  });
  expect(created.status).toBe(201);
  expect(created.body.timestamp).toBeNull();
  return { id: created.body.id, key: `${channel}:${created.body.id}` };
}

const readPost = async (sandbox: SandboxService, channel: Channel, id: number) =>
  (await sandbox.request<ServicePost>('scheduler', `${channel}/scheduled_posts/${id}`)).body;

/** Tomorrow in the browser's zone: its date, its weekday (1 Monday ... 7 Sunday), its midnight. */
async function tomorrow(page: Page) {
  return page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    day.setHours(0, 0, 0, 0);
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`,
      weekday: ((day.getDay() + 6) % 7) + 1,
      start: day.getTime(),
    };
  });
}

async function openWeekWith(page: Page, date: string) {
  await page.getByTestId('nav-scheduler').click();
  await page.getByTestId('view-week').click();
  await expect(page.getByTestId('post-calendar')).toHaveAttribute('data-view', 'week');
  const cells = page.locator(`[data-testid="post-calendar"] [data-date="${date}"]`);
  await expect(page.getByTestId('calendar-title')).not.toBeEmpty();
  if ((await cells.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
  await expect(cells.first()).toBeVisible();
}

/** Only the one post in Unscheduled: the search keeps it alone. */
async function searchFor(page: Page, words: string) {
  await page.getByRole('searchbox', { name: 'Search the posts shown' }).fill(words);
}

const shortDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Sets one posting time for Threads · Brand 101 on one day of the week, in the browser's zone. */
async function setPostingTime(page: Page, weekday: number, time: string, zone: string) {
  await page.getByRole('button', { name: 'Posting times' }).click();
  const dialog = page.getByRole('dialog', { name: 'Posting times' });
  await expect(dialog).toBeVisible();
  await pickOption(page, dialog.getByTestId('times-channel'), 'Threads');
  await pickOption(page, dialog.getByTestId('times-brand'), 'Brand 101');
  await dialog.getByTestId('times-zone').click();
  await page.keyboard.type(zone);
  await selectOption(page, zone.replace(/_/g, ' ')).click();
  await expect(dialog.getByTestId('times-zone')).toContainText(zone.replace(/_/g, ' '));
  const days = dialog.getByRole('group', { name: 'Days' });
  for (const [index, day] of shortDays.entries()) {
    const box = days.getByRole('checkbox', { name: day });
    if ((await box.isChecked()) !== (index + 1 === weekday)) await box.click();
  }
  await dialog.getByRole('textbox', { name: 'Time', exact: true }).fill(time);
  await dialog.getByRole('button', { name: 'Add time' }).click();
  const row = dialog
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .nth(weekday - 1);
  await expect(row.getByText(time, { exact: true })).toBeVisible();
  return dialog;
}

test('a posting time shows free in the week, and Add to queue puts an unscheduled post there', async ({
  page,
  sandbox,
}) => {
  const words = `Queue me ${randomUUID()}`;
  const post = await unscheduledPost(sandbox, 'threads', { text: words });
  const day = await tomorrow(page);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await openWeekWith(page, day.date);

  const dialog = await setPostingTime(page, day.weekday, '06:17', zone);
  await expectAccessible(page, 'the posting times');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);

  // The week shows tomorrow's 06:17 as a free time of Threads · Brand 101.
  const slotTime = new Date(day.start + (6 * 60 + 17) * 60_000).toISOString();
  const free = page.locator(`[data-testid="post-calendar"] [data-free-slot="${slotTime}"]`);
  await expect(free).toHaveCount(1);
  await expect(free).toHaveText('Free · Brand 101');
  await expect(free).toHaveAttribute('title', 'Free posting time of Threads · Brand 101');
  await expect(
    page.locator(`[data-testid="post-calendar"] .free-slot:has([data-free-slot="${slotTime}"])`),
  ).toContainText('TH');
  await expectAccessible(page, 'the week with free posting times');

  await searchFor(page, words);
  const item = page.getByTestId('unscheduled').getByRole('listitem');
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /^Add to queue/ }).click();
  await expect(page.getByText(/^Added to the queue: /)).toBeVisible();

  const queued = await readPost(sandbox, 'threads', post.id);
  expect(Date.parse(queued.timestamp!)).toBe(Date.parse(slotTime));
  // The time is held now: the post is drawn there, and the free time is gone.
  await expect(page.locator(`.post-event[data-post="${post.key}"]`)).toHaveCount(1);
  await expect(free).toHaveCount(0);
});

test('Add to queue without posting times says where to set them', async ({ page, sandbox }) => {
  const words = `No times ${randomUUID()}`;
  await unscheduledPost(sandbox, 'threads', { text: words });
  await page.getByTestId('nav-scheduler').click();
  await searchFor(page, words);
  await page
    .getByTestId('unscheduled')
    .getByRole('button', { name: /^Add to queue/ })
    .click();
  const said = 'Threads · Brand 101 has no posting times yet: set them in Posting times.';
  await expect(page.getByText(said)).toBeVisible();

  // From the post's details the same, said in the pane beside its controls.
  await page.getByTestId('unscheduled-post').click();
  const pane = page.getByRole('dialog');
  await pane.getByRole('button', { name: 'Add to queue' }).click();
  await expect(pane.getByRole('status').filter({ hasText: said })).toBeVisible();
});

test('a post dragged from Unscheduled onto the week is scheduled at that time', async ({ page, sandbox }) => {
  const words = `Drag me ${randomUUID()}`;
  const post = await unscheduledPost(sandbox, 'threads', { text: words });
  const day = await tomorrow(page);
  await openWeekWith(page, day.date);
  await searchFor(page, words);
  const item = page.getByTestId('unscheduled').getByRole('listitem');
  await expect(item).toHaveCount(1);

  // Tomorrow's column at the 10:00 line of the time grid.
  const column = page
    .locator(`[data-testid="post-calendar"] [role="gridcell"][data-date="${day.date}"]`)
    .first();
  const line = page.locator('[data-testid="post-calendar"] [data-time="10:00:00"]').first();
  await line.scrollIntoViewIfNeeded();
  const c = (await column.boundingBox())!;
  const l = (await line.boundingBox())!;
  const from = (await item.getByTestId('unscheduled-post').boundingBox())!;
  await dragFromTo(page, from, { x: c.x + c.width / 2, y: l.y + 4 });
  await expect(page.getByText(/^Scheduled for /)).toBeVisible();

  const scheduled = await readPost(sandbox, 'threads', post.id);
  expect(Date.parse(scheduled.timestamp!)).toBe(day.start + 10 * 3_600_000);
  await expect(page.locator(`.post-event[data-post="${post.key}"]`)).toHaveCount(1);
  await expect(item).toHaveCount(0);
});

async function dragFromTo(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  to: { x: number; y: number },
) {
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 10, box.y + box.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}

test('the calendar says what its colours mean, shows a whole post on hover, and a search keeps the posts that match', async ({
  page,
  sandbox,
}) => {
  const words = `Autumn lookbook ${randomUUID()}`;
  const day = await tomorrow(page);
  const long = `${words} — ${'a long caption that a calendar cell cannot hold, '.repeat(3)}the end.`;
  const created = await sandbox.request<ServicePost>('scheduler', 'threads/scheduled_posts', {
    method: 'POST',
    json: {
      brand_id: 101,
      text: long,
      status: 'SCHEDULED',
      timestamp: new Date(day.start + 13 * 3_600_000 + 7 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    },
  });
  expect(created.status).toBe(201);
  // Another post at the same minute: the two stand side by side, neither over the other.
  const twin = await sandbox.request<ServicePost>('scheduler', 'threads/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 102, text: `${words} twin`, status: 'SCHEDULED', timestamp: created.body.timestamp },
  });
  expect(twin.status).toBe(201);
  await openWeekWith(page, day.date);
  const one = (await page.locator(`.post-event[data-post="threads:${created.body.id}"]`).boundingBox())!;
  const two = (await page.locator(`.post-event[data-post="threads:${twin.body.id}"]`).boundingBox())!;
  expect(one.x + one.width <= two.x + 1 || two.x + two.width <= one.x + 1).toBe(true);

  const legend = page.getByRole('list', { name: 'Status colours' });
  for (const label of ['Scheduled', 'Published', 'Failed or partly failed', 'Needs approval', 'Draft'])
    await expect(legend.getByText(label, { exact: true })).toBeVisible();

  const event = page.locator(`.post-event[data-post="threads:${created.body.id}"]`);
  await event.scrollIntoViewIfNeeded();
  await event.hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('the end.');
  await expect(tooltip).toContainText('Threads · Brand 101');
  await expect(event).toHaveAttribute('aria-describedby', 'post-tooltip');
  // The keyboard reaches the same words: a post focused shows its tooltip too.
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await event.focus();
  await expect(tooltip).toContainText('the end.');
  await event.blur();

  await searchFor(page, words.toUpperCase());
  await expect(page.locator('.post-event')).toHaveCount(2);
  await expect(event).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search the posts shown' })).toHaveValue(
    words.toUpperCase(),
  );
  await expect(page.locator('.post-event')).toHaveCount(2);

  await searchFor(page, `nothing like this ${randomUUID()}`);
  await expect(page.getByText('No post in this week matches the search.')).toBeVisible();
  await expect(page.locator('.post-event')).toHaveCount(0);
});

test('a Snapchat post without text says what it holds, in Unscheduled and the list', async ({
  page,
  sandbox,
}) => {
  const post = await unscheduledPost(sandbox, 'snapchat', { media_ids: [4242] });
  await page.getByTestId('nav-scheduler').click();
  const item = page.locator(`[data-testid="unscheduled-post"][data-post="${post.key}"]`);
  await searchFor(page, 'Snapchat · 1 media file');
  await expect(item).toContainText('Snapchat · 1 media file');
  // Its details say the same before anything is done to it.
  await item.click();
  const pane = page.getByRole('dialog');
  await expect(pane.getByText('Snapchat · 1 media file')).toBeVisible();
  await expectAccessible(page, "an unscheduled Snapchat post's details");
  await page.keyboard.press('Escape');
  await expect(pane).toHaveCount(0);

  await page.getByTestId('view-list').click();
  await pickOption(page, page.getByTestId('filter-scheduled'), 'Unscheduled');
  await pickOption(page, page.getByTestId('sort'), 'Recently changed');
  const row = page.locator(`[data-testid="post-row"][data-post="${post.key}"]`);
  await expect(row).toContainText('Snapchat · 1 media file');
});

test('the list starts today and keeps its choices after a reload', async ({ page, sandbox }) => {
  await page.getByTestId('nav-scheduler').click();
  await page.getByTestId('view-list').click();
  const rows = page.getByTestId('post-row');
  await expect(rows.first()).toBeVisible();
  // Audited once read: rows greyed out while a page loads are meant to be read as waiting.
  await expect(page.getByTestId('posts-table')).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'the list of posts');

  // In publish time order it opens on the page holding today, scrolled to today's first post:
  // that row is today or later, the row above it earlier, and the page's first rows above the view.
  const today = await page.evaluate(() => new Date(new Date().setHours(0, 0, 0, 0)).getTime());
  const timeOfRow = async (row: Locator) => {
    const [channel, id] = (await row.getAttribute('data-post'))!.split(':');
    return Date.parse((await readPost(sandbox, channel as Channel, Number(id))).timestamp!);
  };
  await expect(page.locator('.n-pagination-item--active')).not.toHaveText('1');
  const first = page.locator('[data-testid="post-row"].first-of-today');
  await expect(first).toBeInViewport();
  expect(await timeOfRow(first)).toBeGreaterThanOrEqual(today);
  const index = await first.evaluate((row) => [...row.parentElement!.children].indexOf(row));
  expect(index).toBeGreaterThan(0);
  expect(await timeOfRow(rows.nth(index - 1))).toBeLessThan(today);
  await expect(rows.first()).not.toBeInViewport();

  // The list's choices are in the address: a reload keeps the list view and its sort.
  await pickOption(page, page.getByTestId('sort'), 'Publish time, latest first');
  await expect(page).toHaveURL(/[?&]view=list/);
  await expect(page).toHaveURL(/[?&]sort=-TIMESTAMP/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
  await expect(page.getByTestId('sort')).toContainText('Publish time, latest first');
  await expect(rows.first()).toBeVisible();
});

test('a draft takes the next free posting time with Add to queue in the composer', async ({ page }) => {
  await page.getByTestId('nav-drafts').click();
  await page.getByTestId('draft-new').click();
  await page.locator('.n-dropdown-option').filter({ hasText: 'Threads' }).click();
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  const draftUrl = page.url();
  await expect(page.getByTestId('draft-brand')).toContainText('Brand 101');
  const publishAt = page.locator('[data-field="timestamp"]');

  // No posting times yet: said at the field, the draft stays unscheduled.
  await publishAt.getByRole('button', { name: 'Add to queue' }).click();
  await expect(publishAt).toContainText(
    "Threads · Brand 101 has no posting times yet: set them in the Scheduler's Posting times.",
  );
  await expect(page.getByTestId('draft-publish-at').locator('input')).toHaveValue('');
  await expectAccessible(page, 'the composer saying a channel has no posting times');

  const day = await tomorrow(page);
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await openWeekWith(page, day.date);
  const dialog = await setPostingTime(page, day.weekday, '07:43', zone);
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto(draftUrl);
  await publishAt.getByRole('button', { name: 'Add to queue' }).click();
  await expect(page.getByTestId('draft-publish-at').locator('input')).toHaveValue(`${day.date} 07:43:00`);
  await expect(publishAt).not.toContainText('posting times');
});
