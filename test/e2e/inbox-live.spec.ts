import { expect, test, type SandboxService } from './fixtures.ts';
import { expectAccessible } from './support/accessibility-audit.ts';

// The inbox live against a sandbox that lives, whose minutes come only when the test asks for
// one (`--live-on-request`): nothing here waits on the wall clock's minutes. The app asks the
// service every 2 s (the setting's least), and each expectation waits for what it shows.

test.use({ sandboxArgs: ['--live', '1', '--live-on-request'] });

interface LiveMinute {
  created: number[];
  replied: number[];
  triaged: number[];
}

/** Makes the sandbox's next minutes happen until one brings a new interaction; answers its id. */
async function nextArrival(sandbox: SandboxService): Promise<number> {
  for (let minute = 0; minute < 20; minute++) {
    const answer = await sandbox.request<{ data: LiveMinute }>('community', '_sandbox/live/next-minute', {
      method: 'POST',
    });
    expect(answer.status).toBe(200);
    const [created] = answer.body.data.created;
    if (created !== undefined) return created;
  }
  throw new Error('twenty minutes brought no new interaction');
}

async function unreadTotal(sandbox: SandboxService): Promise<number> {
  const answer = await sandbox.request<{ data: { total: number } }>(
    'community',
    'community_interactions/unread_interaction_counts',
    { json: { brand_ids: sandbox.brands } },
  );
  return answer.body.data.total;
}

