import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type SandboxService, type WebShellProcess } from './fixtures.ts';
import { callsByFetch } from './support/bridge-recorder.ts';
import { expectGroupsAsInSandbox } from './support/tags-page.ts';

// At start the app reads the profile list and the chosen brands while the first page opens; a
// bookmark, or a link clicked at once, may name another page before or after those reads answer.
// Each order is made here on purpose, by holding the reads' answers until the test lets them go,
// and every time the page named last is the one on screen, with its rows as the sandbox has them.

test.use({ chosenBrands: [101] });

/** A bridge call of the page whose answer waits until the test releases it. */
interface HeldCall {
  /** Resolves once the page has made the call. */
  asked: Promise<void>;
  release(): void;
}

async function hold(page: Page, name: string): Promise<HeldCall> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const askedOnce = new Promise<void>((resolve) => (asked = resolve));
  await page.route(`**/bridge/call/${name}`, async (route) => {
    asked();
    await released;
    // The page may have gone (or dropped the call) meanwhile: nothing is left to answer then.
    await route.continue().catch(() => {});
  });
  return { asked: askedOnce, release };
}

interface Area {
  path: string;
  heading: string;
  /** Waits until the area shows the rows the sandbox has for brand 101. */
  showsItsRows(page: Page, sandbox: SandboxService): Promise<void>;
}

const areas: Area[] = [
  {
    path: '/campaigns',
    heading: 'Campaigns',
    async showsItsRows(page, sandbox) {
      const newest = await sandbox.request<{ data: { id: number; name: string }[] }>(
        'library',
        '/brands/101/campaigns?limit=1',
      );
      const first = newest.body.data[0]!;
      const row = page.getByTestId('campaign-row').first();
      await expect(row).toHaveAttribute('data-id', String(first.id));
      await expect(row.getByTestId('campaign-name')).toHaveText(first.name);
    },
  },
  {
    path: '/scheduler',
    heading: 'Scheduler',
    // This week's posts (the seeded sandbox has some in any week): scheduler.spec.ts checks which.
    showsItsRows: (page) => expect(page.locator('.post-event').first()).toBeVisible(),
  },
  {
    path: '/tags',
    heading: 'Tags',
    showsItsRows: (page, sandbox) => expectGroupsAsInSandbox(page, sandbox, [101]),
  },
  {
    path: '/reports',
    heading: 'Reports',
    // A new report is on the chosen brands.
    showsItsRows: (page) => expect(page.getByTestId('report-brands')).toContainText('Brand 101'),
  },
];

/** A page of its own, opened through a fresh link (each link works once). */
async function openPage(context: BrowserContext, webShell: WebShellProcess) {
  const page = await context.newPage();
  // By fetch, where the test can hold the reads' answers.
  await callsByFetch(page);
  const profileList = await hold(page, 'accounts:list');
  const brands = await hold(page, 'brands:get');
  return { page, profileList, brands, open: async () => page.goto(await webShell.freshUrl()) };
}

/** What a bookmark or a quick click does: the address changes, the document stays. */
async function goTo(page: Page, webShell: WebShellProcess, path: string): Promise<void> {
  await page.goto(new URL(`/#${path}`, webShell.origin).href);
}

async function expectArea(page: Page, sandbox: SandboxService, area: Area): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`#${area.path}$`));
  await expect(page.getByRole('heading', { name: area.heading, level: 1 })).toBeVisible();
  await area.showsItsRows(page, sandbox);
}

test('a page named before the profile list and the brands answer opens, with its rows', async ({
  context,
  webShell,
  sandbox,
  sandboxProfile,
}) => {
  expect(sandboxProfile.chosenBrands).toEqual([101]);
  for (const [index, area] of areas.entries()) {
    await test.step(area.path, async () => {
      const { page, profileList, brands, open } = await openPage(context, webShell);
      await open();
      await Promise.all([profileList.asked, brands.asked]);
      await goTo(page, webShell, area.path);
      // Both orders of the two answers, one area after the other.
      const [first, second] = index % 2 === 0 ? [profileList, brands] : [brands, profileList];
      first.release();
      second.release();
      await expectArea(page, sandbox, area);
      await page.close();
    });
  }
});

test('a page named after the profile list answered but before the brands did opens, with its rows', async ({
  context,
  webShell,
  sandbox,
  sandboxProfile,
}) => {
  expect(sandboxProfile.chosenBrands).toEqual([101]);
  for (const area of areas) {
    await test.step(area.path, async () => {
      const { page, profileList, brands, open } = await openPage(context, webShell);
      profileList.release();
      await open();
      // The first page is decided (its address is written): the profile list has answered.
      await expect(page).toHaveURL(/#\/inbox$/);
      await brands.asked;
      await goTo(page, webShell, area.path);
      await expect(page).toHaveURL(new RegExp(`#${area.path}$`));
      // While the brands are on their way, no page says that none is chosen.
      await expect(page.getByTestId('app-starting')).toBeAttached();
      await expect(page.getByText('No brand chosen')).toHaveCount(0);
      brands.release();
      await expectArea(page, sandbox, area);
      await page.close();
    });
  }
});

test('a page named once the start-up reads have answered opens, with its rows', async ({
  context,
  webShell,
  sandbox,
  sandboxProfile,
}) => {
  expect(sandboxProfile.chosenBrands).toEqual([101]);
  const { page, profileList, brands, open } = await openPage(context, webShell);
  profileList.release();
  brands.release();
  await open();
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();
  await goTo(page, webShell, '/campaigns');
  await expectArea(page, sandbox, areas[0]!);
});
