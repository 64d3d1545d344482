import { describe, expect, it } from 'vitest';
import { startOpener } from '../../../src/main/web/file-manager.ts';

// The real spawn, with commands that exit at once: the answer follows the exit code.
describe.runIf(process.platform !== 'win32')('startOpener', () => {
  it('answers true when the opener exits 0', async () => {
    expect(await startOpener('true', [])).toBe(true);
  });

  it('answers false when the opener fails', async () => {
    expect(await startOpener('false', [])).toBe(false);
  });

  it('answers false when there is no such command', async () => {
    expect(await startOpener('socialdesk-no-such-opener', [])).toBe(false);
  });
});
