import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { callsByFetch } from './support/bridge-recorder.ts';
import { closeMenu, pickOption } from './support/naive-select.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';
import {
  createTag,
  expectGroupsAsInSandbox,
  nameField,
  nameFormItem,
  sandboxTags,
  tagChips,
  tagGroup,
} from './support/tags-page.ts';

// The Tags page against a sandbox of the test's own: what the page shows is checked against what
// the sandbox itself answers, not against names written into the test.

// The app opens on the inbox: each test goes to Tags through the menu, as a person would.
test.beforeEach(async ({ page }) => {
  await page.getByTestId('nav-tags').click();
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible();
});

test('a new tag shows in its own brand group, as the sandbox has it', async ({ page, sandbox }) => {
  await expectGroupsAsInSandbox(page, sandbox, [101, 102, 103]);

  await createTag(page, { brand: 102, name: 'Refund request', color: 'Green' });
  const chip = tagChips(page, 102).filter({ hasText: 'Refund request' });
  await expect(chip).toBeVisible();
  // The form is ready for the next one.
  await expect(nameField(page)).toHaveValue('');

  const saved = (await sandboxTags(sandbox, 102)).find((tag) => tag.name === 'Refund request');
  expect(saved).toMatchObject({ brand_id: 102, color: '#46A758' });
  await expect(chip).toHaveAttribute('title', '#46A758');
  await expectGroupsAsInSandbox(page, sandbox, [101, 102, 103]);
  await expect(tagGroup(page, 101)).not.toContainText('Refund request');
  await expect(tagGroup(page, 103)).not.toContainText('Refund request');

  // Without a color the service picks one, and the swatch shows that one. (A fresh form: its color
  // is "Automatic" until one is picked.)
  await page.reload();
  await createTag(page, { brand: 103, name: 'Wholesale' });
  const picked = (await sandboxTags(sandbox, 103)).find((tag) => tag.name === 'Wholesale');
  expect(picked?.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
  await expect(tagChips(page, 103).filter({ hasText: 'Wholesale' })).toHaveAttribute('title', picked!.color!);
  await expectAccessible(page, 'the tags');
});

test("the same name again: the service's refusal at the name field, nothing created", async ({
  page,
  sandbox,
}) => {
  await createTag(page, { brand: 101, name: 'Returns' });
  await expect(tagChips(page, 101).filter({ hasText: 'Returns' })).toBeVisible();

  await createTag(page, { name: 'Returns' });
  // What the sandbox says to the same request, word for word, under the name.
  const refusal = await sandbox.request<{ errors: { name: string[] } }>('community', 'tags', {
    json: { brand_id: 101, name: 'Returns' },
  });
  expect(refusal.status).toBe(409);
  await expect(nameFormItem(page).locator('.n-form-item-feedback')).toHaveText(refusal.body.errors.name[0]!);
  await expect(nameField(page)).toHaveValue('Returns');
  await expect(page.getByTestId('tag-form-error')).toHaveCount(0);
  await expectAccessible(page, 'a refusal at the name field');

  await expect(tagChips(page, 101).filter({ hasText: /^Returns$/ })).toHaveCount(1);
  expect((await sandboxTags(sandbox, 101)).filter((tag) => tag.name === 'Returns')).toHaveLength(1);
});

test('the list follows the brand picker, and the choice outlives a reload', async ({ page, sandbox }) => {
  await expectGroupsAsInSandbox(page, sandbox, [101, 102, 103]);

  await pickOption(page, page.getByTestId('brand-picker'), '101');
  await closeMenu(page);
  await expectGroupsAsInSandbox(page, sandbox, [102, 103]);
  // The form offers the chosen brands only.
  await page.getByTestId('tag-brand').click();
  await expect(page.locator('.n-base-select-menu:visible .n-base-select-option')).toHaveText([
    'Brand 102',
    'Brand 103',
  ]);
  await closeMenu(page);

  await page.reload();
  await expectGroupsAsInSandbox(page, sandbox, [102, 103]);
});

test('with the sandbox stopped: what failed and a Retry, which works once it is back', async ({
  page,
  sandbox,
}) => {
  // By fetch, where the test can wait for the Retry's answer below.
  await callsByFetch(page);
  await page.reload();
  await expectGroupsAsInSandbox(page, sandbox, [101, 102, 103]);
  const kept = (await sandboxTags(sandbox, 101)).length + (await sandboxTags(sandbox, 102)).length;
  await sandbox.stopHoldingPort();

  // Brands not asked about before, so no answer kept from a moment ago can stand in.
  await pickOption(page, page.getByTestId('brand-picker'), '103');
  await closeMenu(page);
  const failure = page.getByTestId('state-error');
  await expect(failure).toHaveAttribute('data-code', 'offline');
  await expect(failure).toContainText('Could not load the tags');
  await expectNoRawErrorText(page);
  // The last answer stays on screen for the brands still chosen, and the count says what is shown.
  await expect(page.getByTestId('tag-group')).toHaveCount(2);
  await expect(page.getByTestId('page-subtitle')).toHaveText(`${kept} tags in 2 brands`);

  // Still down: Retry asks again and says so again.
  const answered = page.waitForResponse((r) => r.url().endsWith('/bridge/call/tags:list'));
  await failure.getByTestId('retry').click();
  await answered;
  await expect(failure).toHaveAttribute('data-code', 'offline');

  // A tag cannot be created either; the form says why under it and keeps what was typed.
  await createTag(page, { name: 'After the outage' });
  await expect(page.getByTestId('tag-form-error')).toContainText('The tag was not created.');
  await expectNoRawErrorText(page);
  await expect(nameField(page)).toHaveValue('After the outage');
  await expectAccessible(page, 'the tags with the service down');

  await sandbox.start();
  await failure.getByTestId('retry').click();
  await expect(failure).toHaveCount(0);
  await expectGroupsAsInSandbox(page, sandbox, [101, 102]);

  await page.getByTestId('tag-create').click();
  await expect(tagChips(page, 101).filter({ hasText: 'After the outage' })).toBeVisible();
  await expect(page.getByTestId('tag-form-error')).toHaveCount(0);
});