test('a new interaction does not jump in: "1 new" over the list shows it', async ({
  page,
  sandbox,
  webShell,
}) => {
  await webShell.call('settings:update', { inboxDeltaSeconds: 2 });
  const list = page.getByTestId('inbox-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const firstRow = await list.getByRole('listitem').first().textContent();

  const id = await nextArrival(sandbox);
  const line = page.getByTestId('inbox-new-arrivals');
  await expect(line).toHaveText(/^1 new/);
  // The rows on screen stayed where they were.
  expect(await list.getByRole('listitem').first().textContent()).toBe(firstRow);
  await expectAccessible(page, 'the inbox with one new interaction offered');

  await page.keyboard.press('n');
  await expect(line).toBeHidden();
  const item = await sandbox.request<{ data: { id: number; author_username: string }[] }>(
    'community',
    `community_interactions?brand_ids=${sandbox.brands.join(',')}&id=${id}&limit=1`,
  );
  await expect(list.getByRole('listitem').first()).toContainText(item.body.data[0]!.author_username);
});

test('the page title carries the unread count, and follows what arrives', async ({
  page,
  sandbox,
  webShell,
}) => {
  await webShell.call('settings:update', { inboxDeltaSeconds: 2 });
  await expect(page).toHaveTitle(`(${(await unreadTotal(sandbox)).toLocaleString('en-US')}) Socialdesk`);
  await nextArrival(sandbox);
  await expect(page).toHaveTitle(`(${(await unreadTotal(sandbox)).toLocaleString('en-US')}) Socialdesk`);

  await webShell.call('settings:update', { unreadBadge: false });
  await page.reload();
  await expect(page.getByTestId('inbox-list')).toBeVisible();
  await expect(page).toHaveTitle('Socialdesk');
});

test('a new interaction in a chosen saved view raises a browser notification', async ({
  page,
  sandbox,
  webShell,
}) => {
  const view = (await webShell.call('inbox:save-view', { name: 'Everything new', filter: {} })) as {
    id: string;
  };
  await webShell.call('settings:update', { inboxDeltaSeconds: 2, notifyViewIds: [view.id] });
  await page.context().grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  // Notifications made by the page, as it makes them.
  await page.addInitScript(() => {
    type Made = { title: string; body?: string };
    type NotificationClass = new (title: string, options?: { body?: string }) => object;
    const scope = globalThis as unknown as { Notification: NotificationClass; notificationsMade: Made[] };
    const made: Made[] = (scope.notificationsMade = []);
    const Original = scope.Notification;
    class Recorded extends Original {
      constructor(title: string, options?: { body?: string }) {
        super(title, options);
        made.push({ title, body: options?.body });
      }
    }
    Object.defineProperty(globalThis, 'Notification', { value: Recorded });
  });
  await page.reload();
  await expect(page.getByTestId('inbox-list')).toBeVisible();
  const settled = page.getByText('Everything new');
  await expect(settled.first()).toBeVisible();

  await nextArrival(sandbox);
  await expect
    .poll(() =>
      page.evaluate(() => (globalThis as unknown as { notificationsMade: unknown[] }).notificationsMade),
    )
    .toEqual([{ title: 'New in Everything new', body: expect.stringMatching(/^@\S+/) }]);
});

test('the title carries the unread count from the start, on a page other than the inbox', async ({
  page,
  sandbox,
  webShell,
}) => {
  await webShell.call('settings:update', { inboxDeltaSeconds: 2 });
  // Started on Settings: the inbox is never opened.
  await page.goto(page.url().replace(/#.*$/, '#/settings'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`(${(await unreadTotal(sandbox)).toLocaleString('en-US')}) Socialdesk`);
  await nextArrival(sandbox);
  await expect(page).toHaveTitle(`(${(await unreadTotal(sandbox)).toLocaleString('en-US')}) Socialdesk`);
  expect(page.url()).toMatch(/#\/settings/);
});

test('Settings, Live inbox: the interval checked in words, the unread count and each saved view switched', async ({
  page,
  sandbox,
  webShell,
}) => {
  const view = (await webShell.call('inbox:save-view', { name: 'Everything new', filter: {} })) as {
    id: string;
  };
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByTestId('live-inbox-card');
  await expect(card.getByText('Live inbox', { exact: true })).toBeVisible();

  const interval = card.getByRole('textbox', { name: 'Check for new interactions every (seconds)' });
  await expect(interval).toHaveValue('30');
  await interval.fill('1');
  await interval.press('Enter');
  await expect(card.getByText('Ask at most every 2 seconds.')).toBeVisible();
  await interval.fill('soon');
  await interval.press('Enter');
  await expect(card.getByText('Write a whole number of seconds, such as 30.')).toBeVisible();
  await interval.fill('45');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Saved.')).toBeVisible();
  expect(((await webShell.call('settings:get')) as { inboxDeltaSeconds: number }).inboxDeltaSeconds).toBe(45);

  const viewSwitch = card.getByRole('switch', { name: 'Notify me of new interactions in “Everything new”' });
  await expect(viewSwitch).toHaveAttribute('aria-checked', 'false');
  await viewSwitch.click();
  await expect(viewSwitch).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => ((await webShell.call('settings:get')) as { notifyViewIds: string[] }).notifyViewIds)
    .toEqual([view.id]);
  // With notifications off, no view can be chosen.
  await card.getByRole('switch', { name: 'Notify me of new interactions in saved views' }).click();
  await expect(viewSwitch).toBeDisabled();
  await card.getByRole('switch', { name: 'Notify me of new interactions in saved views' }).click();
  await expect(viewSwitch).toBeEnabled();

  const total = `(${(await unreadTotal(sandbox)).toLocaleString('en-US')}) Socialdesk`;
  await expect(page).toHaveTitle(total);
  const badge = card.getByRole('switch', { name: 'Show the unread count' });
  await badge.click();
  await expect(page).toHaveTitle('Socialdesk');
  await badge.click();
  await expect(page).toHaveTitle(total);

  await expectAccessible(page, 'the Live inbox section of Settings');
});

test('Settings, Live inbox: "Allow notifications" says what the browser answered', async ({ page }) => {
  await page.getByRole('link', { name: 'Settings' }).click();
  const card = page.getByTestId('live-inbox-card');
  await expect(card.getByText('The browser has not been asked yet')).toBeVisible();
  // The person says yes to the browser's question.
  await page.context().grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await card.getByRole('button', { name: 'Allow notifications' }).click();
  await expect(card.getByText('This browser shows Socialdesk’s notifications.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Allow notifications' })).toBeHidden();
});

test('a saved view’s bell chooses it for notifications', async ({ page, webShell }) => {
  const view = (await webShell.call('inbox:save-view', { name: 'Everything new', filter: {} })) as {
    id: string;
  };
  await page.reload();
  const entry = page.getByTestId('saved-view').filter({ hasText: 'Everything new' });
  await entry.hover();
  const bell = entry.getByRole('button', { name: 'Notify me of new interactions in “Everything new”' });
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.click();
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await webShell.call('settings:get')) as { notifyViewIds: string[] }).notifyViewIds)
    .toEqual([view.id]);
  await expectAccessible(page, 'the inbox with a saved view that notifies');
});
