import type { Page } from '@playwright/test';
import { schedulerChannels } from '../../src/shared/domain/index.ts';
import { expect, test, type SandboxService } from './fixtures.ts';

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
});

test('a post dragged to another day is moved on the service, and Undo puts it back', async ({
  page,
  sandbox,
}) => {
  await openScheduler(page, 'month');
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
  const key = (await row.getAttribute('data-post'))!;
  const [channel, id] = key.split(':');
  const read = () => sandbox.request('scheduler', `${channel}/scheduled_posts/${id}`);

  await row.getByTestId('delete-post').click();
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
