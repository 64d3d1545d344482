import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// The composer without ids where a name exists (issue 26 §1): campaigns by name, media shown and
// checked, names for content tags and reviewers, user tags placed on the picture, and editing a
// post over the Scheduler, each against a sandbox of the test's own.

test.describe.configure({ timeout: 120_000 });

interface ServicePost {
  id: number;
  text?: string | null;
  status?: string;
  live_post_url?: string | null;
  campaign_ids?: number[];
  content_tag_ids?: number[];
  user_tags?: { username: string; x: number; y: number }[];
  shopping_tags?: { fb_product_id: string; x: number; y: number }[];
}

/** Starts a draft from the list's "New draft" menu; answers its id, from the address it lands on. */
async function newDraft(page: Page, channelLabel: string): Promise<string> {
  await page.getByTestId('nav-drafts').click();
  await page.getByTestId('draft-new').click();
  await page.locator('.n-dropdown-option').filter({ hasText: channelLabel }).click();
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  return /#\/drafts\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}

const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
const field = (page: Page, path: string) => page.locator(`[data-field="${path}"]`);
const chips = (where: Locator) => where.getByTestId('chosen-name');

/** Types into a searchable picker and picks the option with this text (the menu is in a layer). */
async function pickByTyping(page: Page, picker: Locator, typed: string, option: string | RegExp) {
  await picker.click();
  await page.keyboard.type(typed);
  await page
    .locator('.n-base-select-menu:visible .n-base-select-option')
    .filter({ hasText: option })
    .first()
    .click();
}

async function postBySource(sandbox: SandboxService, channel: string, draftId: string) {
  const answer = await sandbox.request<{ data: ServicePost[] }>(
    'scheduler',
    `${channel}/scheduled_posts?brand_id=101&source_ids=${draftId}`,
  );
  return answer.body.data[0];
}

test('a campaign is picked by its name, and the post carries its id', async ({ page, sandbox }) => {
  const list = await sandbox.request<{ data: { id: number; name: string }[] }>(
    'library',
    'brands/101/campaigns?summary=true&sort=NAME&limit=1',
  );
  const campaign = list.body.data[0]!;
  const id = await newDraft(page, 'Threads');
  await page.getByTestId('draft-text').locator('textarea').fill(`Campaign post ${randomUUID()}`);

  const campaigns = page.getByTestId('draft-campaigns');
  await pickByTyping(
    page,
    campaigns.getByTestId('draft-campaigns-add'),
    campaign.name.slice(0, 6),
    campaign.name,
  );
  await expect(chips(campaigns)).toHaveText([campaign.name]);
  await expect(campaigns).not.toContainText(String(campaign.id));
  await saved(page);
  await expectAccessible(page, 'a campaign chosen by name');

  await page.getByTestId('action-draft').click();
  await expect
    .poll(async () => (await postBySource(sandbox, 'threads', id))?.campaign_ids)
    .toEqual([campaign.id]);
  // Opened again: still its name, read back from the service.
  await page.reload();
  await expect(chips(page.getByTestId('draft-campaigns'))).toHaveText([campaign.name]);
});

test("a typed media id shows as the media when the brand's posts have it, and says so when they do not", async ({
  page,
  sandbox,
}) => {
  // Seeded posts use media ids from 1000 up: 424 is on this post only, 123 on none.
  const created = await sandbox.request('scheduler', 'threads/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 101, text: 'With our picture', media_ids: [424], status: 'DRAFT' },
  });
  expect(created.status).toBe(201);
  await newDraft(page, 'Threads');

  const media = page.getByTestId('draft-media');
  const add = media.getByRole('textbox', { name: 'Add media by id' });
  await add.fill('424');
  await add.press('Enter');
  await add.fill('123');
  await add.press('Enter');
  const items = media.getByTestId('media-item');
  await expect(items).toHaveCount(2);
  // The service's thumbnail where it loads, else what it is: never a bare number alone.
  await expect(
    items.nth(0).getByRole('img', { name: 'Media 424' }).or(items.nth(0).getByText('Image')),
  ).toBeVisible();
  await expect(items.nth(0)).not.toContainText('Not found');
  await expect(media.getByTestId('media-missing')).toHaveText([
    "No media with id 123 on this brand's posts.",
  ]);
  await expect(items.nth(1)).toContainText('Not found');
  await expectAccessible(page, 'media shown and checked');
  await expectNoRawErrorText(page);

  // Removed, the note goes with it.
  await items.nth(1).getByRole('button', { name: 'Remove media 123' }).click();
  await expect(media.getByTestId('media-missing')).toHaveCount(0);
});

