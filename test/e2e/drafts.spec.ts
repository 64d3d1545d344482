import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';
import { profileRow, tokenField } from './support/profile-form.ts';

// Drafts against a sandbox of the test's own: what reached the service is read back from the
// sandbox itself, by the draft's id (its source_id) and by its text.

// Each test goes through the outbox (one also through an outage, a restart and the wait after a
// create that got no answer): twice the project's deadline, for a busy machine.
test.describe.configure({ timeout: 180_000 });

interface ServicePost {
  id: number;
  text?: string | null;
  updated_at: string;
  source_id?: string | null;
  auto_numbering_enabled?: boolean | null;
  replies?: { text?: string | null }[] | null;
}

/** The posts of a channel and brand that carry this text, as the sandbox has them. */
async function postsWithText(sandbox: SandboxService, channel: string, brand: number, text: string) {
  const answer = await sandbox.request<{ data: ServicePost[] }>(
    'scheduler',
    `${channel}/scheduled_posts?brand_id=${brand}&limit=1000`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.filter((post) => post.text === text);
}

async function postBySource(sandbox: SandboxService, channel: string, brand: number, draftId: string) {
  const answer = await sandbox.request<{ data: ServicePost[] }>(
    'scheduler',
    `${channel}/scheduled_posts?brand_id=${brand}&source_ids=${draftId}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Starts a draft from the list's "New draft" menu; answers its id, from the address it lands on. */
async function newDraft(page: Page, channelLabel: string): Promise<string> {
  await page.getByTestId('nav-drafts').click();
  await page.getByTestId('draft-new').click();
  await page.locator('.n-dropdown-option').filter({ hasText: channelLabel }).click();
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  const id = /#\/drafts\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByTestId('draft-composer')).toHaveAttribute('data-draft', id);
  return id;
}

const textArea = (field: Locator) => field.locator('textarea');
const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
const composerState = (page: Page) => page.getByTestId('draft-composer').getByTestId('draft-state');
const rowOf = (page: Page, id: string) => page.locator(`[data-testid="draft-row"][data-draft="${id}"]`);
const feedbackAt = (page: Page, path: string) => page.locator(`[data-field="${path}"] .n-form-item-feedback`);

test('a post written with the service down survives a restart of the app and reaches it exactly once', async ({
  page,
  context,
  webShell,
  sandbox,
  sandboxProfile,
}) => {
  // How the token outlives the restart decides what the user does after it. With a keychain
  // (npm test runs the end-to-end tests in a keyring session of their own) the profile keeps it
  // there, as the app does by default, and the restart changes nothing for the user. Without one,
  // the fixture's token is for the session only: the new shell has forgotten it and says so, its
  // outbox holds the post (still queued, nothing sent) and the indicator asks for the token; the
  // user enters it again in Settings, and once the service is back the post goes by itself, with
  // no Retry. Either way the token goes in as the app takes it, never straight into the new main
  // process.
  const { available: keychain } = (await webShell.call('accounts:keychain-status')) as {
    available: boolean;
  };
  if (keychain) await webShell.call('accounts:update', { id: sandboxProfile.id, tokenStore: 'keychain' });

  await sandbox.stopHoldingPort();
  const text = `Written offline ${randomUUID()}`;
  const id = await newDraft(page, 'LinkedIn');
  await textArea(page.getByTestId('draft-text')).fill(text);
  // Tomorrow at 10:00 in the browser's time zone: a day of the calendar's week or the next one.
  const publishAt = await page.evaluate(() => {
    const at = new Date();
    at.setDate(at.getDate() + 1);
    at.setHours(10, 0, 0, 0);
    const two = (n: number) => String(n).padStart(2, '0');
    const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
    return { day, field: `${day} 10:00:00` };
  });
  const picker = page.getByTestId('draft-publish-at').locator('input');
  await picker.fill(publishAt.field);
  await picker.press('Enter');
  await saved(page);
  await page.getByTestId('action-schedule').click();
  // Queued, and the outbox finds the service unreachable.
  await expect(rowOf(page, id).getByTestId('draft-state')).toHaveAttribute('data-state', 'queued');
  await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'offline');

  // Quit and open again: a new main process, with its services and the drafts database, on the
  // same user-data folder.
  const shell = await webShell.restart();
  const app = await context.newPage();
  await app.goto(await shell.freshUrl());
  await expect(app.getByTestId('active-profile')).toHaveText(sandboxProfile.name);

  await app.getByTestId('nav-settings').click();
  const profile = profileRow(app, sandboxProfile.name);
  if (keychain) {
    await expect(profile.getByTestId('profile-token-store')).toHaveText('Token in the system keychain');
  } else {
    await expect(profile.getByTestId('token-missing')).toBeVisible();
    await expect(app.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'no_token');
    await expect(app.getByTestId('connection-label')).toHaveText('Token needed');
    await expect(app.getByTestId('sync-progress')).toHaveText('1 waiting: enter the token in Settings');
    await profile.getByTestId('profile-edit').click();
    const form = app.getByTestId('profile-form');
    await tokenField(form).fill(sandbox.tokens.user);
    await form.getByTestId('form-save').click();
    await expect(form).toHaveCount(0);
  }
  await expect(profile.getByTestId('token-missing')).toHaveCount(0);

  // The post is still there, as written, and still in line.
  await app.getByTestId('nav-drafts').click();
  const row = rowOf(app, id);
  await expect(row.getByTestId('draft-state')).toHaveAttribute('data-state', 'queued');
  await row.getByRole('link').click();
  await expect(app.getByTestId('draft-composer')).toHaveAttribute('data-draft', id);
  await expect(textArea(app.getByTestId('draft-text'))).toHaveValue(text);

  await sandbox.start();
  // With the keychain the outbox is waiting out its backoff and Sync ends the wait. Without it, the
  // token entered in Settings set the held outbox going again: the post goes by itself.
  if (keychain) await app.getByTestId('drafts-sync').click();
  await expect(rowOf(app, id).getByTestId('draft-state')).toHaveAttribute('data-state', 'synced', {
    timeout: 45_000,
  });
  await expect(app.getByTestId('connection-indicator')).toHaveAttribute('data-state', 'online');

  const [post, ...more] = await postBySource(sandbox, 'linkedin', 101, id);
  expect(more).toEqual([]);
  expect(post).toMatchObject({ text, source_id: id, status: 'SCHEDULED' });
  expect(await postsWithText(sandbox, 'linkedin', 101, text)).toHaveLength(1);

  // The calendar shows it once, on its day (the week's view: no "+N more" hides a post there).
  await app.getByTestId('nav-scheduler').click();
  await app.getByTestId('view-week').click();
  const days = app.locator(`[data-testid="post-calendar"] [data-date="${publishAt.day}"]`);
  if ((await days.count()) === 0) await app.getByTestId('calendar-next').click();
  await expect(days.first()).toBeVisible();
  await expect(app.locator(`.post-event[data-post="linkedin:${post!.id}"]`)).toHaveCount(1);
});

test("a post changed on the service behind the draft's back: both versions, field by field", async ({
  page,
  sandbox,
}) => {
  const created = await sandbox.request<ServicePost>('scheduler', 'twitter/scheduled_posts', {
    method: 'POST',
    json: { brand_id: 101, text: 'Opening hours', status: 'DRAFT' },
  });
  expect(created.status).toBe(201);
  const post = created.body;

  // The calendar's Edit link.
  await page.goto(page.url().replace(/#.*$/, `#/drafts/new?channel=twitter&postId=${post.id}`));
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  const text = textArea(page.getByTestId('draft-text'));
  await expect(text).toHaveValue('Opening hours');
  await text.fill('Opening hours: 8 to 6');
  await saved(page);

  // Someone else edits the post (until the service's second-precision updated_at has moved).
  await expect
    .poll(async () => {
      const answer = await sandbox.request<ServicePost>('scheduler', `twitter/scheduled_posts/${post.id}`, {
        method: 'PATCH',
        json: { text: 'Opening hours: 9 to 5' },
      });
      return answer.body.updated_at;
    })
    .not.toBe(post.updated_at);

  await page.getByTestId('action-draft').click();
  const row = page.locator('[data-testid="conflict-field"][data-field="text"]');
  await expect(row.getByTestId('mine-value')).toHaveText('Opening hours: 8 to 6');
  await expect(row.getByTestId('theirs-value')).toHaveText('Opening hours: 9 to 5');
  await expectAccessible(page, 'the choice between two versions');
  // Nothing was overwritten meanwhile.
  const meanwhile = await sandbox.request<ServicePost>('scheduler', `twitter/scheduled_posts/${post.id}`);
  expect(meanwhile.body.text).toBe('Opening hours: 9 to 5');

  await expect(page.getByTestId('conflict-resolve')).toBeDisabled();
  await page.getByTestId('choose-mine-text').click();
  await page.getByTestId('conflict-resolve').click();
  await expect(composerState(page)).toHaveAttribute('data-state', 'synced');
  const after = await sandbox.request<ServicePost>('scheduler', `twitter/scheduled_posts/${post.id}`);
  expect(after.body.text).toBe('Opening hours: 8 to 6');
});

test("the service's 422 lands on the field it names", async ({ page, sandbox }) => {
  await newDraft(page, 'Threads');
  await textArea(page.getByTestId('draft-text')).fill('Back to school');
  const picker = page.getByTestId('draft-publish-at').locator('input');
  await picker.fill('2020-01-06 09:30:00');
  await picker.press('Enter');
  await saved(page);
  await page.getByTestId('action-schedule').click();

  await expect(composerState(page)).toHaveAttribute('data-state', 'failed');
  // What the sandbox says to the same request, under the publish time.
  const refusal = await sandbox.request<{ errors: { timestamp: string[] } }>(
    'scheduler',
    'threads/scheduled_posts',
    {
      method: 'POST',
      json: { brand_id: 101, text: 'Back to school', status: 'SCHEDULED', timestamp: '2020-01-06T09:30:00Z' },
    },
  );
  expect(refusal.status).toBe(422);
  expect(refusal.body.errors.timestamp[0]).toMatch(/^Must be after the current time/);
  // Said as the time to pick, in the person's words and time zone, never the service's clock.
  await expect(feedbackAt(page, 'timestamp')).toHaveText(
    /^Pick a time after \d\d:\d\d( [AP]M)? (today|tomorrow|yesterday|on .+)\.$/,
  );
  await expect(page.getByTestId('draft-failure')).toContainText('Check the publish time.');
  await expectNoRawErrorText(page);
  await expect(feedbackAt(page, 'text')).toHaveCount(0);
  await expectAccessible(page, 'a composer with a refusal at a field');
});

test('a Twitter thread of three parts reaches the service as one post with two replies', async ({
  page,
  sandbox,
}) => {
  const id = await newDraft(page, 'X (Twitter)');
  const first = `Thread ${randomUUID()}`;
  await textArea(page.getByTestId('draft-text')).fill(first);
  await page.getByTestId('add-reply').click();
  await page.getByTestId('add-reply').click();
  await textArea(page.getByTestId('reply-text').nth(0)).fill('The second part');
  await textArea(page.getByTestId('reply-text').nth(1)).fill('The third part');
  await page.getByTestId('auto-numbering').click();
  await expect(page.getByTestId('part-number')).toHaveText(['1/3', '2/3', '3/3']);
  await saved(page);
  await expectAccessible(page, 'the composer of a thread');
  await page.getByTestId('action-draft').click();
  await expect(rowOf(page, id).getByTestId('draft-state')).toHaveAttribute('data-state', 'synced');
  await expectAccessible(page, 'the drafts');

  const [post, ...more] = await postBySource(sandbox, 'twitter', 101, id);
  expect(more).toEqual([]);
  expect(post).toMatchObject({ text: first, auto_numbering_enabled: true });
  expect(post!.replies!.map((reply) => reply.text)).toEqual(['The second part', 'The third part']);
});
