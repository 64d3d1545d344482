import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Naive UI's select draws its menu in a layer at the end of <body>, and its options carry no
 * ARIA role: they are found by their class and exact text. One menu is open at a time, and a
 * closed one stays in the page, hidden. (The app's short selects draw every option; a long one
 * may be a virtual list, with only the options in view in the page.)
 */
export function selectOption(page: Page, label: string): Locator {
  return page
    .locator('.n-base-select-menu:visible .n-base-select-option')
    .filter({ hasText: new RegExp(`^\\s*${escape(label)}\\s*$`) });
}

/** Opens a select and clicks one option (in a multiple select, that toggles it). */
export async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await selectOption(page, label).click();
}

/** Closes an open menu, as a user would by pressing Escape. */
export async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  // A closed menu stays in the page, hidden, once it has been opened.
  await expect(page.locator('.n-base-select-menu:visible')).toHaveCount(0);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