test('a content tag and a reviewer are named once and shown by name from then on', async ({ page }) => {
  await newDraft(page, 'Threads');
  await page.getByTestId('draft-text').locator('textarea').fill(`Tagged ${randomUUID()}`);

  const tags = page.getByTestId('draft-content-tags');
  await pickByTyping(page, tags.getByTestId('draft-content-tags-add'), '12', 'Add content tag 12');
  await expect(chips(tags)).toHaveText([/^Content tag 12/]);
  await tags.getByRole('button', { name: 'Name it' }).click();
  const dialog = page.getByRole('dialog', { name: 'Name content tag 12' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(chips(tags)).toHaveText(['Spring sale']);
  // The picker is empty again after a pick: a second one is typed afresh.
  await pickByTyping(page, tags.getByTestId('draft-content-tags-add'), '14', 'Add content tag 14');
  await expect(chips(tags)).toHaveText(['Spring sale', /^Content tag 14/]);

  // A reviewer is a user: named in the address book, shown by name.
  await page.getByText('Required', { exact: true }).click();
  const reviewers = page.getByTestId('draft-reviewers');
  await pickByTyping(
    page,
    reviewers.getByTestId('draft-reviewers-add'),
    '7',
    /^\s*(User 7|Add reviewer 7)\s*$/,
  );
  await expect(chips(reviewers)).toHaveText([/^User 7/]);
  await reviewers.getByRole('button', { name: 'Name it' }).click();
  const person = page.getByRole('dialog', { name: 'Name user 7' });
  await person.getByRole('textbox', { name: 'Name' }).fill('Maria Lopez');
  await person.getByRole('button', { name: 'Save name' }).click();
  await expect(chips(reviewers)).toHaveText(['Maria Lopez']);
  await saved(page);
  await expectAccessible(page, 'content tags and reviewers by name');

  // Another draft offers the name as you type it.
  await newDraft(page, 'Threads');
  const again = page.getByTestId('draft-content-tags');
  await pickByTyping(page, again.getByTestId('draft-content-tags-add'), 'Spring', 'Spring sale');
  await expect(chips(again)).toHaveText(['Spring sale']);
});

test('an Instagram user tag is placed by clicking the picture and moved with the arrow keys', async ({
  page,
  sandbox,
}) => {
  const id = await newDraft(page, 'Instagram');
  await page.getByTestId('draft-caption').locator('textarea').fill(`Tagged picture ${randomUUID()}`);
  const add = page.getByRole('textbox', { name: 'Add media by id' });
  await add.fill('2048');
  await add.press('Enter');
  await page.getByRole('button', { name: 'Tag someone' }).click();
  await field(page, 'user_tags.0.username').locator('input').fill('maria');

  const picture = page.getByTestId('tag-picture');
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  await expect(page.getByTestId('user-tag-position')).toHaveText('25% across, 75% down');
  await expect(page.getByTestId('tag-dot')).toHaveCount(1);
  await expect(page.getByTestId('tag-position-said')).toHaveText('@maria: 25% across, 75% down.');
  // The keyboard moves the selected dot.
  await picture.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByTestId('user-tag-position')).toHaveText('26% across, 65% down');
  await saved(page);
  await expectAccessible(page, 'a user tag placed on the picture');

  // A product is placed the same way, on its own picture.
  await page.getByRole('button', { name: 'Tag a product' }).click();
  await field(page, 'shopping_tags.0.fb_product_id').locator('input').fill('SKU-2231');
  const products = page.getByTestId('tag-picture').nth(1);
  const productBox = (await products.boundingBox())!;
  await products.click({ position: { x: productBox.width * 0.5, y: productBox.height * 0.2 } });
  await expect(page.getByTestId('shopping-tag-position')).toHaveText('50% across, 20% down');

  await page.getByTestId('action-draft').click();
  await expect
    .poll(async () => {
      const post = await postBySource(sandbox, 'instagram', id);
      return { user: post?.user_tags?.[0], product: post?.shopping_tags?.[0] };
    })
    .toMatchObject({
      user: { username: 'maria', x: 0.26, y: 0.65 },
      product: { fb_product_id: 'SKU-2231', x: 0.5, y: 0.2 },
    });
});

/** A post of tomorrow on brand 101, at an hour no other post takes; answers it and its day. */
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
  const at = new Date(tomorrow.start + 7 * 3_600_000 + 17 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const created = await sandbox.request<ServicePost>('scheduler', 'threads/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 101, text, status: 'SCHEDULED', timestamp: at },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id, day: tomorrow.day };
}

test('a post edited from the Scheduler opens over it, leaves no draft when closed untouched, and goes back there once saved', async ({
  page,
  sandbox,
}) => {
  const before = `Opening hours ${randomUUID()}`;
  const after = `Opening hours: 8 to 6 ${randomUUID()}`;
  const { id, day } = await postForTomorrow(page, sandbox, before);
  await page.getByTestId('nav-scheduler').click();
  await page.getByTestId('view-week').click();
  await expect(page.getByTestId('post-calendar')).toHaveAttribute('data-view', 'week');
  const cells = page.locator(`[data-testid="post-calendar"] [data-date="${day}"]`);
  if ((await cells.count()) === 0) await page.getByRole('button', { name: 'Next' }).click();
  const calendar = page.getByTestId('post-calendar');
  // A post is found by its event's name: a short event may show its time and mark only.
  const eventOf = (text: string) => calendar.getByRole('button', { name: text });
  await expect(eventOf(before)).toBeVisible();
  const week = await page.url();

  await eventOf(before).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
  const drawer = page.getByTestId('post-edit');
  await expect(drawer.getByTestId('draft-text').locator('textarea')).toHaveValue(before);
  // The Scheduler stays behind it, on the same week.
  await expect(eventOf(before)).toBeAttached();
  await expect(drawer.getByTestId('save-state')).toHaveText('No changes yet');
  await expectAccessible(page, 'a post opened over the Scheduler');

  // Closed untouched: back on the week, and no draft was started.
  await drawer.getByRole('button', { name: 'close' }).click();
  await expect(drawer).toHaveCount(0);
  expect(page.url()).toBe(week);
  await page.getByTestId('nav-drafts').click();
  await expect(page.getByText('No drafts yet')).toBeVisible();

  // Changed and scheduled: the post on the service has the new text, and we are on the week again.
  await page.goBack();
  await expect(page).toHaveURL(week);
  await eventOf(before).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
  // The post is read before it is edited: a change typed into the empty field would be read over.
  await expect(drawer.getByTestId('draft-text').locator('textarea')).toHaveValue(before);
  await drawer.getByTestId('draft-text').locator('textarea').fill(after);
  await expect(drawer.getByTestId('save-state')).toHaveText('Saved locally');
  await drawer.getByRole('button', { name: 'Schedule' }).click();
  await expect(drawer).toHaveCount(0);
  expect(page.url()).toBe(week);
  await expect(eventOf(after)).toBeVisible();
  await expect
    .poll(
      async () =>
        (await sandbox.request<ServicePost>('scheduler', `threads/scheduled_posts/${id}`)).body.text,
    )
    .toBe(after);
});

test('a published post opens read-only, with its link', async ({ page, sandbox }) => {
  const list = await sandbox.request<{ data: ServicePost[] }>(
    'scheduler',
    'threads/scheduled_posts?brand_id=101&status=POSTED&limit=1',
  );
  const post = list.body.data[0]!;
  expect(post.live_post_url).toMatch(/^https:\/\//);
  await page.getByTestId('nav-scheduler').click();
  await page.goto(page.url().replace(/#.*$/, `#/scheduler/post/threads/${post.id}`));

  const drawer = page.getByTestId('post-edit');
  await expect(drawer.getByText('This post is published')).toBeVisible();
  await expect(drawer.getByText('Published', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Open the published post' })).toHaveAttribute(
    'href',
    post.live_post_url!,
  );
  await expect(drawer.getByTestId('draft-text').locator('textarea')).toBeDisabled();
  await expect(drawer.getByRole('button', { name: 'Schedule' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expectAccessible(page, 'a published post, read-only');

  await drawer.getByRole('button', { name: 'close' }).click();
  await page.getByTestId('nav-drafts').click();
  await expect(page.getByText('No drafts yet')).toBeVisible();
});

/** Whether two boxes share any point. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the state chip and "Saved locally" never lie over one another, wide or narrow, light or dark', async ({
  page,
  sandbox,
}) => {
  // A draft of a post on the service: the longest title (channel, brand, post number, state).
  const created = await sandbox.request<ServicePost>('scheduler', 'linkedin/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 101, text: 'Hiring: two engineers', status: 'DRAFT' },
  });
  expect(created.status).toBe(201);
  await page.goto(page.url().replace(/#.*$/, `#/drafts/new?channel=linkedin&postId=${created.body.id}`));
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  await page.getByTestId('draft-text').locator('textarea').fill('Hiring: two engineers, Lisbon');
  await saved(page);
  const chip = page.getByTestId('draft-composer').getByTestId('draft-state');
  const saveState = page.getByTestId('save-state');
  await expect(chip).toHaveText('On this computer');
  for (const width of [1280, 1100, 1024, 960, 900, 800, 720]) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const [a, b] = [await chip.boundingBox(), await saveState.boundingBox()];
      expect(overlap(a!, b!), `at ${width} px, ${colorScheme}`).toBe(false);
      await expect(saveState).toBeInViewport();
    }
  }
  await expectAccessible(page, 'a composer at 900 px');
});
