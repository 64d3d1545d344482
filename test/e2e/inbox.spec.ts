import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { closeMenu, pickOption, selectOption } from './support/naive-select.ts';

// The inbox list against a sandbox of the test's own: what the screen shows is checked against
// what the sandbox itself answers to the same question.

interface ServiceItem {
  id: number;
  type: string;
  tag_ids?: number[] | null;
  is_read?: boolean | null;
  is_archived?: boolean | null;
  source_updated_at?: string | null;
}
interface ServiceList {
  data: ServiceItem[];
  paging: { count: number };
}

const allBrands = '101,102,103';

async function interactions(
  sandbox: SandboxService,
  params: Record<string, string> = {},
): Promise<ServiceList> {
  const query = new URLSearchParams({
    brand_ids: allBrands,
    sort: '-SOURCE_UPDATED_AT',
    limit: '100',
    ...params,
  });
  const answer = await sandbox.request<ServiceList>('community', `community_interactions?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function interaction(sandbox: SandboxService, id: number): Promise<ServiceItem> {
  return (await interactions(sandbox, { id: String(id), limit: '1' })).data[0]!;
}

async function unreadByType(sandbox: SandboxService): Promise<Record<string, number>> {
  const answer = await sandbox.request<
    { data: { by_type: Record<string, number> } } | { by_type: Record<string, number> }
  >('community', 'community_interactions/unread_interaction_counts', {
    json: { brand_ids: [101, 102, 103] },
  });
  expect(answer.status).toBe(200);
  const body = answer.body;
  return 'data' in body ? body.data.by_type : body.by_type;
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const typeEntry = (page: Page, type: string) =>
  page.locator(`[data-testid="type-entry"][data-type="${type}"]`);

/** Selects the first five rows drawn: a click on the first, a shift-click on the fifth. */
async function selectFirstFive(page: Page): Promise<void> {
  await rows(page).nth(0).getByTestId('row-select').click();
  await rows(page)
    .nth(4)
    .getByTestId('row-select')
    .click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('bulk-count')).toHaveText('5 selected');
}

/** The ids of the rows drawn, top to bottom. */
function shownIds(page: Page): Promise<number[]> {
  return rows(page).evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-id'))),
  );
}

/** What the inbox lists by default: To do, the interactions not archived. */
const toDo = { is_archived: 'false' };

/** The list shows `count` interactions and, at its top, the sandbox's first rows in its order. */
async function expectListAsInSandbox(page: Page, expected: ServiceList): Promise<void> {
  const count = expected.paging.count;
  await expect(page.getByTestId('page-subtitle')).toContainText(
    `${count.toLocaleString('en-US')} ${count === 1 ? 'interaction' : 'interactions'}`,
  );
  await expect(rows(page).first()).toHaveAttribute('data-id', String(expected.data[0]!.id));
  const shown = await shownIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(expected.data.slice(0, shown.length).map((item) => item.id));
}

/** Moves the keyboard focus off any control, as a click on the page's background does. */
async function focusPage(page: Page): Promise<void> {
  await page.locator('h1').click();
}

test.beforeEach(async ({ page }) => {
  // The inbox is the start page.
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
});

test('filter by a type and two tags by name: each brand’s rows the sandbox matches', async ({
  page,
  sandbox,
}) => {
  // Two tags that meet on one TikTok comment, and their names as the sandbox has them.
  const tiktok = await interactions(sandbox, { types: 'TIKTOK_COMMENT', ...toDo });
  const sample = tiktok.data.find((item) => (item.tag_ids?.length ?? 0) >= 2);
  expect(sample, 'a TikTok comment with two tags in the seed').toBeDefined();
  const [first, second] = sample!.tag_ids!;
  const tags = (
    await sandbox.request<{ data: { id: number; name: string; brand_id: number }[] }>(
      'community',
      `tags?brand_ids=${allBrands}`,
    )
  ).body.data;
  const named = (id: number) => tags.find((t) => t.id === id)!;
  const names = [named(first!).name, named(second!).name];

  await typeEntry(page, 'TIKTOK_COMMENT').click();
  for (const name of names) {
    await page.getByTestId('filter-tags').click();
    await page.keyboard.type(name);
    await selectOption(page, name).click();
  }
  await closeMenu(page);
  await expect(page).toHaveURL(/[?&]tag=/);

  // Chosen by name, the tags mean those names in each brand that has both: each brand's own
  // rows, newest first across brands, as the sandbox lists each brand's.
  const perBrand = await Promise.all(
    [101, 102, 103].map(async (brand) => {
      const ids = names.map((name) => tags.find((t) => t.brand_id === brand && t.name === name)?.id);
      if (ids.some((id) => id === undefined)) return { data: [], paging: { count: 0 } };
      return interactions(sandbox, {
        brand_ids: String(brand),
        types: 'TIKTOK_COMMENT',
        tag_ids: ids.join(','),
        ...toDo,
      });
    }),
  );
  const expected: ServiceList = {
    data: perBrand
      .flatMap((list) => list.data)
      .sort((a, b) => Date.parse(b.source_updated_at!) - Date.parse(a.source_updated_at!) || b.id - a.id),
    paging: { count: perBrand.reduce((sum, list) => sum + list.paging.count, 0) },
  };
  expect(expected.paging.count).toBeGreaterThan(0);
  await expectListAsInSandbox(page, expected);
  for (const row of await rows(page).all()) {
    await expect(row).toHaveAttribute('data-type', 'TIKTOK_COMMENT');
    for (const name of names) {
      await expect(
        row.getByTestId('row-tag').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) }),
      ).toHaveCount(1);
    }
  }
});

test('search a word: the rows the sandbox finds, the word marked in each', async ({ page, sandbox }) => {
  await page.getByTestId('filter-text').locator('input').fill('refund');
  await expect(page).toHaveURL(/q=refund/);
  const expected = await interactions(sandbox, { query: 'refund', ...toDo });
  expect(expected.paging.count).toBeGreaterThan(0);
  await expectListAsInSandbox(page, expected);
  for (const row of (await rows(page).all()).slice(0, 8)) {
    const marks = await row.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.every((mark) => mark.toLowerCase() === 'refund')).toBe(true);
  }

  // In Archived the rows step back in grey, the marked words stay readable on their yellow.
  await page.getByText('Archived', { exact: true }).click();
  await expect(page).toHaveURL(/archived=yes/);
  const archived = rows(page).first();
  await expect(archived).toHaveAttribute('data-archived', 'yes');
  await expect(archived.locator('mark').first()).toHaveText(/refund/i);
  await expectAccessible(page, 'a search in Archived, its words marked');
});

test("mark read with r: that type's unread count drops, as the sandbox's does", async ({ page, sandbox }) => {
  const before = (await unreadByType(sandbox)).TIKTOK_COMMENT!;
  const count = typeEntry(page, 'TIKTOK_COMMENT').getByTestId('unread-count');
  await expect(count).toHaveText(String(before));

  await typeEntry(page, 'TIKTOK_COMMENT').click();
  await pickOption(page, page.getByTestId('filter-read'), 'Unread');
  await expect(page).toHaveURL(/read=no/);
  await focusPage(page);
  const first = rows(page).first();
  await expect(first).toHaveAttribute('data-read', 'no');
  const id = Number(await first.getAttribute('data-id'));
  await expect(first).toHaveAttribute('aria-current', 'true');

  await page.keyboard.press('r');
  await expect(count).toHaveText(String(before - 1));
  // Read, it is out of the Unread list at once.
  await expect(page.locator(`[data-testid="inbox-row"][data-id="${id}"]`)).toHaveCount(0);
  await expect.poll(async () => (await interaction(sandbox, id)).is_read).toBe(true);
  expect((await unreadByType(sandbox)).TIKTOK_COMMENT).toBe(before - 1);
});

test('bulk-archive ten rows: each is archived at the sandbox', async ({ page, sandbox }) => {
  // The inbox opens on To do: the rows not archived.
  await expect(page.getByRole('radio', { name: 'To do' })).toBeChecked();
  await page.getByTestId('filter-more').click();
  await expect(rows(page).nth(4)).toBeVisible();
  await expectAccessible(page, 'the inbox with its extra filters');
  const highlighted = page.locator('[data-testid="inbox-row"][aria-current="true"]');

  // A run by shift-click on the rows in view, then on with the keyboard (x selects the
  // highlighted row; the list scrolls with the highlight) to ten, more than the view holds.
  const ids = (await shownIds(page)).slice(0, 5);
  await selectFirstFive(page);
  await focusPage(page);
  for (let index = 1; index < 10; index++) {
    await page.keyboard.press('j');
    await expect(highlighted.locator('xpath=..')).toHaveAttribute('data-index', String(index));
    if (index < 5) continue; // rows 1 to 4 are selected already
    ids.push(Number(await highlighted.getAttribute('data-id')));
    await page.keyboard.press('x');
    await expect(page.getByTestId('bulk-count')).toHaveText(`${index + 1} selected`);
  }
  await page.getByTestId('bulk-archive').click();
  await expect(page.getByTestId('bulk-result')).toHaveText(/Done: 10 changed/);
  for (const id of ids) {
    expect((await interaction(sandbox, id)).is_archived, `interaction ${id}`).toBe(true);
  }
  expect(new Set(ids).size).toBe(10);
  // Archived, they have left To do.
  for (const id of ids) {
    await expect(page.locator(`[data-testid="inbox-row"][data-id="${id}"]`)).toHaveCount(0);
  }
});

test.describe("rows of one brand (a tag is one brand's)", () => {
  test.use({ chosenBrands: [101] });

  test('bulk-add a tag to rows with different tags: each keeps its own and gains it', async ({
    page,
    sandbox,
  }) => {
    await expect(rows(page).nth(4)).toBeVisible();
    const ids = (await shownIds(page)).slice(0, 5);
    const before = new Map<number, number[]>();
    for (const id of ids) before.set(id, (await interaction(sandbox, id)).tag_ids ?? []);
    const tagSets = new Set([...before.values()].map((tags) => [...tags].sort().join(',')));
    expect(tagSets.size, 'rows with different tags at the top of the seed').toBeGreaterThan(1);
    const tags = (
      await sandbox.request<{ data: { id: number; name: string }[] }>('community', 'tags?brand_ids=101')
    ).body.data;
    const added = tags.find((tag) => ids.every((id) => !before.get(id)!.includes(tag.id)))!;

    await selectFirstFive(page);
    await page.getByTestId('bulk-tags').click();
    const picker = page.getByTestId('tag-picker');
    await expect(picker.getByTestId('tag-picker-add')).toBeDisabled();
    // From the keyboard: type to narrow, Tab to the tag and Space picks it, Enter adds it.
    await expectAccessible(page, 'the tag picker');
    await expect(picker.getByTestId('tag-picker-find').locator('input')).toBeFocused();
    await page.keyboard.type(added.name);
    const option = picker.getByRole('checkbox', { name: added.name, exact: true });
    await expect(option).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(option).toBeFocused();
    await page.keyboard.press('Space');
    await expect(option).toBeChecked();
    await expect(picker.getByTestId('tag-picker-add')).toBeEnabled();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveCount(0);

    await expect(page.getByTestId('bulk-result')).toHaveText('Done: 5 changed');
    for (const id of ids) {
      const expected = [...new Set([...before.get(id)!, added.id])].sort((a, b) => a - b);
      const now = (await interaction(sandbox, id)).tag_ids ?? [];
      expect(
        [...now].sort((a, b) => a - b),
        `interaction ${id}`,
      ).toEqual(expected);
      const chips = page.locator(`[data-testid="inbox-row"][data-id="${id}"] [data-testid="row-tag"]`);
      await expect(chips).toHaveCount(expected.length);
      await expect(chips.and(page.locator(`[data-tag-id="${added.id}"]`))).toHaveCount(1);
    }
  });
});

test('the list from the keyboard alone', async ({ page }) => {
  await focusPage(page);
  const ids = await shownIds(page);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  await expect(page.locator('[data-testid="inbox-row"][aria-current="true"]')).toHaveAttribute(
    'data-id',
    String(ids[2]),
  );

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/inbox/${ids[2]}`));
  await expect(page.getByTestId('inbox-detail-pane')).toBeVisible();
  await expectAccessible(page, 'the inbox with a detail pane');
  // With the pane open, j moves it to the next row.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/inbox/${ids[3]}`));
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/inbox(\?|$)/);
  await expect(page.getByTestId('inbox-detail-pane')).toHaveCount(0);

  await page.keyboard.press('x');
  await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);

  await page.keyboard.press('Shift+?');
  await expect(page.getByTestId('keys-help')).toBeVisible();
  await expect(page.getByTestId('keys-help')).toContainText('Mark read or unread');
  await expectAccessible(page, 'the keys help');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('keys-help')).toHaveCount(0);

  await page.keyboard.press('/');
  const search = page.getByTestId('filter-text').locator('input');
  await expect(search).toBeFocused();
  // Typed, not taken as keys: r, e and f would triage, g and t would leave.
  await page.keyboard.type('great fit');
  await expect(search).toHaveValue('great fit');
  await expect(page).toHaveURL(/q=great/);
  await expect(page.getByTestId('keys-help')).toHaveCount(0);
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);

  await focusPage(page);
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/#\/tags/);
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await expect(page).toHaveURL(/#\/inbox/);
});

