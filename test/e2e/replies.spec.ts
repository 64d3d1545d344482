import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { firstNameOf } from '../../src/shared/domain/index.ts';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// Replying from the detail pane (issue 24 §4), against a sandbox of the test's own: what the page
// shows is checked against what the sandbox itself then has.

interface Interaction {
  id: number;
  brand_id: number;
  type: string;
  author_username?: string | null;
  brand_user_reply?: { id: number; text?: string } | null;
  replies?: { id: number; text?: string | null; is_owned?: boolean | null }[] | null;
}

async function interactionsOf(sandbox: SandboxService, type: string): Promise<Interaction[]> {
  const answer = await sandbox.request<{ data: Interaction[] }>(
    'community',
    `community_interactions?brand_ids=101,102,103&types=${type}&limit=20`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function serviceCopy(sandbox: SandboxService, item: Interaction): Promise<Interaction> {
  const answer = await sandbox.request<{ data: Interaction[] }>(
    'community',
    `community_interactions?brand_ids=${item.brand_id}&id=${item.id}&limit=1`,
  );
  return answer.body.data[0]!;
}

async function openDetail(page: Page, id: number) {
  await page.goto(`${new URL(page.url()).origin}/#/inbox/${id}`);
  await expect(page.getByTestId('inbox-detail')).toBeVisible();
}

const replyBox = (page: Page) => page.getByTestId('inbox-detail').getByRole('textbox', { name: 'Reply' });
const sentReply = (page: Page, text: string) =>
  page.getByTestId('inbox-detail').getByTestId('app-reply').filter({ hasText: text });

test('a reply sent with Ctrl+Enter shows in the thread as the brand’s at once, is confirmed, and survives a reload', async ({
  page,
  sandbox,
}) => {
  const [item] = await interactionsOf(sandbox, 'INSTAGRAM_COMMENT');
  await openDetail(page, item!.id);
  const text = `Thanks for writing to us ${randomUUID().slice(0, 8)}`;
  await replyBox(page).fill(text);
  await expect(page.getByTestId('reply-count')).toHaveText(`${text.length} / 2,200`);
  await expectAccessible(page, 'the reply box with a reply written');
  await replyBox(page).press('Control+Enter');

  const reply = sentReply(page, text);
  await expect(reply).toContainText('Brand reply');
  await expect(reply.getByTestId('reply-status')).toHaveText(/^Sent · /);
  await expect(replyBox(page)).toHaveValue('');
  expect((await serviceCopy(sandbox, item!)).brand_user_reply).toMatchObject({ text });
  await expectAccessible(page, 'a reply sent');

  await page.reload();
  await expect(sentReply(page, text).getByTestId('reply-status')).toHaveText(/^Sent · /);
});

test('a TikTok reply joins the thread as the brand’s own reply, once', async ({ page, sandbox }) => {
  const [comment] = await interactionsOf(sandbox, 'TIKTOK_COMMENT');
  await openDetail(page, comment!.id);
  const text = `Glad you liked it ${randomUUID().slice(0, 6)}`;
  await replyBox(page).fill(text);
  await page.getByTestId('reply-send').click();
  await expect(sentReply(page, text).getByTestId('reply-status')).toHaveText(/^Sent · /);

  // Read again, the thread itself has it as a brand reply, and the app does not show it twice.
  await page.reload();
  const inThread = page.getByTestId('reply').filter({ hasText: text });
  await expect(inThread.getByTestId('brand-reply')).toHaveText('Brand reply');
  await expect(page.getByTestId('inbox-detail').getByText(text)).toHaveCount(1);
  const thread = await serviceCopy(sandbox, comment!);
  expect((thread.replies ?? []).filter((r) => r.text === text && r.is_owned)).toHaveLength(1);
});

test('the count follows the network’s limit, X by weighted length, and a reply over it is not sent', async ({
  page,
  sandbox,
}) => {
  const [tiktok] = await interactionsOf(sandbox, 'TIKTOK_COMMENT').then((items) => items.slice(1));
  await openDetail(page, tiktok!.id);
  await replyBox(page).fill('a'.repeat(151));
  await expect(page.getByTestId('reply-count')).toHaveText('151 / 150');
  await expect(page.getByTestId('reply-over')).toHaveText('Too long for TikTok: shorten it to send.');
  await expect(page.getByTestId('reply-send')).toBeDisabled();
  await replyBox(page).press('Control+Enter');
  await expect(page.getByTestId('app-reply')).toHaveCount(0);
  await expectAccessible(page, 'a reply over the limit');

  const [tweet] = await interactionsOf(sandbox, 'TWITTER_MENTION');
  await openDetail(page, tweet!.id);
  // 139 emoji weigh 2 each, the space 1 and a link 23: 302 as X counts them.
  await replyBox(page).fill(`${'😀'.repeat(139)} https://example.com/a/very/long/path/to/a/page`);
  await expect(page.getByTestId('reply-count')).toHaveText('302 / 280');
  await expect(page.getByTestId('reply-send')).toBeDisabled();
  await replyBox(page).fill('😀'.repeat(140));
  await expect(page.getByTestId('reply-count')).toHaveText('280 / 280');
  await expect(page.getByTestId('reply-send')).toBeEnabled();
  expect((await serviceCopy(sandbox, tiktok!)).replies).toEqual(tiktok!.replies);
});

test.describe('a service without the reply extension', () => {
  test.use({ sandboxArgs: ['--without', 'replies'] });

  test('shows one calm line instead of the box, and does not ask again', async ({ page, sandbox }) => {
    const [first] = await interactionsOf(sandbox, 'FACEBOOK_COMMENT');
    await openDetail(page, first!.id);
    const line = page.getByTestId('replies-unsupported');
    await expect(line).toHaveText('This service does not accept replies through its interface.');
    await expect(replyBox(page)).toHaveCount(0);
    await expectAccessible(page, 'replies not offered by the service');

    // With the service gone, another row opens from what the list has: the line is there at once,
    // so the app answered from what it learnt (asking the service now would have failed, and the
    // box would show for a reply written offline).
    const other = page.locator('[data-testid="inbox-row"]:not([data-type="TIKTOK_COMMENT"])').nth(1);
    await expect(other).toBeVisible();
    const otherId = await other.getAttribute('data-id');
    expect(otherId).not.toBe(String(first!.id));
    await sandbox.stopHoldingPort();
    await other.click();
    await expect(page.getByTestId('detail-meta')).toContainText(`#${otherId}`);
    await expect(line).toHaveText('This service does not accept replies through its interface.');
    await expect(replyBox(page)).toHaveCount(0);
  });
});

test('a reply written offline waits, then is sent once when the service is back', async ({
  page,
  sandbox,
}) => {
  const [comment] = await interactionsOf(sandbox, 'TIKTOK_COMMENT').then((items) => items.slice(2));
  await openDetail(page, comment!.id);
  await expect(replyBox(page)).toBeVisible();
  await sandbox.stopHoldingPort();
  const text = `Written offline ${randomUUID().slice(0, 8)}`;
  await replyBox(page).fill(text);
  await replyBox(page).press('Control+Enter');
  await expect(sentReply(page, text).getByTestId('reply-status')).toHaveText('Waiting to send');
  await expectAccessible(page, 'a reply waiting to send');

  await sandbox.start();
  await expect(sentReply(page, text).getByTestId('reply-status')).toHaveText(/^Sent · /, { timeout: 45_000 });
  const thread = await serviceCopy(sandbox, comment!);
  expect((thread.replies ?? []).filter((r) => r.text === text)).toHaveLength(1);
});

test('a reply the service refuses says why on the reply, and Retry sends it', async ({
  page,
  sandbox,
  webShell,
  sandboxProfile,
}) => {
  const [item] = await interactionsOf(sandbox, 'FACEBOOK_COMMENT');
  await openDetail(page, item!.id);
  await expect(replyBox(page)).toBeVisible();
  // The token is revoked behind the app's back: the service refuses the reply (401).
  await webShell.call('accounts:update', { id: sandboxProfile.id, token: 'revoked-token' });
  const text = `Refused first ${randomUUID().slice(0, 8)}`;
  await replyBox(page).fill(text);
  await replyBox(page).press('Control+Enter');
  const reply = sentReply(page, text);
  await expect(reply.getByTestId('reply-status')).toHaveText('Not sent');
  await expect(reply.getByTestId('reply-failure')).toContainText('token');
  await expectNoRawErrorText(page);
  await expectAccessible(page, 'a reply the service refused');

  await webShell.call('accounts:update', { id: sandboxProfile.id, token: sandbox.tokens.user });
  await reply.getByRole('button', { name: 'Retry' }).click();
  await expect(reply.getByTestId('reply-status')).toHaveText(/^Sent · /);
  expect((await serviceCopy(sandbox, item!)).brand_user_reply).toMatchObject({ text });
});

test('a canned reply is chosen with / and its placeholders are filled for this person and brand', async ({
  page,
  sandbox,
}) => {
  const [item] = await interactionsOf(sandbox, 'YOUTUBE_COMMENT');
  await openDetail(page, item!.id);
  await expect(replyBox(page)).toBeVisible();

  // Written once in the manager, reachable from the box.
  await page.getByRole('button', { name: 'Canned replies…' }).click();
  const manager = page.getByTestId('canned-manager');
  await manager.getByRole('textbox', { name: 'Name' }).fill('Thanks');
  await manager
    .getByRole('textbox', { name: 'Reply' })
    .fill('Hi {first_name}, thanks from all of us at {brand}!');
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(manager.getByTestId('canned-item')).toHaveText(/Thanks/);
  await manager.getByRole('textbox', { name: 'Name' }).fill('Sorry');
  await manager.getByRole('textbox', { name: 'Reply' }).fill('Sorry for the trouble, {first_name}.');
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(manager.getByTestId('canned-item')).toHaveCount(2);
  await expectAccessible(page, 'the canned replies manager');
  await page.keyboard.press('Escape');
  await expect(manager).toHaveCount(0);

  await replyBox(page).fill('');
  await replyBox(page).pressSequentially('/tha');
  const options = page.getByRole('listbox', { name: 'Canned replies' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Thanks');
  await expectAccessible(page, 'canned replies found with /');
  await replyBox(page).press('Enter');
  const expected = `Hi ${firstNameOf(item!.author_username)}, thanks from all of us at Brand ${item!.brand_id}!`;
  await expect(replyBox(page)).toHaveValue(expected);
  await expect(page.getByRole('listbox', { name: 'Canned replies' })).toHaveCount(0);
  await expectNoRawErrorText(page);
});

test('canned replies are written in Settings before the first reply, and offered in the reply box', async ({
  page,
  sandbox,
}) => {
  await page.goto(`${new URL(page.url()).origin}/#/settings`);
  const card = page.getByTestId('canned-card');
  await expect(card.getByTestId('canned-summary')).toHaveText('None yet.');
  await card.getByRole('button', { name: 'Write a canned reply…' }).click();
  const manager = page.getByTestId('canned-manager');
  await manager.getByRole('textbox', { name: 'Name' }).fill('Welcome');
  await manager.getByRole('textbox', { name: 'Reply' }).fill('Welcome aboard, {first_name}!');
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(manager.getByTestId('canned-item')).toHaveText(/Welcome/);
  await page.keyboard.press('Escape');
  await expect(card.getByTestId('canned-summary')).toHaveText('1 canned reply: Welcome');
  await expect(card.getByRole('button', { name: 'Edit canned replies…' })).toBeVisible();
  await expectAccessible(page, 'Settings with a canned reply');

  const [item] = await interactionsOf(sandbox, 'YOUTUBE_COMMENT');
  await openDetail(page, item!.id);
  await replyBox(page).pressSequentially('/wel');
  const options = page.getByRole('listbox', { name: 'Canned replies' }).getByRole('option');
  await expect(options).toHaveCount(1);
  await replyBox(page).press('Enter');
  await expect(replyBox(page)).toHaveValue(`Welcome aboard, ${firstNameOf(item!.author_username)}!`);
});
