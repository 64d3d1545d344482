import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Router } from 'vue-router';
import type { Draft } from '../../../../src/shared/contract/index.ts';
import { installFakeDrafts } from '../../helpers/fake-drafts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { detailsText, wordsShown } from '../../helpers/words-shown.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
let router: Router;
freshPageForEachTest();

async function openDraft(draft: Partial<Draft>) {
  const preload = createFakePreload().install();
  const fake = installFakeDrafts(preload, [draft]);
  const { id } = fake.only();
  ({ wrapper, router } = await mountApp(`/drafts/${id}`));
  await flushPromises();
  return { preload, fake, id };
}

/** The form item of a field path, and what it says under the field. */
const fieldAt = (path: string) => wrapper.get(`[data-field="${path}"]`);
const feedbackAt = (path: string) => {
  const feedback = fieldAt(path).find('.n-form-item-feedback');
  return feedback.exists() ? feedback.text() : '';
};

async function type(selector: string, value: string) {
  const input = wrapper.get(selector).find('textarea, input');
  await input.setValue(value);
  await flushPromises();
}

describe('the composer', () => {
  it('counts a Threads text against 500 and says so at the field past it', async () => {
    await openDraft({ channel: 'threads', fields: { text: 'Hello' } });
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe('5 / 500');
    await type('[data-testid="draft-text"]', 'x'.repeat(501));
    // Past the bound the counter says it in words, and the field does not say it twice.
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe(
      '501 characters, 1 more than the 500 allowed.',
    );
    expect(feedbackAt('text')).toBe('');
  });

  it('counts a LinkedIn text against 3000', async () => {
    await openDraft({ channel: 'linkedin', fields: { text: 'y'.repeat(2999) } });
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe('2,999 / 3,000');
    await type('[data-testid="draft-text"]', 'y'.repeat(3001));
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe(
      '3,001 characters, 1 more than the 3,000 allowed.',
    );
  });

  it('writes an Instagram caption and first comment into their own fields', async () => {
    const { fake, id } = await openDraft({ channel: 'instagram', fields: { caption: 'Summer sale' } });
    expect((wrapper.get('[data-testid="draft-caption"] textarea').element as HTMLTextAreaElement).value).toBe(
      'Summer sale',
    );
    await type('[data-testid="draft-caption"]', 'Summer sale: 30% off');
    await type('[data-testid="draft-first_comment"]', 'Link in bio');
    await router.push('/drafts');
    await flushPromises();
    expect(fake.drafts.get(id)!.fields).toEqual({
      caption: 'Summer sale: 30% off',
      first_comment: 'Link in bio',
    });
  });

  it('counts a tweet as X does: a link is 23 whatever its length, an emoji 2', async () => {
    await openDraft({ channel: 'twitter', fields: { text: '' } });
    await type('[data-testid="draft-text"]', `Read https://example.com/${'a'.repeat(80)} 🎉`);
    // "Read " (5) + link (23) + " " (1) + emoji (2)
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe('31 / 280');
    await type('[data-testid="draft-text"]', '🎉'.repeat(141));
    expect(fieldAt('text').get('[data-testid="text-counter"]').text()).toBe(
      '282 characters as X counts them, 2 more than the 280 allowed.',
    );
  });

  it('numbers a Twitter thread as it grows and shrinks, counting the numbers too', async () => {
    await openDraft({ channel: 'twitter', fields: { text: 'One' } });
    await wrapper.get('[data-testid="add-reply"]').trigger('click');
    await wrapper.get('[data-testid="add-reply"]').trigger('click');
    await flushPromises();
    const replies = () => wrapper.findAll('[data-testid="reply-text"]');
    await replies()[0]!.find('textarea').setValue('Two');
    await replies()[1]!.find('textarea').setValue('Three');
    expect(wrapper.findAll('[data-testid="part-number"]')).toHaveLength(0);

    await wrapper.get('[data-testid="auto-numbering"]').trigger('click');
    await flushPromises();
    expect(wrapper.findAll('[data-testid="part-number"]').map((n) => n.text())).toEqual([
      '1/3',
      '2/3',
      '3/3',
    ]);
    // "Two 2/3"
    expect(fieldAt('replies.0.text').get('[data-testid="text-counter"]').text()).toBe('7 / 280');

    await wrapper.findAll('[data-testid="twitter-reply"]')[0]!.get('button').trigger('click');
    await flushPromises();
    expect(wrapper.findAll('[data-testid="part-number"]').map((n) => n.text())).toEqual(['1/2', '2/2']);
    expect((replies()[0]!.find('textarea').element as HTMLTextAreaElement).value).toBe('Three');
  });

  it('marks a user tag placed outside the media (x above 1), until the arrow keys bring it back on', async () => {
    await openDraft({
      channel: 'instagram',
      fields: { caption: 'Hi', media_ids: [5], user_tags: [{ username: 'ana', x: 1.5, y: 0.3 }] },
    });
    expect(feedbackAt('user_tags.0.x')).toBe('Must be between 0 and 1.');
    // Placed by pointing now: a key moves the tag, and a place off the picture is never made.
    await wrapper.get('[data-testid="tag-picture"]').trigger('keydown', { key: 'ArrowLeft' });
    await flushPromises();
    expect(feedbackAt('user_tags.0.x')).toBe('');
    expect(wrapper.get('[data-testid="user-tag-position"]').text()).toBe('100% across, 30% down');
  });

  it('saves every edit to the drafts database within a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { preload, fake, id } = await openDraft({ channel: 'linkedin', fields: { text: '' } });
    await type('[data-testid="draft-text"]', 'Quarterly results');
    expect(wrapper.get('[data-testid="save-state"]').attributes('data-state')).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(1000);
    await flushPromises();
    expect(preload.inputsOf('drafts:save').at(-1)).toEqual({
      id,
      fields: { text: 'Quarterly results' },
      brandId: 101,
    });
    expect(fake.drafts.get(id)!.fields).toEqual({ text: 'Quarterly results' });
    expect(wrapper.get('[data-testid="save-state"]').attributes('data-state')).toBe('saved');
  });

  it('saves what was typed at once when the composer is left, without waiting', async () => {
    // The debounce's clock stands still: only the flush on leaving can save it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fake, id } = await openDraft({ channel: 'threads', fields: { text: '' } });
    await type('[data-testid="draft-text"]', 'Typed, then left at once');
    expect(fake.drafts.get(id)!.fields.text).toBe('');
    await router.push('/drafts');
    await flushPromises();
    expect(fake.drafts.get(id)!.fields.text).toBe('Typed, then left at once');
  });

  it("puts the service's 422 on each field it names, until that field is edited", async () => {
    const { fake, id } = await openDraft({
      channel: 'twitter',
      fields: {
        text: 'Thread',
        replies: [{ text: 'one' }, { text: 'two' }],
        timestamp: '2020-01-01T10:00:00.000Z',
      },
    });
    fake.update(id, {
      state: 'failed',
      error: {
        code: 'invalid_input',
        message: 'Invalid request body.',
        wording: 'machine',
        status: 422,
        // As main hands over a publish time that has passed: the service's clock as a rule.
        fieldErrors: {
          'replies.1.text': ['Not allowed here.'],
          timestamp: ['Must be after the current time.'],
        },
        fieldRules: [{ field: 'timestamp', rule: 'after', bound: '2026-11-23T12:00:00Z' }],
      },
    });
    await flushPromises();
    expect(feedbackAt('replies.1.text')).toBe('Not allowed here.');
    // The time to pick in the person's time zone and words, never the machine's instant.
    const pickLater = /^Pick a time after \d\d:\d\d( [AP]M)? (today|tomorrow|yesterday|on .+)\.$/;
    expect(feedbackAt('timestamp')).toMatch(pickLater);
    expect(feedbackAt('replies.0.text')).toBe('');
    const failure = wrapper.get('[data-testid="draft-failure"]');
    expect(wordsShown(failure)).toContain('Check the text and the publish time.');
    expect(wordsShown(failure)).not.toContain('Invalid request body.');
    expect(detailsText(failure)).toContain('Invalid request body.');

    await wrapper.findAll('[data-testid="reply-text"]')[1]!.find('textarea').setValue('two, fixed');
    await flushPromises();
    expect(feedbackAt('replies.1.text')).toBe('');
    expect(feedbackAt('timestamp')).toMatch(pickLater);
  });

  it("keeps the outbox's news over an older answer: a refusal heard before the sync's answer stays", async () => {
    const { preload, fake, id } = await openDraft({
      channel: 'threads',
      fields: { text: 'Soon', timestamp: '2020-01-06T09:30:00.000Z' },
    });
    const refusal = {
      code: 'invalid_input' as const,
      message: 'A SCHEDULED post needs a timestamp in the future.',
      fieldErrors: { timestamp: ['Must be after the current time.'] },
      status: 422,
    };
    // The events of the outbox's attempt travel faster than the call's own answer.
    preload.answer('drafts:sync', () => {
      fake.update(id, { state: 'queued' });
      fake.update(id, { state: 'failed', error: refusal });
      return { ok: true, value: { queued: true } };
    });
    await wrapper.get('[data-testid="action-schedule"]').trigger('click');
    await flushPromises();
    expect(
      wrapper.get('[data-testid="draft-composer"] [data-testid="draft-state"]').attributes('data-state'),
    ).toBe('failed');
    expect(feedbackAt('timestamp')).toBe('Must be after the current time.');
  });

  it("shows the approval requests' states of the post on the service", async () => {
    const preload = createFakePreload().install();
    const fake = installFakeDrafts(preload, [
      {
        channel: 'linkedin',
        postId: 31,
        fields: {
          text: 'Needs a yes',
          approval_policy: 'APPROVAL_REQUIRED',
          approval_requests: [
            { requested_by_user_id: 5, review_user_id: 12 },
            { requested_by_user_id: 5, review_user_id: 13 },
          ],
        },
      },
    ]);
    fake.servicePosts.set(31, {
      id: 31,
      approval_status: 'PENDING',
      approval_requests: [
        { id: 1, requested_by_user_id: 5, review_user_id: 12, approval_status: 'APPROVED' },
        { id: 2, requested_by_user_id: 5, review_user_id: 13, approval_status: 'PENDING' },
      ],
    });
    ({ wrapper } = await mountApp(`/drafts/${fake.only().id}`));
    await flushPromises();
    expect(wrapper.findAll('[data-testid="approval-request"]').map((r) => r.text())).toEqual([
      'User 12approved',
      'User 13pending',
    ]);
    expect(wrapper.get('[data-testid="approval-overall"]').text()).toBe('pending');
    // Reviewers are shown as people: by name once named, "User 12" until then.
    expect(
      wrapper.findAll('[data-testid="draft-reviewers"] [data-testid="chosen-name"]').map((t) => t.text()),
    ).toEqual(['User 12', 'User 13']);
  });

  it('asks for a publish time before scheduling, and sends nothing', async () => {
    const { preload } = await openDraft({ channel: 'snapchat', fields: {} });
    await wrapper.get('[data-testid="action-schedule"]').trigger('click');
    await flushPromises();
    expect(feedbackAt('timestamp')).toBe('Pick a publish time to schedule this post.');
    expect(preload.inputsOf('drafts:sync')).toEqual([]);
  });

  it('queues the post with the status of the action chosen', async () => {
    const { preload, fake, id } = await openDraft({ channel: 'linkedin', fields: { text: 'Go live' } });
    await wrapper.get('[data-testid="action-publish"]').trigger('click');
    await flushPromises();
    expect(preload.inputsOf('drafts:sync')).toEqual([{ id }]);
    expect(fake.drafts.get(id)!.fields).toEqual({ text: 'Go live', status: 'AUTOPUBLISHING' });
    expect(wrapper.get('[data-testid="draft-state"]').attributes('data-state')).toBe('queued');
  });
});

describe('a post opened from the Scheduler', () => {
  it('says so when its first change could not be saved, instead of "No changes yet"', async () => {
    const preload = createFakePreload().install();
    installFakeDrafts(preload);
    preload.answer('posts:open', () => ({
      ok: true,
      value: {
        draftId: null,
        post: { id: 55, brand_id: 101, updated_at: '2026-11-23T12:00:00Z', text: 'Opening hours' },
        fields: { text: 'Opening hours' },
      },
    }));
    preload.answer('drafts:create', () => ({
      ok: false,
      error: { code: 'internal', message: 'The drafts database could not be written.', fieldErrors: {} },
    }));
    ({ wrapper, router } = await mountApp('/scheduler/post/threads/55'));
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid="save-state"]')?.textContent).toBe('No changes yet'),
    );
    const text = document.querySelector<HTMLTextAreaElement>('[data-testid="draft-text"] textarea')!;
    text.value = 'Opening hours: 8 to 6';
    text.dispatchEvent(new Event('input'));
    await vi.waitFor(
      () => expect(document.querySelector('[data-testid="save-state"]')?.textContent).toMatch(/^Not saved: /),
      { timeout: 5_000 },
    );
  });
});
