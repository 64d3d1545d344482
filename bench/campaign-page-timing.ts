/**
 * How long a campaign detail page takes to show every group, in Chromium against the sandbox:
 * the figure of issue 16 beside the export's (export-bench.ts runs it; this file is a part of that
 * benchmark, not one of its own). It drives the built app (`npm run build` first) through the
 * browser shell on a fresh user-data folder, with a profile on the given sandbox.
 *
 * One round: from the moment the address names a campaign (the list is on screen, as when a
 * person opens one) until the page shows its topline, the chart and one card for every group of
 * the statistics overview, as the sandbox answers it. Read in the page, after each animation
 * frame, so the time is what the page itself took. Each round opens a campaign not opened before,
 * so neither main's brief cache nor the page's own state help; a first round (the detail page's
 * code loading) is not counted.
 */
import { launchChromium, startShellWithProfile, type SandboxReady } from './support/browser-shell.ts';

const BRAND = 101;

/** Times `rounds` campaign pages; answers each round's milliseconds. */
export async function timeCampaignPages(sandbox: SandboxReady, rounds: number): Promise<number[]> {
  const get = async <T>(path: string) => {
    const response = await fetch(`${sandbox.urls.library}${path}`, {
      headers: { authorization: `Bearer ${sandbox.tokens.user}` },
    });
    return (await response.json()) as T;
  };
  const { data: campaigns } = await get<{ data: { id: number }[] }>(
    `/brands/${BRAND}/campaigns?limit=${rounds + 1}&summary=true`,
  );
  if (campaigns.length < rounds + 1) throw new Error(`brand ${BRAND} has fewer than ${rounds + 1} campaigns`);

  const shell = await startShellWithProfile(sandbox, 'Bench');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(await shell.freshUrl()); // the link sets the page's session with the shell
    // A load of its own starts the app on the campaigns' route, as a bookmark does. Not a hash
    // change then a reload: Chromium sometimes reloaded the entry from before the hash change
    // (the page had seen the change and left at #/campaigns, the new document began at #/inbox).
    await page.goto('about:blank');
    await page.goto(new URL('/#/campaigns', shell.origin).href);
    await page.getByTestId('campaign-row').first().waitFor();

    const times: number[] = [];
    for (const [index, { id }] of campaigns.entries()) {
      const overview = await get<{ data: object }>(`/brands/${BRAND}/campaigns/${id}/stats/overview`);
      const groups = Object.keys(overview.data).length;
      const ms = await page.evaluate(
        ({ id, brand, groups }) => {
          const started = performance.now();
          location.hash = `#/campaigns/${id}?brand=${brand}`;
          return new Promise<number>((resolve) => {
            const check = () => {
              const shown =
                document.querySelectorAll('[data-testid="stats-group"]').length === groups &&
                document.querySelector('[data-testid="campaign-topline"]') !== null &&
                document.querySelector('[data-testid="stats-chart"] svg') !== null;
              if (shown) resolve(performance.now() - started);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          });
        },
        { id, brand: BRAND, groups },
      );
      if (index > 0) times.push(ms); // the first round loads the page's code
      await page.evaluate(() => (location.hash = '#/campaigns'));
      await page.getByTestId('campaign-row').first().waitFor();
    }
    return times;
  } finally {
    await browser.close();
    await shell.stop();
  }
}
