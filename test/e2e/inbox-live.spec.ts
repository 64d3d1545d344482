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
