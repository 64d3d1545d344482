import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { schedulerChannels } from '../../src/shared/domain/index.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';

// The Scheduler against a sandbox of the test's own: what the calendar shows, and what a drag or
// a delete did, is checked against the sandbox's own answers.

interface ServicePost {
  id: number;
  status: string;
  timestamp: string | null;
}

const seconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

/** Every scheduled post of the three brands from `from` to `to` (exclusive), as the sandbox has them. */
async function sandboxPosts(sandbox: SandboxService, from: number, to: number) {
  const lists = await Promise.all(
    schedulerChannels.map(async (channel) => {
      const query = `brand_ids=101,102,103&has_scheduled_time=true&limit=1000&start_date=${seconds(from)}&end_date=${seconds(to - 1000)}`;
      const answer = await sandbox.request<{ data: ServicePost[] }>(
        'scheduler',
        `${channel}/scheduled_posts?${query}`,
      );
      return answer.body.data.map((post) => ({ ...post, channel, key: `${channel}:${post.id}` }));
    }),
  );
  return lists.flat();
}

/** The first and last day the calendar shows, as the browser's local midnights. */
async function visibleRange(page: Page): Promise<{ from: number; to: number; days: string[] }> {
  const cells = page.locator('[data-testid="post-calendar"] [data-date]');
  const days = [
    ...new Set(await cells.evaluateAll((els) => els.map((el) => el.getAttribute('data-date')!))),
  ].sort();
  const local = (day: string) => page.evaluate((d) => new Date(`${d}T00:00:00`).getTime(), day);
  return { from: await local(days[0]!), to: (await local(days.at(-1)!)) + 86_400_000, days };
}

async function openScheduler(page: Page, view: 'week' | 'month' | 'list') {
  await page.getByTestId('nav-scheduler').click();
  await page.getByTestId(`view-${view}`).click();
  if (view !== 'list') {
    await expect(page.getByTestId('post-calendar')).toHaveAttribute('data-view', view);
    await expect(page.locator('.post-event').first()).toBeVisible();
  }
}

test("the week shows the sandbox's posts of that week, every channel", async ({ page, sandbox }) => {
  await openScheduler(page, 'week');
  const { from, to } = await visibleRange(page);
  const expected = await sandboxPosts(sandbox, from, to);
  expect(expected.length).toBeGreaterThan(0);
  // One key per post: a post late in the evening is drawn in two pieces, either side of midnight.
  const shownKeys = async () =>
    [
      ...new Set(
        await page.locator('.post-event').evaluateAll((els) => els.map((el) => el.getAttribute('data-post'))),
      ),
    ].sort();
  await expect.poll(shownKeys).toEqual(expected.map((p) => p.key).sort());
  await expectAccessible(page, 'the week');

  // A post opens its details beside the week.
  await page.locator('.post-event').first().click();
  await expect(page.getByTestId('post-details')).toBeVisible();
  await expectAccessible(page, "a post's details");
});

