import type { Download, Page } from '@playwright/test';
import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';
import { expectNoRawErrorText } from './support/raw-error-text.ts';

// Bulk scheduling from a CSV file, through the Drafts screen's "Import CSV": what the person
// reads (rows ready, rows refused with their line and reason) and what reaches the sandbox.

test.describe.configure({ timeout: 120_000 });

/** The sandbox's posts of a channel and brand carrying this text. */
async function postsWithText(sandbox: SandboxService, channel: string, brand: number, text: string) {
  const answer = await sandbox.request<{ data: Array<{ text?: string | null; status: string }> }>(
    'scheduler',
    `${channel}/scheduled_posts?brand_id=${brand}&limit=1000`,
  );
  expect(answer.status).toBe(200);
  return answer.body.data.filter((post) => post.text === text);
}

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Picks `text` as the file `name` through the page's "Choose a CSV file…". */
async function chooseFile(page: Page, name: string, text: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a CSV file…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('a CSV with good and bad rows: the refused rows are listed with their reasons, the good ones become drafts sent once', async ({
  page,
  sandbox,
}) => {
  const stamp = Date.now().toString(36);
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const threadsText = `Winter collection ${stamp}`;
  const linkedinText = `Hiring ${stamp}`;
  const file = [
    'channel,brand,time,text,link,media ids',
    `Threads,101,${inTwoDays},${threadsText},https://example.com/winter,`,
    `LinkedIn,Brand 102,2030-06-01 09:00,${linkedinText},,`,
    `MySpace,101,${inTwoDays},Old friends,,`,
    `Threads,101,2020-01-01 09:00,Too late,,`,
    `Threads,101,${inTwoDays},${'a'.repeat(501)},,`,
    `Instagram,101,${inTwoDays},Photo,,12 abc`,
  ].join('\n');

  await page.getByTestId('nav-drafts').click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import posts from a CSV file' });
  await expect(dialog.getByText('read in your time zone')).toBeVisible();
  await expectAccessible(page, 'the import dialog, before a file');

  const template = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download the template' }).click();
  expect(await textOf(await template)).toMatch(
    /^\uFEFFchannel,brand,time,text,link,media ids\r\nThreads,101,/,
  );

  await chooseFile(page, 'week.csv', file);
  await expect(dialog.getByText('week.csv')).toBeVisible();
  await expect(dialog.getByText('2 posts ready to import')).toBeVisible();
  await expect(dialog.getByText('4 rows refused')).toBeVisible();
  const refused = dialog.getByRole('region', { name: 'Refused rows and their reasons' });
  const row = (line: number) =>
    refused.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
  await expect(row(4)).toContainText('“MySpace” is not a channel the app posts to');
  await expect(row(5)).toContainText('2020');
  await expect(row(5)).toContainText('has already passed');
  await expect(row(6)).toContainText('501 characters as Threads counts them; at most 500');
  await expect(row(7)).toContainText('“abc” is not a media id');
  await expect(dialog.getByText('First posts').or(dialog.getByText('Posts', { exact: true }))).toBeVisible();
  await expect(dialog.getByText(threadsText)).toBeVisible();
  await expectAccessible(page, 'the import dialog, a file checked');
  await expectNoRawErrorText(page);

  const saved = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save as CSV' }).click();
  const savedRefused = await saved;
  expect(savedRefused.suggestedFilename()).toBe('week-refused.csv');
  const refusedFile = await textOf(savedRefused);
  expect(refusedFile).toContain('line,reasons,channel,brand,time,text,link,media ids');
  expect(refusedFile).toContain('4,"Channel: “MySpace” is not a channel the app posts to');

  await dialog.getByRole('button', { name: 'Import 2 posts' }).click();
  await expect(dialog.getByText('2 posts imported as drafts')).toBeVisible();
  await expectAccessible(page, 'the import dialog, posts imported');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The drafts are in the list, and the outbox sends each once.
  await expect(page.getByTestId('draft-row').filter({ hasText: threadsText })).toBeVisible();
  await expect(page.getByTestId('draft-row').filter({ hasText: linkedinText })).toBeVisible();
  await expect.poll(async () => (await postsWithText(sandbox, 'threads', 101, threadsText)).length).toBe(1);
  await expect.poll(async () => (await postsWithText(sandbox, 'linkedin', 102, linkedinText)).length).toBe(1);
  expect((await postsWithText(sandbox, 'threads', 101, threadsText))[0]!.status).toBe('SCHEDULED');

  // The same file again: the dialog says so before importing it twice.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await chooseFile(page, 'week again.csv', file);
  await expect(dialog.getByText('You imported this file')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import again: 2 posts' })).toBeVisible();
  await expectAccessible(page, 'the import dialog, a file imported before');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await postsWithText(sandbox, 'threads', 101, threadsText)).toHaveLength(1);
});

test('a file without the columns it needs is refused in plain words, and nothing is imported', async ({
  page,
}) => {
  await page.getByTestId('nav-drafts').click();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import posts from a CSV file' });
  await chooseFile(page, 'notes.csv', 'title,body\nHello,World\n');
  await expect(dialog.getByText('The header row has no channel, brand or time column')).toBeVisible();
  await expectNoRawErrorText(page);
  await expectAccessible(page, 'the import dialog, a file that is not one of posts');
});
