import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../src/shared/contract/index.ts';
import { giveDraftListsAViewport, installFakeDrafts } from '../../helpers/fake-drafts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { arrivedAt, freshPageForEachTest, mountApp, screenText } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();
giveDraftListsAViewport();

const failure = {
  code: 'invalid_input' as const,
  message: 'A SCHEDULED post needs a timestamp in the future.',
  wording: 'machine' as const,
  fieldErrors: { timestamp: ['Must be after the current time.'] },
  fieldRules: [{ field: 'timestamp', rule: 'after' as const, bound: '2026-11-23T12:00:00Z' }],
  status: 422,
};
const drafts: Partial<Draft>[] = [
  { channel: 'threads', fields: { text: 'Coffee launch on Monday' }, state: 'local' },
  { channel: 'twitter', fields: { text: 'Spring menu thread' }, state: 'failed', error: failure },
  { channel: 'linkedin', fields: { text: 'Hiring baristas' }, state: 'synced', postId: 9 },
  { channel: 'instagram', brandId: 102, fields: { caption: 'Latte art' }, state: 'conflict', postId: 4 },
];

async function openList() {
  const preload = createFakePreload().install();
  const fake = installFakeDrafts(preload, drafts);
  ({ wrapper } = await mountApp('/drafts'));
  await flushPromises();
  return { preload, fake };
}

const rows = () => wrapper.findAll('[data-testid="draft-row"]');
const rowOf = (text: string) => rows().find((r) => r.text().includes(text))!;

describe('the drafts list', () => {
  it('shows each draft with its state, the latest saved first, and why one failed', async () => {
    await openList();
    expect(rows().map((r) => r.get('[data-testid="draft-preview"]').text())).toEqual([
      'Latte art',
      'Hiring baristas',
      'Spring menu thread',
      'Coffee launch on Monday',
    ]);
    expect(rows().map((r) => r.get('[data-testid="draft-state"]').text())).toEqual([
      'Conflict',
      'Synced',
      'Failed',
      'On this computer',
    ]);
    // Why, in the person's words and time zone: the field and the time to pick, no machine text.
    expect(rowOf('Spring menu').get('[data-testid="draft-why"]').text()).toMatch(
      /^Publish time: pick a time after \d\d:\d\d( [AP]M)? (today|tomorrow|yesterday|on .+)\./,
    );
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('4 drafts');
  });

  it('reaches every draft, however many, reading them page by page as they come into view', async () => {
    const preload = createFakePreload().install();
    const many = Array.from({ length: 620 }, (_, n) => ({ fields: { text: `Draft number ${n + 1}` } }));
    installFakeDrafts(preload, many);
    ({ wrapper } = await mountApp('/drafts'));
    await flushPromises();
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('620 drafts');
    expect(rows()[0]!.get('[data-testid="draft-preview"]').text()).toBe('Draft number 620');
    // Not the whole list at once: the first page only.
    expect(preload.inputsOf('drafts:list').map((input) => input.offset ?? 0)).toEqual([0]);

    const scroller = wrapper.get('[data-testid="virtual-list"]').element as HTMLElement;
    scroller.scrollTop = 619 * 64;
    scroller.dispatchEvent(new Event('scroll'));
    await vi.waitFor(
      async () => {
        await flushPromises();
        expect(rows().map((r) => r.get('[data-testid="draft-preview"]').text())).toContain('Draft number 1');
      },
      { timeout: 10_000 },
    );
  });

  it('searches the texts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { preload } = await openList();
    await wrapper.get('[data-testid="drafts-search"] input').setValue('COFFEE monday');
    await vi.advanceTimersByTimeAsync(300);
    await flushPromises();
    expect(preload.inputsOf('drafts:list').at(-1)).toMatchObject({ query: { search: 'COFFEE monday' } });
    expect(rows().map((r) => r.get('[data-testid="draft-preview"]').text())).toEqual([
      'Coffee launch on Monday',
    ]);
    expect(wrapper.get('[data-testid="page-subtitle"]').text()).toBe('1 draft found');
  });

  it('retries a failed draft from its row, and the chip follows the outbox', async () => {
    const { preload, fake } = await openList();
    await rowOf('Spring menu').get('[data-testid="draft-row-retry"]').trigger('click');
    await flushPromises();
    const failed = [...fake.drafts.values()].find((d) => d.fields.text === 'Spring menu thread')!;
    expect(preload.inputsOf('drafts:retry')).toEqual([{ ids: [failed.id] }]);
    expect(rowOf('Spring menu').get('[data-testid="draft-state"]').attributes('data-state')).toBe('queued');

    fake.update(failed.id, { state: 'syncing' });
    await flushPromises();
    expect(rowOf('Spring menu').get('[data-testid="draft-state"]').text()).toBe('Syncing…');
    fake.update(failed.id, { state: 'synced', postId: 12 });
    await flushPromises();
    expect(rowOf('Spring menu').get('[data-testid="draft-state"]').text()).toBe('Synced');
  });

  it('Sync queues every draft with changes the service does not have', async () => {
    const { preload, fake } = await openList();
    await wrapper.get('[data-testid="drafts-sync"]').trigger('click');
    await flushPromises();
    const local = [...fake.drafts.values()].find((d) => d.fields.text === 'Coffee launch on Monday')!;
    expect(preload.inputsOf('drafts:sync')).toEqual([{ id: local.id }]);
    expect(rowOf('Coffee launch').get('[data-testid="draft-state"]').attributes('data-state')).toBe('queued');
  });

  it('Sync without a token says the drafts wait for it, not that they are being sent', async () => {
    const { preload } = await openList();
    preload.emit('drafts:connection', { state: 'no_token', retryAt: null });
    await flushPromises();
    await wrapper.get('[data-testid="drafts-sync"]').trigger('click');
    await flushPromises();
    expect(screenText()).toContain('The drafts wait for the token: enter it again in Settings.');
    expect(screenText()).not.toContain('queued.');
  });

  it('starts a new draft from /drafts/new and replaces the address with the draft', async () => {
    const preload = createFakePreload().install();
    const fake = installFakeDrafts(preload);
    const mounted = await mountApp('/drafts/new?channel=twitter');
    wrapper = mounted.wrapper;
    await arrivedAt(mounted.router, 'draft');
    await flushPromises();
    const draft = fake.only();
    expect(draft).toMatchObject({ channel: 'twitter', brandId: 101 });
    expect(mounted.router.currentRoute.value.fullPath).toBe(`/drafts/${draft.id}`);
    expect(wrapper.get('[data-testid="draft-composer"]').attributes('data-draft')).toBe(draft.id);
  });
});

