import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';

// The inbox's detail pane and insights panel against a sandbox of the test's own: what the page
// shows is checked against what the sandbox itself answers for the same interaction.

interface Reply {
  id: number;
  is_owned?: boolean | null;
  text?: string | null;
}
interface Interaction {
  id: number;
  type: string;
  text?: string | null;
  replies?: Reply[] | null;
  tickets?: { label: string; status: string; source?: string | null }[] | null;
  messages?: { is_from_brand?: boolean | null }[] | null;
  video_pinned_comment_id?: number | null;
  post_media?: { caption?: string | null } | null;
}

async function interactionsOf(sandbox: SandboxService, type: string): Promise<Interaction[]> {
  const answer = await sandbox.request<{ data: Interaction[] }>(
    'community',
    `community_interactions?brand_ids=101,102,103&types=${type}&limit=100`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Opens the pane by its address, as a copied link would, once the app has its brands. */
async function openDetail(page: Page, id: number, query = '') {
  await page.goto(`${new URL(page.url()).origin}/#/inbox/${id}${query}`);
  await expect(page.getByTestId('inbox-detail')).toBeVisible();
}

test("a TikTok comment shows its video, its replies and the brand's reply marked, as the service has them", async ({
  page,
  sandbox,
}) => {
  const comments = await interactionsOf(sandbox, 'TIKTOK_COMMENT');
  const listed = comments.find(
    (item) => (item.replies ?? []).length >= 2 && (item.replies ?? []).some((reply) => reply.is_owned),
  );
  expect(listed, 'the seeded sandbox has a TikTok comment the brand answered among others').toBeDefined();
  const own = await sandbox.request<Interaction>('community', `tiktok_comments/${listed!.id}`);
  expect(own.status).toBe(200);
  const thread = own.body;

  await openDetail(page, thread.id, '?q=hello&sort=SOURCE_UPDATED_AT');
  const pane = page.getByTestId('inbox-detail');
  await expect(pane.getByTestId('tiktok-thread')).toBeVisible();
  await expect(pane.locator('#inbox-detail-heading')).toHaveText('TikTok comment');

  const comment = pane.locator(`[data-testid="comment"][data-id="${thread.id}"]`);
  if (thread.text) await expect(comment.getByTestId('text')).toHaveText(thread.text);
  await expect(comment).toHaveAttribute('data-pinned', String(thread.video_pinned_comment_id === thread.id));
  if (thread.post_media?.caption) {
    await expect(pane.getByTestId('video-caption')).toHaveText(thread.post_media.caption);
  }

  const replies = pane.getByTestId('reply');
  const expected = thread.replies ?? [];
  await expect(replies).toHaveCount(expected.length);
  for (const [index, reply] of expected.entries()) {
    const row = replies.nth(index);
    await expect(row).toHaveAttribute('data-id', String(reply.id));
    await expect(row).toHaveAttribute('data-owned', String(reply.is_owned === true));
    await expect(row.getByTestId('brand-reply')).toHaveCount(reply.is_owned ? 1 : 0);
    if (reply.text) await expect(row.getByTestId('text')).toHaveText(reply.text);
  }
  const ownedCount = expected.filter((reply) => reply.is_owned).length;
  await expect(pane.getByTestId('owned-count')).toContainText(`${ownedCount} from the brand`);
  await expectAccessible(page, 'a TikTok comment');

  // Closing goes back to the list with its filters as they were.
  await pane.getByTestId('detail-close').click();
  await expect(page).toHaveURL(/#\/inbox\?q=hello&sort=SOURCE_UPDATED_AT$/);
  await expect(page.getByTestId('inbox-detail')).toHaveCount(0);
});

test('a conversation shows its messages, the brand replies and its tickets, as the service has them', async ({
  page,
  sandbox,
}) => {
  const conversations = await interactionsOf(sandbox, 'INSTAGRAM_CONVERSATION');
  const item = conversations.find((entry) => (entry.tickets ?? []).length > 0);
  expect(item, 'the seeded sandbox has a conversation with a ticket').toBeDefined();

  await openDetail(page, item!.id);
  const fields = page.getByTestId('interaction-fields');
  await expect(fields).toHaveAttribute('data-type', 'INSTAGRAM_CONVERSATION');
  const messages = fields.getByTestId('message');
  await expect(messages).toHaveCount(item!.messages?.length ?? 0);
  for (const [index, message] of (item!.messages ?? []).entries()) {
    await expect(messages.nth(index)).toHaveAttribute('data-brand', String(message.is_from_brand === true));
  }
  const tickets = fields.getByTestId('ticket');
  await expect(tickets).toHaveCount(item!.tickets!.length);
  const first = item!.tickets![0]!;
  await expect(tickets.first().getByTestId('ticket-label')).toHaveText(first.label);
  await expect(tickets.first().getByTestId('ticket-status')).toHaveText(first.status);
});

test('a top keyword of the insights searches the inbox for it', async ({ page, sandbox }) => {
  const own = await sandbox.request<{ data: { keyword: string; count: number }[] }>(
    'community',
    'top_keywords',
    {
      json: { brand_ids: [101, 102, 103] },
    },
  );
  expect(own.status).toBe(200);
  const top = own.body.data.slice(0, 8).map((entry) => entry.keyword);

  await page.goto(`${new URL(page.url()).origin}/#/inbox`);
  await page.getByTestId('toggle-insights').click();
  const insights = page.getByTestId('inbox-insights');
  const keywords = insights.getByTestId('keyword');
  await expect(keywords).toHaveCount(top.length);
  expect(await keywords.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-keyword')))).toEqual(
    top,
  );
  // The charts are drawn, at the card's height rather than collapsed to nothing.
  await expect(insights.getByRole('img', { name: /^Interactions per (day|week)$/ })).toBeVisible();
  await expectAccessible(page, 'the insights');

  const word = top[1]!;
  await keywords.nth(1).click();
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(word).replace(/%20/g, '(%20|\\+)')}(&|$)`),
  );
  await expect(page.getByTestId('filter-text').locator('input')).toHaveValue(word);
});
