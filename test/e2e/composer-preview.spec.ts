import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// The composer's preview and counters, driven by what a person sees, against a sandbox of the
// test's own: what reached the service is read back from the sandbox by the draft's id.

/** Starts a draft from the list's "New draft" menu; answers its id, from the address it lands on. */
async function newDraft(page: Page, channelLabel: string): Promise<string> {
  await page.getByTestId('nav-drafts').click();
  await page.getByTestId('draft-new').click();
  await page.locator('.n-dropdown-option').filter({ hasText: channelLabel }).click();
  await expect(page).toHaveURL(/#\/drafts\/[0-9a-f-]{36}$/);
  return /#\/drafts\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}

const preview = (page: Page) => page.getByTestId('post-preview');
const countersOf = (page: Page, path: string) =>
  page.locator(`[data-field="${path}"] [data-testid="text-counter"]`);
const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');

test('a Threads post with #tags, a mention and a link shows beside the fields as it will look, counted', async ({
  page,
}) => {
  await newDraft(page, 'Threads');
  await expect(page.getByTestId('preview-toggle')).toHaveCount(0); // 1280 px: side by side
  await expect(preview(page).getByText('Write the post to see it here.')).toBeVisible();

  const text = page.getByTestId('draft-text').locator('textarea');
  await text.pressSequentially('Summer menu with @chef_ana #summer #food ');
  await text.press('End');
  await text.pressSequentially('see example.com/menu');

  await expect(preview(page).getByTestId('preview-text')).toHaveText(
    'Summer menu with @chef_ana #summer #food see example.com/menu',
  );
  for (const styled of ['@chef_ana', '#summer', '#food', 'example.com/menu']) {
    await expect(preview(page).locator('.entity', { hasText: styled })).toBeVisible();
  }
  await expect(preview(page).getByTestId('preview-link-card')).toContainText('example.com');
  await expect(countersOf(page, 'text')).toHaveText(['61 / 500']);

  // Side by side: the preview's left edge is right of the fields'.
  const fieldsBox = (await page.getByTestId('draft-text').boundingBox())!;
  const previewBox = (await preview(page).boundingBox())!;
  expect(previewBox.x).toBeGreaterThan(fieldsBox.x + fieldsBox.width);
  await expectAccessible(page, 'the composer with its preview');
});

test('31 hashtags in an Instagram caption: the counter says so, and saving is refused in the same words', async ({
  page,
  sandbox,
}) => {
  const id = await newDraft(page, 'Instagram');
  const caption = `Summer sale ${tags(31)}`;
  await page.getByTestId('draft-caption').locator('textarea').fill(caption);

  const over = '31 hashtags, 1 more than the 30 allowed.';
  await expect(countersOf(page, 'caption')).toHaveText(['218 / 2,200', over]);
  await expect(page.locator('[data-field="caption"] [data-testid="limit-announcement"]')).toHaveText(
    `Caption: ${over}`,
  );
  await expect(preview(page).locator('.entity[data-kind="hashtag"]')).toHaveCount(31);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  await page.getByTestId('action-draft').click();
  await expect(page.getByTestId('action-error')).toHaveText(`Caption: ${over}`);
  await expectNoRawErrorText(page);
  await expectAccessible(page, 'the composer with a caption past its hashtags');

  // Nothing went to the service, and nothing typed is lost: it is all there after a reload.
  const sent = await sandbox.request<{ data: unknown[] }>(
    'scheduler',
    `instagram/scheduled_posts?brand_id=101&source_ids=${id}`,
  );
  expect(sent.body.data).toEqual([]);
  await page.reload();
  await expect(page.getByTestId('draft-caption').locator('textarea')).toHaveValue(caption);

  // One hashtag fewer, and it fits.
  await page.getByTestId('draft-caption').locator('textarea').fill(caption.replace(' #tag30', ''));
  await expect(countersOf(page, 'caption')).toHaveText(['211 / 2,200', '30 / 30 hashtags']);
});

test('narrower than 1280 px the preview waits under a Preview toggle; an X thread shows its parts numbered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await newDraft(page, 'X (Twitter)');
  await page.getByTestId('draft-text').locator('textarea').fill('Part one of our news');
  await page.getByTestId('add-reply').click();
  await page.getByTestId('reply-text').locator('textarea').fill('And part two');
  await page.getByTestId('auto-numbering').click();

  await expect(preview(page)).toHaveCount(0);
  const toggle = page.getByRole('button', { name: 'Preview' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide preview' })).toHaveAttribute('aria-expanded', 'true');
  await expect(preview(page).getByTestId('preview-part')).toHaveText([
    /Part one of our news 1\/2/,
    /And part two 2\/2/,
  ]);
  await expect(preview(page).getByRole('listitem', { name: 'Part 2 of 2' })).toBeVisible();
  await expect(countersOf(page, 'replies.0.text')).toHaveText(['16 / 280']);
  await expectAccessible(page, 'the composer with its preview open under the toggle');
});