test('save a view, reload, and open it again in one click', async ({ page, sandbox }) => {
  await typeEntry(page, 'INSTAGRAM_COMMENT').click();
  await pickOption(page, page.getByTestId('filter-read'), 'Unread');
  await expect(page).toHaveURL(/type=INSTAGRAM_COMMENT.*read=no|read=no.*type=INSTAGRAM_COMMENT/);
  await page.getByTestId('save-view').click();
  await page.getByTestId('view-name').locator('input').fill('Unread Instagram');
  await expectAccessible(page, 'the dialog naming a view');
  await page.getByTestId('view-save').click();
  const view = page.locator('[data-testid="saved-view"][data-name="Unread Instagram"]');
  await expect(view).toBeVisible();

  await page.reload();
  await page.getByTestId('filter-clear').click();
  await expect(page).not.toHaveURL(/read=no/);
  await expect(view).toBeVisible();
  await expect(view).not.toHaveClass(/active/);

  // A view's unread count leaves archived interactions out, like the unread badges do.
  const unread = await interactions(sandbox, {
    types: 'INSTAGRAM_COMMENT',
    is_read: 'false',
    is_archived: 'false',
  });
  await expect(view.getByTestId('view-unread')).toHaveText(String(unread.paging.count));
  const expected = await interactions(sandbox, { types: 'INSTAGRAM_COMMENT', is_read: 'false', ...toDo });
  await view.getByTestId('view-open').click();
  await expect(page).toHaveURL(/type=INSTAGRAM_COMMENT/);
  await expect(page).toHaveURL(/read=no/);
  await expect(view).toHaveClass(/active/);
  await expectListAsInSandbox(page, expected);
});

test.describe('a sandbox that fails 30% of its requests', () => {
  test.use({ sandboxArgs: ['--faults', '0.3'] });

  test('shows retries where pages fail, never a blank or broken screen', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const list = page.getByTestId('virtual-list');
    const somethingShown = page
      .getByTestId('inbox-row')
      .or(page.getByTestId('page-error'))
      .or(page.getByTestId('state-error'));
    for (const top of [0, 8_000, 20_000, 40_000, 12_000]) {
      await list.evaluate((element, y) => element.scrollTo(0, y), top);
      await expect(somethingShown.first()).toBeVisible();
      // Every failure in view offers its Retry; retried until the rows come.
      for (let attempt = 0; attempt < 10 && (await page.getByTestId('page-retry').count()) > 0; attempt++) {
        await page.getByTestId('page-retry').first().click();
        await expect(somethingShown.first()).toBeVisible();
      }
      await expect(rows(page).first()).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
});
