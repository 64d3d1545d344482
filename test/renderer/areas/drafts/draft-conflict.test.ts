import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { installFakeDrafts } from '../../helpers/fake-drafts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';
import { wordsShown } from '../../helpers/words-shown.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

const remoteUpdatedAt = '2026-11-23T12:05:00Z';
const conflict = {
  mine: { caption: 'Summer sale: 30% off', first_comment: 'Link in bio', share_to_feed: true },
  remote: { caption: 'Summer sale (ends Friday)', first_comment: 'Shop now', share_to_feed: true },
  remotePost: null,
  remoteUpdatedAt,
  base: { caption: 'Summer sale', first_comment: 'Link in bio', share_to_feed: true },
  differing: ['caption', 'first_comment'],
};

async function openConflict(
  remote: typeof conflict.remote | null = conflict.remote,
  differing = conflict.differing,
) {
  const preload = createFakePreload().install();
  const fake = installFakeDrafts(preload, [
    {
      channel: 'instagram',
      postId: 7,
      baseUpdatedAt: '2026-11-23T12:00:00Z',
      state: 'conflict',
      fields: { caption: 'Summer sale: 30% off' },
      conflict: { ...conflict, remote, differing },
    },
  ]);
  const { id } = fake.only();
  ({ wrapper } = await mountApp(`/drafts/${id}`));
  await flushPromises();
  return { preload, id };
}

const row = (field: string) => wrapper.get(`[data-testid="conflict-field"][data-field="${field}"]`);
const resolveButton = () => wrapper.get('[data-testid="conflict-resolve"]');

describe('the conflict view', () => {
  it('shows both versions of each differing field, and who changed it', async () => {
    await openConflict();
    expect(wrapper.find('[data-testid="draft-text"]').exists()).toBe(false);
    expect(wrapper.findAll('[data-testid="conflict-field"]').map((r) => r.attributes('data-field'))).toEqual([
      'caption',
      'first_comment',
    ]);
    expect(row('caption').get('[data-testid="mine-value"]').text()).toBe('Summer sale: 30% off');
    expect(row('caption').get('[data-testid="theirs-value"]').text()).toBe('Summer sale (ends Friday)');
    expect(row('caption').text()).toContain('changed here');
    expect(row('first_comment').text()).not.toContain('changed here');
    expect(row('first_comment').text()).toContain('changed there');
  });

  it('counts one field left to choose in the singular', async () => {
    await openConflict(conflict.remote, ['caption']);
    expect(wrapper.get('[data-testid="conflict-undecided"]').text()).toBe('1 of 1 field to choose');
  });

  it('sends nothing until every field has a choice, then the merge chosen field by field', async () => {
    const { preload, id } = await openConflict();
    expect(resolveButton().attributes('disabled')).toBeDefined();
    await row('caption').get('[data-testid="choose-theirs-caption"] input').setValue(true);
    await flushPromises();
    expect(wrapper.get('[data-testid="conflict-undecided"]').text()).toBe('1 of 2 fields to choose');
    expect(resolveButton().attributes('disabled')).toBeDefined();
    await row('first_comment').get('[data-testid="choose-mine-first_comment"] input').setValue(true);
    await flushPromises();
    expect(resolveButton().attributes('disabled')).toBeUndefined();

    await resolveButton().trigger('click');
    await flushPromises();
    expect(preload.inputsOf('drafts:resolve')).toEqual([
      {
        id,
        fields: { caption: 'Summer sale (ends Friday)', first_comment: 'Link in bio', share_to_feed: true },
        remoteUpdatedAt,
      },
    ]);
    // Queued again with the merge: the form is back, showing it.
    expect(wrapper.find('[data-testid="draft-conflict"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="draft-state"]').attributes('data-state')).toBe('queued');
    expect((wrapper.get('[data-testid="draft-caption"] textarea').element as HTMLTextAreaElement).value).toBe(
      'Summer sale (ends Friday)',
    );
  });

  it('takes every field from one side at once', async () => {
    const { preload } = await openConflict();
    await wrapper.get('[data-testid="choose-all-theirs"]').trigger('click');
    await resolveButton().trigger('click');
    await flushPromises();
    expect(preload.inputsOf('drafts:resolve')[0]!.fields).toEqual(conflict.remote);
  });

  it('says when the two versions could not be read, and reads them again on Retry', async () => {
    const preload = createFakePreload().install();
    const fake = installFakeDrafts(preload, [
      { channel: 'instagram', postId: 7, state: 'queued', fields: { caption: 'Summer sale: 30% off' } },
    ]);
    const { id } = fake.only();
    ({ wrapper } = await mountApp(`/drafts/${id}`));
    await flushPromises();
    preload.answer('drafts:get', () => ({
      ok: false,
      error: { code: 'offline', message: 'fetch failed', wording: 'machine', fieldErrors: {} },
    }));
    fake.update(id, { state: 'conflict', conflict }); // as the outbox finds the post changed
    await flushPromises();
    const failed = wrapper.get('[data-testid="draft-composer"] [data-testid="state-error"]');
    expect(wordsShown(failed)).toContain('Could not read both versions');
    expect(wordsShown(failed)).not.toContain('fetch failed');

    preload.answer('drafts:get', () => ({ ok: true, value: fake.drafts.get(id)! }));
    await failed.get('[data-testid="retry"]').trigger('click');
    await flushPromises();
    expect(wrapper.findAll('[data-testid="conflict-field"]').map((r) => r.attributes('data-field'))).toEqual([
      'caption',
      'first_comment',
    ]);
  });

  it('offers to create a post deleted on the service again with this version', async () => {
    const { preload } = await openConflict(null);
    expect(resolveButton().text()).toBe('Create it again');
    expect(wrapper.text()).toContain('This post was deleted on the service');
    await resolveButton().trigger('click');
    await flushPromises();
    expect(preload.inputsOf('drafts:resolve')[0]).toMatchObject({ fields: conflict.mine, remoteUpdatedAt });
  });
});
