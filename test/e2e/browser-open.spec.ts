import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fakeOpener, launcherTarget } from '../main/web/support/fake-opener.ts';
import { expect, launchWebShell, shellTest as test } from './fixtures.ts';
import { stop } from './support/json-process.ts';
import { filesUnder } from './support/leak-sources.ts';

// `npm start` without Electron runs the browser shell with --open. What a browser keeps after
// that, it keeps in its profile folder: this test gives Chromium a real one and reads it back.
test('--open: no code on the opener command line, and the browser profile keeps no usable credential', async ({
  playwright,
  launchOptions,
}) => {
  // Two processes and a browser of its own: more than the usual 30 s on a busy machine.
  test.slow();
  const folder = mkdtempSync(join(tmpdir(), 'socialdesk-open-e2e-'));
  // The browser the opener would start, with a profile folder that outlives it. Started first, so
  // the opened link's minute is spent on opening it, not on starting Chromium.
  const profile = join(folder, 'chromium-profile');
  const context = await playwright.chromium.launchPersistentContext(profile, launchOptions);
  const opener = fakeOpener();
  let shell: Awaited<ReturnType<typeof launchWebShell>> | undefined;
  try {
    shell = await launchWebShell(join(folder, 'data'), {
      args: ['--open'],
      env: { PATH: `${opener.bin}:${process.env.PATH}`, DISPLAY: ':99' },
    });
    const { info, nextJson } = shell;
    expect(await nextJson((line) => 'browser' in line)).toEqual({ browser: 'opened' });
    const { argv, html } = opener.record();
    expect(argv).toHaveLength(1);
    expect(argv[0]).not.toMatch(/code|connect|127\.0\.0\.1|[0-9a-f]{32}/);
    const openedCode = new URL(launcherTarget(html)).searchParams.get('code')!;

    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(pathToFileURL(argv[0]!).href);
    await page.waitForURL(`${info.origin}/**`);
    await expect(page.getByRole('heading', { name: 'Welcome to Socialdesk' })).toBeVisible();
    await expect(page).not.toHaveURL(/code=/);
    // Its code is spent, so the page that held it is gone too.
    expect(existsSync(argv[0]!)).toBe(false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Socialdesk' })).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    const secret = cookies[0]!.value;
    await context.close();

    const files = filesUnder(profile);
    for (const file of files) expect(file.text, file.path).not.toContain(secret);
    // History does keep the link the browser went through, code and all: spent, it opens nothing.
    const kept = new Set(
      files.flatMap((file) => [...file.text.matchAll(/connect\?code=([0-9a-f]{32})/g)].map((m) => m[1]!)),
    );
    expect([...kept]).toContain(openedCode);
    for (const code of kept) {
      const answer = await fetch(`${info.origin}/connect?code=${code}`, { redirect: 'manual' });
      expect(answer.headers.getSetCookie(), `code ${code} from the profile`).toEqual([]);
    }
  } finally {
    await context.close();
    if (shell) await stop(shell.child);
    opener.remove();
    rmSync(folder, { recursive: true, force: true });
  }
});
