import type { Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { closeMenu, pickOption, selectOption } from './support/naive-select.ts';

// The inbox's filter bar at the width people work at (1280 x 800, the detail pane open), tags
// chosen by name across brands, the search's limit, and the tag picker: what the screen shows is
// checked against what the sandbox itself answers.

test.use({ viewport: { width: 1280, height: 800 } });

interface ServiceItem {
  id: number;
  brand_id: number;
  source_updated_at?: string | null;
}
interface ServiceList {
  data: ServiceItem[];
  paging: { count: number };
}
interface ServiceTag {
  id: number;
  name: string;
  brand_id: number;
}

const brands = [101, 102, 103];

async function interactions(sandbox: SandboxService, params: Record<string, string>): Promise<ServiceList> {
  const query = new URLSearchParams({ sort: '-SOURCE_UPDATED_AT', limit: '100', ...params });
  const answer = await sandbox.request<ServiceList>('community', `community_interactions?${query}`);
  expect(answer.status).toBe(200);
  return answer.body;
}

async function serviceTags(sandbox: SandboxService): Promise<ServiceTag[]> {
  return (await sandbox.request<{ data: ServiceTag[] }>('community', `tags?brand_ids=${brands.join(',')}`))
    .body.data;
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const subtitle = (page: Page) => page.getByTestId('page-subtitle');
/** The inbox opens on To do: the service asked for the rows not archived. */
const toDo = { is_archived: 'false' };
const interactionsLabel = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'interaction' : 'interactions'}`;

function shownIds(page: Page): Promise<number[]> {
  return rows(page).evaluateAll((elements) =>
    elements.map((element) => Number(element.getAttribute('data-id'))),
  );
}

/** Opens the first row in the detail pane, as a click on it does. */
async function openDetail(page: Page): Promise<void> {
  await rows(page).first().click();
  await expect(page.getByTestId('inbox-detail-pane')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await expect(page).toHaveURL(/#\/inbox/);
  await expect(rows(page).first()).toBeVisible();
});

test('a tag chosen by name lists that tag’s rows of every brand, the count their sum', async ({
  page,
  sandbox,
}) => {
  const tags = await serviceTags(sandbox);
  const name = [...new Set(tags.map((tag) => tag.name))].find(
    (candidate) => tags.filter((tag) => tag.name === candidate).length === brands.length,
  )!;
  expect(name, 'a tag name every brand has in the seed').toBeDefined();
  const perBrand = await Promise.all(
    brands.map((brand) => {
      const id = tags.find((tag) => tag.brand_id === brand && tag.name === name)!.id;
      return interactions(sandbox, { brand_ids: String(brand), tag_ids: String(id), ...toDo });
    }),
  );
  const sum = perBrand.reduce((total, list) => total + list.paging.count, 0);
  // Their ids together (the service ANDs them) match nothing: the defect this replaces.
  const anded = await interactions(sandbox, {
    brand_ids: brands.join(','),
    tag_ids: tags
      .filter((tag) => tag.name === name)
      .map((tag) => tag.id)
      .join(','),
  });
  expect(anded.paging.count).toBe(0);

  await page.getByTestId('filter-tags').click();
  await page.keyboard.type(name);
  // One option for the name, however many brands have it.
  await expect(selectOption(page, name)).toHaveCount(1);
  await selectOption(page, name).click();
  await closeMenu(page);

  await expect(subtitle(page)).toContainText(interactionsLabel(sum));
  const merged = perBrand
    .flatMap((list) => list.data)
    .sort((a, b) => Date.parse(b.source_updated_at!) - Date.parse(a.source_updated_at!) || b.id - a.id);
  await expect(rows(page).first()).toHaveAttribute('data-id', String(merged[0]!.id));
  const shown = await shownIds(page);
  expect(shown).toEqual(merged.slice(0, shown.length).map((item) => item.id));
  const brandsShown = new Set(shown.map((id) => merged.find((item) => item.id === id)!.brand_id));
  expect([...brandsShown].sort()).toEqual(brands);
  // Every row wears the tag by the same name the filter gives it.
  for (const row of await rows(page).all()) {
    await expect(row.getByTestId('row-tag').filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })).toHaveCount(
      1,
    );
  }
  await expectAccessible(page, 'the inbox filtered by a tag name');

  // A reload keeps it (the name is in the address).
  await page.reload();
  await expect(subtitle(page)).toContainText(interactionsLabel(sum));
  await expect(page.getByTestId('filter-tags')).toContainText(name);
});

test('a view saved with a tag id before names still opens its list, the tag shown by name', async ({
  page,
  sandbox,
  webShell,
}) => {
  const tag = (await serviceTags(sandbox)).find((candidate) => candidate.brand_id === 102)!;
  await webShell.call('inbox:save-view', { name: 'Saved by id', filter: { tagIds: [tag.id] } });
  await page.reload();
  const view = page.locator('[data-testid="saved-view"][data-name="Saved by id"]');
  await view.getByTestId('view-open').click();

  const expected = await interactions(sandbox, {
    brand_ids: brands.join(','),
    tag_ids: String(tag.id),
    ...toDo,
  });
  expect(expected.paging.count).toBeGreaterThan(0);
  await expect(subtitle(page)).toContainText(interactionsLabel(expected.paging.count));
  await expect(rows(page).first()).toHaveAttribute('data-id', String(expected.data[0]!.id));
  await expect(page.getByTestId('filter-tags')).toContainText(tag.name);
});

test('a search longer than the limit is not sent: the field says the limit and Clear stays', async ({
  page,
  sandbox,
}) => {
  const total = (await interactions(sandbox, { brand_ids: brands.join(','), limit: '0', ...toDo })).paging
    .count;
  await expect(subtitle(page)).toContainText(interactionsLabel(total));
  const search = page.getByTestId('filter-text').locator('input');
  const hint = page.getByTestId('filter-text-hint');

  // Over the limit, the field says why nothing is searched, and nothing is.
  await search.fill('refund '.repeat(80));
  await search.press('Enter');
  const over = 'Search up to 500 characters: this one has 559, so the list still shows the last search.';
  await expect(hint).toHaveText(over);
  await expect(hint).toHaveClass(/shown/);
  await expect(search).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/q=/);
  await expect(subtitle(page)).toContainText(interactionsLabel(total));
  await expect(page.getByTestId('filter-clear')).toBeVisible();
  await expectAccessible(page, 'a search over the limit');
  // Nearing the limit, the field counts (and the search is sent).
  await search.fill('refund '.repeat(60));
  await expect(hint).toHaveText('Search up to 500 characters (419 so far).');
  await expect(search).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/q=refund\+refund/);

  // After a search, a longer one leaves the list on it (not on everything), and Clear stays.
  await search.fill('refund');
  await expect(page).toHaveURL(/q=refund$/);
  const refund = await interactions(sandbox, {
    brand_ids: brands.join(','),
    query: 'refund',
    limit: '0',
    ...toDo,
  });
  await expect(subtitle(page)).toContainText(interactionsLabel(refund.paging.count));
  await search.fill('refund '.repeat(80));
  await expect(hint).toHaveText(over);
  await expect(page).toHaveURL(/q=refund$/);
  await expect(subtitle(page)).toContainText(interactionsLabel(refund.paging.count));
  await expect(page.getByTestId('filter-clear')).toBeVisible();

  await page.getByTestId('filter-clear').click();
  await expect(search).toHaveValue('');
  await expect(hint).not.toHaveClass(/shown/);
  await expect(subtitle(page)).toContainText(interactionsLabel(total));
});

test('with the detail pane open the filter bar is one line; More filters opens from the keyboard', async ({
  page,
}) => {
  await openDetail(page);
  const bar = page.getByTestId('inbox-filters').getByRole('toolbar', { name: 'Filters' });
  const fits = () =>
    bar.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const controls = [...element.children].map((child) => child.getBoundingClientRect());
      return {
        oneLine: controls.every((control) => Math.abs(control.top - controls[0]!.top) < 8),
        inside: controls.every((control) => control.right <= box.right + 0.5),
        scrolls: element.scrollWidth > element.clientWidth,
      };
    });
  expect(await fits()).toEqual({ oneLine: true, inside: true, scrolls: false });

  // From the keyboard: the button names how many filters it holds, Enter opens them with the
  // focus inside, Escape closes them and gives the focus back.
  const more = page.getByTestId('filter-more');
  await more.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('group', { name: 'More filters' });
  await expect(panel).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.locator(':focus')).toHaveCount(1);
  await pickOption(page, page.getByTestId('filter-question'), 'Questions');
  await expect(page).toHaveURL(/question=yes/);
  await pickOption(page, page.getByTestId('filter-follow-up'), 'Follow-up');
  await expect(page).toHaveURL(/followup=yes/);
  await expect(page.getByTestId('filter-more-count')).toHaveText('2');
  await expect(more).toHaveAccessibleName(/^More filters\s*:\s*2 on$/);
  await expectAccessible(page, 'the more filters, open beside the detail pane');
  await panel.getByRole('checkbox', { name: 'With text only' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(more).toBeFocused();
  // Set filters leave Clear in the bar, still one line.
  await expect(page.getByTestId('filter-clear')).toBeVisible();
  expect(await fits()).toEqual({ oneLine: true, inside: true, scrolls: false });
});

test.describe('rows of one brand', () => {
  test.use({ chosenBrands: [101] });

  test('the tag picker’s options scroll above Apply, which stays in view and in reach', async ({
    page,
    sandbox,
  }) => {
    const id = Number(await rows(page).first().getAttribute('data-id'));
    const before = (await interactions(sandbox, { brand_ids: '101', id: String(id), limit: '1' }))
      .data[0] as {
      tag_ids?: number[] | null;
    };
    const tags = (await serviceTags(sandbox)).filter((tag) => tag.brand_id === 101);
    const added = tags.find((tag) => !(before.tag_ids ?? []).includes(tag.id))!;

    await rows(page).first().click();
    await page.locator('h1').click();
    await page.keyboard.press('t');
    const picker = page.getByTestId('tag-picker');
    await expect(picker).toBeVisible();
    const options = picker.getByTestId('tag-picker-options');
    await expect(options.getByRole('checkbox')).toHaveCount(tags.length);
    const apply = picker.getByTestId('tag-picker-apply');
    /** Whether Apply is the element drawn at its own centre: nothing lies over it. */
    const applyOnTop = () =>
      apply.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const top = button.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return Boolean(top && button.contains(top));
      });
    expect(await applyOnTop()).toBe(true);
    // The last option, scrolled to, sits above Apply; Apply has not moved from view.
    const last = options.getByRole('checkbox').last();
    await last.scrollIntoViewIfNeeded();
    const [lastBox, applyBox] = [await last.boundingBox(), await apply.boundingBox()];
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(applyBox!.y);
    expect(await applyOnTop()).toBe(true);
    await expectAccessible(page, 'the tag picker');

    await picker.getByTestId('tag-picker-find').locator('input').fill(added.name);
    await picker.getByRole('checkbox', { name: added.name, exact: true }).click();
    expect(await applyOnTop()).toBe(true);
    await apply.click();
    await expect(picker).toHaveCount(0);
    await expect(
      page.locator(
        `[data-testid="inbox-row"][data-id="${id}"] [data-testid="row-tag"][data-tag-id="${added.id}"]`,
      ),
    ).toHaveText(added.name);
    await expect
      .poll(
        async () =>
          (
            (await interactions(sandbox, { brand_ids: '101', id: String(id), limit: '1' })).data[0] as {
              tag_ids?: number[] | null;
            }
          ).tag_ids,
      )
      .toContain(added.id);
  });
});
