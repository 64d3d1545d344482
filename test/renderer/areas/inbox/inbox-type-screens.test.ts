import { flushPromises } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { listedTypes } from '../../../../src/renderer/src/areas/inbox/inbox-store.ts';
import { giveListsAViewport, installFakeInbox } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

/**
 * The side panel's types read ahead (use-type-screens.ts): once the list shows its rows, each
 * type's first screen is asked of main's copy of the inbox, so a type picked shows at once.
 */
freshPageForEachTest();
giveListsAViewport();

async function openInbox(path: string) {
  const preload = createFakePreload().install();
  installFakeInbox(preload, { count: 200, readAhead: true });
  const { wrapper, router } = await mountApp(path);
  await flushPromises();
  return { preload, wrapper, router };
}

const rowTypes = (wrapper: Awaited<ReturnType<typeof openInbox>>['wrapper']) =>
  wrapper.findAll('[data-testid="inbox-row"]').map((row) => row.attributes('data-type'));

describe('the side panel\u2019s types, read ahead', () => {
  it('reads each type\u2019s first screen once the list shows, and shows a type picked at once, with no call', async () => {
    const { preload, wrapper } = await openInbox('/inbox?read=no');
    await expect.poll(() => preload.inputsOf('inbox:first-screen').length).toBe(listedTypes.length);
    expect(preload.inputsOf('inbox:first-screen').map((input) => input.filter)).toEqual(
      listedTypes.map((type) => ({ types: [type], read: false, archived: false })),
    );
    const listed = preload.inputsOf('inbox:list').length;
    await wrapper.get('[data-testid="type-entry"][data-type="TIKTOK_COMMENT"]').trigger('click');
    await flushPromises();
    const shown = rowTypes(wrapper);
    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['TIKTOK_COMMENT']));
    expect(
      wrapper.findAll('[data-testid="inbox-row"]').every((row) => row.attributes('data-read') === 'no'),
    ).toBe(true);
    expect(preload.inputsOf('inbox:list').length).toBe(listed);
    // Read again once the person stays on it.
    await expect
      .poll(() => preload.inputsOf('inbox:list').at(-1)?.query.filter, { timeout: 10_000 })
      .toEqual({ types: ['TIKTOK_COMMENT'], read: false, archived: false });
  });

  it('reads none ahead for a search', async () => {
    const { preload } = await openInbox('/inbox?q=refund');
    await expect.poll(() => preload.inputsOf('inbox:list').length).toBeGreaterThan(0);
    await flushPromises();
    expect(preload.inputsOf('inbox:first-screen')).toEqual([]);
  });
});