describe('the connection indicator in the shell', () => {
  it('says online or offline and how the sync goes, as main tells it', async () => {
    const { preload } = await openList();
    const indicator = () => wrapper.get('[data-testid="connection-indicator"]');
    expect(indicator().attributes('data-state')).toBe('online');
    preload.emit('drafts:connection', { state: 'offline', retryAt: null });
    preload.emit('sync:progress', { pending: 3, done: 0, failed: 1 });
    await flushPromises();
    expect(indicator().get('[data-testid="connection-label"]').text()).toBe('Offline');
    expect(indicator().get('[data-testid="sync-progress"]').text()).toBe('3 waiting to sync · 1 need you');
    preload.emit('drafts:connection', { state: 'online', retryAt: null });
    preload.emit('sync:progress', { pending: 2, done: 1, failed: 1 });
    await flushPromises();
    expect(indicator().get('[data-testid="connection-label"]').text()).toBe('Online');
    expect(indicator().get('[data-testid="sync-progress"]').text()).toBe('Syncing 2… · 1 need you');
  });

  it('says a token is needed while the outbox holds the drafts for one, and what to do', async () => {
    const { preload } = await openList();
    const indicator = () => wrapper.get('[data-testid="connection-indicator"]');
    preload.emit('drafts:connection', { state: 'no_token', retryAt: null });
    preload.emit('sync:progress', { pending: 3, done: 0, failed: 0 });
    await flushPromises();
    expect(indicator().attributes('data-state')).toBe('no_token');
    expect(indicator().get('[data-testid="connection-label"]').text()).toBe('Token needed');
    expect(indicator().get('[data-testid="sync-progress"]').text()).toBe(
      '3 waiting: enter the token in Settings',
    );
    expect(indicator().attributes('aria-label')).toBe('Token needed: 3 waiting: enter the token in Settings');
  });
});
