import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOneTimeCodes } from '../../../src/main/web/one-time-codes.ts';
import { openInBrowser } from '../../../src/main/web/open-browser.ts';
import { fakeOpener, launcherTarget } from './support/fake-opener.ts';

const clock = 0;
const openers: ReturnType<typeof fakeOpener>[] = [];
const codes = createOneTimeCodes({ now: () => clock });

function link() {
  const { code, expiresAt, redeemed } = codes.issue();
  return { code, url: `http://127.0.0.1:1/connect?code=${code}`, expiresAt, redeemed };
}

function withOpener(exitCode = 0) {
  const opener = fakeOpener(exitCode);
  openers.push(opener);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${opener.bin}:${process.env.PATH}`,
    DISPLAY: ':99',
  };
  return { opener, env };
}

afterEach(() => {
  vi.useRealTimers();
  for (const opener of openers.splice(0)) opener.remove();
});

describe('opening a link in the browser', () => {
  it('deletes the launcher page once its code is spent', async () => {
    const { opener, env } = withOpener();
    const shellLink = link();
    const opening = openInBrowser(shellLink, { env, platform: 'linux', now: () => clock });
    expect(await opening.outcome).toEqual({ opened: true });
    expect(launcherTarget(opener.record().html)).toBe(shellLink.url);
    expect(existsSync(opening.launcher!)).toBe(true);

    expect(codes.redeem(shellLink.code)).toBe(true);
    await opening.removed;
    expect(existsSync(opening.launcher!)).toBe(false);
  });

  it('deletes the launcher page when its code expires unspent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { env } = withOpener();
    const opening = openInBrowser(link(), { env, platform: 'linux', now: () => clock });
    expect(await opening.outcome).toEqual({ opened: true });

    await vi.advanceTimersByTimeAsync(59_999);
    expect(existsSync(opening.launcher!)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await opening.removed;
    expect(existsSync(opening.launcher!)).toBe(false);
  });

  it('reports an opener that fails', async () => {
    const { env } = withOpener(3);
    const opening = openInBrowser(link(), { env, platform: 'linux', now: () => clock });
    expect(await opening.outcome).toEqual({ opened: false, reason: 'xdg-open ended with exit code 3' });
  });

  it('says why when it cannot write the launcher page, and opens nothing', async () => {
    const { opener, env } = withOpener();
    vi.stubEnv('TMPDIR', '/nonexistent/socialdesk-tmp');
    const opening = openInBrowser(link(), { env, platform: 'linux' });
    vi.unstubAllEnvs();
    expect(await opening.outcome).toMatchObject({
      opened: false,
      reason: expect.stringContaining('could not be written'),
    });
    expect(opener.ran()).toBe(false);
  });

  it('writes nothing and opens nothing without a display', async () => {
    const { opener, env } = withOpener();
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const opening = openInBrowser(link(), { env, platform: 'linux' });
    expect(await opening.outcome).toMatchObject({
      opened: false,
      reason: expect.stringContaining('no display'),
    });
    expect(opening.launcher).toBeUndefined();
    expect(opener.ran()).toBe(false);
  });
});
