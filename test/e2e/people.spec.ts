import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { closeMenu, selectOption } from './support/naive-select.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// People by name: the service names its users by id only, and the app keeps a name per id in
// each profile's address book. What the page shows is checked against the sandbox's own answer.

interface ServiceItem {
  id: number;
  brand_id: number;
  assignee_id?: number | null;
}

async function interaction(sandbox: SandboxService, id: number): Promise<ServiceItem> {
  const query = new URLSearchParams({ brand_ids: '101,102,103', id: String(id), limit: '1' });
  const answer = await sandbox.request<{ data: ServiceItem[] }>(
    'community',
    `community_interactions?${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data[0]!;
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const row = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
const dialog = (page: Page) => page.getByRole('dialog');

async function firstRowId(page: Page): Promise<number> {
  await expect(rows(page).first()).toBeVisible();
  return Number(await rows(page).first().getAttribute('data-id'));
}

/** Opens the assign dialog for the highlighted row with its key. */
async function openAssign(page: Page): Promise<void> {
  await page.locator('h1').click();
  await page.keyboard.press('a');
  await expect(dialog(page).getByRole('heading', { name: 'Assign' })).toBeVisible();
}

test.describe('on one brand', () => {
  // User 2 (the sandbox's person) reaches every brand, so the service accepts them as assignee.
  test.use({ chosenBrands: [101] });

  test('name a user from the assign dialog: the row and the detail show the name; names are searched', async ({
    page,
    sandbox,
  }) => {
    const id = await firstRowId(page);
    await openAssign(page);
    const field = page.getByRole('textbox', { name: 'Name or user id' });
    // With nothing typed (it opens on the row's assignee), the people this brand's rows showed.
    await field.fill('');
    await expect(dialog(page)).toContainText('Seen on this brand:');
    await field.fill('2');
    await page.getByRole('button', { name: 'Name this person' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Name user 2' })).toBeVisible();
    // An empty name is refused at the field, in plain words.
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('   ');
    await expect(page.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Alex Kim');
    await expectAccessible(page, 'the assign dialog naming a person');
    await page.getByRole('button', { name: 'Save name' }).click();

    // Back to choosing, with the person found by the name just given.
    await expect(field).toHaveValue('Alex Kim');
    await expect(dialog(page).getByRole('button', { name: 'Alex Kim · 2' })).toBeVisible();
    await expectAccessible(page, 'the assign dialog');
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog(page)).toHaveCount(0);

    await expect(row(page, id).getByTestId('row-assignee')).toHaveText('@Alex Kim');
    await expect.poll(async () => (await interaction(sandbox, id)).assignee_id).toBe(2);
    await row(page, id).click();
    await expect(page.getByTestId('inbox-detail-pane')).toContainText('Assigned to Alex Kim');
    await expect(page.getByTestId('inbox-detail-pane')).not.toContainText('user 2');

    // The dialog searches names: part of one finds them, a name nobody has says what to do.
    await page.keyboard.press('Escape');
    await openAssign(page);
    await field.fill('');
    await field.pressSequentially('ale');
    await expect(dialog(page).getByRole('button', { name: 'Alex Kim · 2' })).toBeVisible();
    await field.fill('Nobody Here');
    await expect(dialog(page)).toContainText('Nobody by that name yet: type their user id, then name them.');
    await expect(page.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();
    await expectNoRawErrorText(page);
  });
});

test('"Answered by user N" is named in place, and a rename in Settings shows in another window at once', async ({
  page,
  context,
  webShell,
  sandbox,
}) => {
  // The first row drawn that the brand answered, as the sandbox says, opened: its replier is
  // shown by id until named.
  await expect(rows(page).first()).toBeVisible();
  const drawn = await rows(page).evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-id'))),
  );
  const query = new URLSearchParams({ brand_ids: '101,102,103', sort: '-SOURCE_UPDATED_AT', limit: '100' });
  const list = await sandbox.request<{ data: (ServiceItem & { brand_user_reply?: { user_id?: number } })[] }>(
    'community',
    `community_interactions?${query}`,
  );
  const target = list.body.data.find(
    (item) => drawn.includes(item.id) && item.brand_user_reply?.user_id != null,
  )!;
  const replier = target.brand_user_reply!.user_id!;
  await row(page, target.id).click();
  const answered = page.getByTestId('brand-user-reply');
  await expect(answered).toContainText(`Answered by User ${replier}`);
  await answered.getByRole('button', { name: `Name user ${replier}` }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Jordan Reyes');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByTestId('brand-user-reply')).toContainText('Answered by Jordan Reyes');
  await expect(page.getByTestId('name-replier')).toHaveCount(0);

  // Settings in a second window: renaming there changes the first window's pane, unreloaded.
  const other = await context.newPage();
  await other.goto(await webShell.freshUrl());
  await other.getByTestId('nav-settings').click();
  const person = other.locator(`[data-testid="person-row"][data-user-id="${replier}"]`);
  await expect(person.getByTestId('person-label')).toHaveText('Jordan Reyes');
  await expectAccessible(other, 'the People section of Settings');
  await person.getByRole('button', { name: 'Rename…' }).click();
  await dialog(other).getByRole('textbox', { name: 'Name' }).fill('Jordan Reyes-Park');
  await other.getByRole('button', { name: 'Save name' }).click();
  await expect(person.getByTestId('person-label')).toHaveText('Jordan Reyes-Park');

  await expect(page.getByTestId('brand-user-reply')).toContainText('Answered by Jordan Reyes-Park');

  // Removing the name in Settings: the first window says "User N" again.
  await person.getByRole('button', { name: 'Remove Jordan Reyes-Park' }).click();
  await dialog(other).getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('brand-user-reply')).toContainText(`Answered by User ${replier}`);
  await other.close();
});

test('"Assigned to me" says where to set who you are, then filters by it once "This is me" is set', async ({
  page,
}) => {
  await page.getByTestId('filter-more').click();
  await page.getByTestId('filter-assignee').click();
  const hint = page.getByTestId('assigned-to-me-hint');
  await expect(hint).toContainText('For “Assigned to me”, say which user you are in Settings › People.');
  // (Audited closed: Naive UI's open menu is a scrolling list its options cannot be tabbed into.)
  await closeMenu(page);
  await expectAccessible(page, 'the inbox filters before "This is me"');
  await page.getByTestId('filter-assignee').click();
  await hint.getByRole('link', { name: 'Settings › People' }).click();
  await expect(page).toHaveURL(/#\/settings/);
  await expect(page.getByTestId('people-card')).toBeInViewport();

  // The person adds themselves by id, refused first for a name too long.
  await page.getByRole('textbox', { name: 'User id' }).fill('2');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('x'.repeat(80));
  await page.getByRole('button', { name: 'Add person' }).click();
  const me = page.locator('[data-testid="person-row"][data-user-id="2"]');
  await expect(me.getByTestId('person-label')).toHaveText('x'.repeat(80));
  await me.getByRole('button', { name: 'Rename…' }).click();
  await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Robin');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(me.getByTestId('person-label')).toHaveText('Robin');
  await me.getByRole('button', { name: 'This is me' }).click();
  await expect(me).toContainText('You');
  await expectAccessible(page, 'the People section with "This is me" set');

  await page.getByTestId('nav-inbox').click();
  await expect(rows(page).first()).toBeVisible();
  if (!(await page.getByTestId('filter-assignee').isVisible())) await page.getByTestId('filter-more').click();
  await page.getByTestId('filter-assignee').click();
  await expect(page.getByTestId('assigned-to-me-hint')).toHaveCount(0);
  await selectOption(page, 'Assigned to me').click();
  await expect(page).toHaveURL(/assignee=2/);
  // The rows of the list before stay until the filtered list answers: wait for the new one.
  const chips = () => rows(page).getByTestId('row-assignee').allTextContents();
  await expect
    .poll(async () => {
      const shown = await chips();
      return shown.length > 0 && shown.every((chip) => chip.trim() === '@Robin');
    })
    .toBe(true);
  expect(await rows(page).count()).toBe((await chips()).length);
});
