import { expect, type Page } from '@playwright/test';

/** Every place the app says what went wrong: error states, toasts, rows, notices, field feedback. */
const errorSurfaces = [
  '[data-testid="state-error"]',
  '[data-testid="call-error"]',
  '[data-testid="draft-failure"]',
  '[data-testid="draft-why"]',
  '[data-testid="page-error"]',
  '[data-testid="overview-error"]',
  '[data-testid="move-refusal"]',
  '[data-testid="tag-form-error"]',
  '.n-form-item-feedback__line',
].join(', ');

/** Machine text no person should read: the service's request wording, an instant, a field path. */
const rawText = [
  /Invalid (request body|input)/,
  /\d{4}-\d\d-\d\dT\d\d:\d\d/,
  /\b[a-z]+_[a-z_]+\b/, // assignee_id
  /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*\b/, // change.assigneeId
];

/**
 * Asserts that what the page says of an error is in a person's words. Reads the text as drawn
 * (`innerText`), so a closed "Details" disclosure, where the raw text is kept, does not count.
 */
export async function expectNoRawErrorText(page: Page): Promise<void> {
  const said = await page.locator(errorSurfaces).allInnerTexts();
  for (const text of said) {
    for (const pattern of rawText) expect(text, `error text "${text}"`).not.toMatch(pattern);
  }
}