test('a post dragged to another day is moved on the service, and Undo puts it back', async ({
  page,
  sandbox,
}) => {
  await openScheduler(page, 'month');
  await expectAccessible(page, 'the month');
  const { from, to, days } = await visibleRange(page);
  const posts = await sandboxPosts(sandbox, from, to);
  const localDay = (iso: string) =>
    page.evaluate((t) => {
      const d = new Date(t);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    }, iso);
  // A scheduled post that opens its day (so no "+ more" hides it), with a later day shown after it.
  const byDay = new Map<string, typeof posts>();
  for (const post of posts.sort((a, b) => Date.parse(a.timestamp!) - Date.parse(b.timestamp!))) {
    const day = await localDay(post.timestamp!);
    byDay.set(day, [...(byDay.get(day) ?? []), post]);
  }
  const tomorrow = Date.now() + 86_400_000;
  const candidate = [...byDay.entries()].find(
    ([day, list]) =>
      list[0]!.status === 'SCHEDULED' &&
      Date.parse(list[0]!.timestamp!) > tomorrow &&
      days.indexOf(day) < days.length - 2,
  );
  expect(candidate, 'a scheduled post in the month shown').toBeDefined();
  const [day, [post]] = candidate! as [string, typeof posts];
  const target = days[days.indexOf(day) + 2]!;

  const event = page.locator(`.post-event[data-post="${post!.key}"]`);
  const cell = page.locator(`[data-testid="post-calendar"] [data-date="${target}"]`).first();
  const a = (await event.boundingBox())!;
  const b = (await cell.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 5, a.y + a.height / 2 + 5, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByTestId('moved-message')).toBeVisible();

  const read = async () =>
    (await sandbox.request<ServicePost>('scheduler', `${post!.channel}/scheduled_posts/${post!.id}`)).body;
  const moved = await read();
  expect(await localDay(moved.timestamp!)).toBe(target);
  // Same time of day, two days later: a drag in the month moves the day only.
  expect(Date.parse(moved.timestamp!) - Date.parse(post!.timestamp!)).toBeGreaterThanOrEqual(
    2 * 86_400_000 - 3_600_000,
  );
  expect(Date.parse(moved.timestamp!) - Date.parse(post!.timestamp!)).toBeLessThanOrEqual(
    2 * 86_400_000 + 3_600_000,
  );

  await page.getByTestId('undo-move').click();
  await expect.poll(async () => Date.parse((await read()).timestamp!)).toBe(Date.parse(post!.timestamp!));
});

test('a post is deleted from the list only after confirming', async ({ page, sandbox }) => {
  await openScheduler(page, 'list');
  const row = page.getByTestId('post-row').first();
  await expect(row).toBeVisible();
  // Audited once read: rows greyed out while a page loads are meant to be read as waiting.
  await expect(page.getByTestId('posts-table')).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'the list of posts');
  const key = (await row.getAttribute('data-post'))!;
  const [channel, id] = key.split(':');
  const read = () => sandbox.request('scheduler', `${channel}/scheduled_posts/${id}`);

  await row.getByTestId('delete-post').click();
  await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
  await expectAccessible(page, 'the confirmation of a delete');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await read()).status).toBe(200);

  await row.getByTestId('delete-post').click();
  await page.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.locator(`[data-testid="post-row"][data-post="${key}"]`)).toHaveCount(0);
  expect((await read()).status).toBe(404);
});

test('moving to another month starts no animation beside its drawing', async ({ page }) => {
  await openScheduler(page, 'month');
  // Without a GPU, every frame of an animation is drawn on the CPU the month needs. Chromium's
  // animations are held at their first frame from here on, so any the click starts is still there.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Animation.enable');
  await devtools.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await page.getByTestId('calendar-prev').click();
  const running = await page.locator('.calendar-layout').evaluate((calendar) =>
    calendar.getAnimations({ subtree: true }).map((animation: object) => {
      const { effect, animationName, transitionProperty } = animation as {
        effect: { target: { className: string } | null } | null;
        animationName?: string;
        transitionProperty?: string;
      };
      return `${animationName ?? transitionProperty} on ${effect?.target?.className}`;
    }),
  );
  expect(running).toEqual([]);
});

/**
 * A SCHEDULED Threads post of brand 101 tomorrow, in the browser's time zone, at a whole hour
 * with no other post within an hour of it (so no other event lies over it in the week).
 */
async function postForTomorrow(page: Page, sandbox: SandboxService, text: string) {
  const tomorrow = await page.evaluate(() => {
    const day = new Date();
    day.setDate(day.getDate() + 1);
    day.setHours(0, 0, 0, 0);
    const two = (n: number) => String(n).padStart(2, '0');
    return {
      start: day.getTime(),
      day: `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`,
    };
  });
  const hour = 3_600_000;
  const taken = (await sandboxPosts(sandbox, tomorrow.start, tomorrow.start + 24 * hour)).map((p) =>
    Date.parse(p.timestamp!),
  );
  const at = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]
    .map((h) => tomorrow.start + h * hour)
    .find((time) => taken.every((other) => Math.abs(other - time) > hour));
  expect(at, 'a free hour tomorrow').toBeDefined();
  const created = await sandbox.request<ServicePost>('scheduler', 'threads/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 101, text, status: 'SCHEDULED', timestamp: seconds(at!) },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, day: tomorrow.day };
}

