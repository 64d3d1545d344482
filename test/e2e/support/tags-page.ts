import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './naive-select.ts';
import type { SandboxService } from './sandbox-service.ts';

export interface SandboxTag {
  id: number;
  brand_id: number;
  name: string;
  color: string | null;
}

/** The tags the sandbox itself has for one brand, in the page's order (by name, case aside). */
export async function sandboxTags(sandbox: SandboxService, brand: number): Promise<SandboxTag[]> {
  const answer = await sandbox.request<{ data: SandboxTag[] }>('community', `tags?brand_ids=${brand}`);
  expect(answer.status, `the sandbox lists the tags of brand ${brand}`).toBe(200);
  return answer.body.data.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function tagGroup(page: Page, brand: number): Locator {
  return page.locator(`[data-testid="tag-group"][data-brand="${brand}"]`);
}

export function tagChips(page: Page, brand: number): Locator {
  return tagGroup(page, brand).getByTestId('tag-chip');
}

/** The page's groups, one per chosen brand in this order, each listing what the sandbox has. */
export async function expectGroupsAsInSandbox(
  page: Page,
  sandbox: SandboxService,
  brands: number[],
): Promise<void> {
  await expect(page.getByTestId('tag-group')).toHaveCount(brands.length);
  for (const [index, brand] of brands.entries()) {
    await expect(page.getByTestId('tag-group').nth(index)).toHaveAttribute('data-brand', String(brand));
    const names = (await sandboxTags(sandbox, brand)).map((tag) => tag.name);
    expect(names.length, `brand ${brand} has seeded tags, so the comparison means something`).toBeGreaterThan(
      0,
    );
    await expect(tagChips(page, brand)).toHaveText(names);
  }
}

export function nameField(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Tag name' });
}

/** The name's form item: its label, input and the message under it. */
export function nameFormItem(page: Page): Locator {
  return page.locator('.n-form-item', { has: page.getByTestId('tag-name') });
}

/** Fills the "new tag" form and sends it; the brand and color (by its name: Green) only when given. */
export async function createTag(
  page: Page,
  tag: { name: string; brand?: number; color?: string },
): Promise<void> {
  if (tag.brand !== undefined) await pickOption(page, page.getByTestId('tag-brand'), `Brand ${tag.brand}`);
  if (tag.color !== undefined) await pickOption(page, page.getByTestId('tag-color'), tag.color);
  await nameField(page).fill(tag.name);
  await page.getByTestId('tag-create').click();
}