/** The Scheduler's week that holds `day` (tomorrow may be in the next one). */
async function weekWith(page: Page, day: string) {
  await openScheduler(page, 'week');
  const cells = page.locator(`[data-testid="post-calendar"] [data-date="${day}"]`);
  if ((await cells.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
  await expect(cells.first()).toBeVisible();
}

test('a post edited in the composer shows its new text in the Scheduler once sent, and no pane opens by itself', async ({
  page,
  sandbox,
}) => {
  const before = `Opening hours ${randomUUID()}`;
  const after = `Opening hours: 8 to 6 ${randomUUID()}`;
  const { id, day } = await postForTomorrow(page, sandbox, before);
  await weekWith(page, day);

  const calendar = page.getByTestId('post-calendar');
  await calendar.getByText(before).click();
  const pane = page.getByRole('dialog');
  await expect(pane.getByText(before)).toBeVisible();
  await pane.getByRole('button', { name: 'Edit' }).click();

  // The composer, over the Scheduler, on that post: the new text goes to the service through the
  // outbox, and Schedule lands back on the Scheduler as it was left.
  const text = page.getByTestId('draft-text').locator('textarea');
  await expect(text).toHaveValue(before);
  await text.fill(after);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('post-edit')).toHaveCount(0);
  await expect
    .poll(async () => {
      const onService = await sandbox.request<{ text: string }>('scheduler', `threads/scheduled_posts/${id}`);
      return onService.body.text;
    })
    .toBe(after);

  // Back in the Scheduler: the week as it was left, the new text, and no pane until one is asked for.
  await expect(page).toHaveURL(/#\/scheduler(\?|$)/);
  await expect(calendar.getByText(after)).toBeVisible();
  await expect(calendar.getByText(before)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await calendar.getByText(after).click();
  await expect(pane.getByText(after)).toBeVisible();
  await expect(pane.getByText(before)).toHaveCount(0);
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

  test('a post moved into the past stays, with one message in plain words and a New York time', async ({
    page,
    sandbox,
  }) => {
    const words = `Back to school ${randomUUID()}`;
    const { day } = await postForTomorrow(page, sandbox, words);
    await weekWith(page, day);
    await page.getByTestId('post-calendar').getByText(words).click();
    const pane = page.getByRole('dialog');
    await expect(pane.getByText(words)).toBeVisible();

    // A first move that works, then one two hours back: the second message takes the first's place.
    const field = pane.getByLabel('New publish time').locator('input');
    const localField = (hoursFromNow: number) =>
      page.evaluate((hours) => {
        const at = new Date(Date.now() + hours * 3_600_000);
        const two = (n: number) => String(n).padStart(2, '0');
        return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:00`;
      }, hoursFromNow);
    await field.fill(await localField(30));
    await field.press('Enter');
    await pane.getByRole('button', { name: 'Move' }).click();
    await expect(pane.getByText(/^Moved to /)).toBeVisible();

    await field.fill(await localField(-2));
    await field.press('Enter');
    const asked = Date.now();
    await pane.getByRole('button', { name: 'Move' }).click();
    const refusal = pane.getByRole('alert');
    await expect(refusal).toContainText('The post stays where it was. Pick a time after');
    const answered = Date.now();

    // The service's clock at the refusal, said as a New York clock says it, within the call's span.
    const newYork = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    });
    const minutes = new Set<string>();
    for (let at = asked; at < answered; at += 30_000) minutes.add(newYork.format(at));
    minutes.add(newYork.format(answered));
    const said = (await refusal.textContent())!.trim();
    const time = /^The post stays where it was\. Pick a time after (.+) today\.$/.exec(said)?.[1];
    expect([...minutes]).toContain(time);

    // One message, in the pane: nothing over it, no machine time anywhere, the first message gone.
    await expect(page.locator('.n-message')).toHaveCount(0);
    await expect(pane.getByText(/^Moved to /)).toHaveCount(0);
    await expect(page.getByText(/\d{4}-\d\d-\d\dT\d\d:\d\d/)).toHaveCount(0);
    await expectNoRawErrorText(page);
  });
});
