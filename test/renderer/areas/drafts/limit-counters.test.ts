import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../src/shared/contract/index.ts';
import { installFakeDrafts } from '../../helpers/fake-drafts.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openDraft(draft: Partial<Draft>) {
  const preload = createFakePreload().install();
  const fake = installFakeDrafts(preload, [draft]);
  ({ wrapper } = await mountApp(`/drafts/${fake.only().id}`));
  await flushPromises();
}

const countersAt = (path: string) =>
  wrapper
    .get(`[data-field="${path}"]`)
    .findAll('[data-testid="text-counter"]')
    .map((c) => c.text());
const feedbackAt = (path: string) => {
  const feedback = wrapper.get(`[data-field="${path}"]`).find('.n-form-item-feedback');
  return feedback.exists() ? feedback.text() : '';
};
const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');

async function type(field: string, value: string) {
  await wrapper.get(`[data-testid="draft-${field}"] textarea`).setValue(value);
  await flushPromises();
}

describe('the composer’s counters', () => {
  it('count an Instagram caption’s characters, and its hashtags and mentions once it has some', async () => {
    await openDraft({ channel: 'instagram', fields: { caption: 'Summer' } });
    expect(countersAt('caption')).toEqual(['6 / 2,200']);
    await type('caption', `Summer ${tags(2)} with @ana`);
    expect(countersAt('caption')).toEqual(['28 / 2,200', '2 / 30 hashtags', '1 / 20 mentions']);
    expect(countersAt('first_comment')).toEqual(['0 / 2,200']);
  });

  it('say a 31st hashtag in words, mark the field, refuse to send it, and keep the caption', async () => {
    await openDraft({ channel: 'instagram', fields: { caption: '' } });
    await type('caption', tags(31));
    expect(countersAt('caption')).toEqual(['206 / 2,200', '31 hashtags, 1 more than the 30 allowed.']);
    expect(wrapper.get('[data-field="caption"]').find('.n-input--error-status').exists()).toBe(true);
    expect(feedbackAt('caption')).toBe('');
    await wrapper.get('[data-testid="action-draft"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="action-error"]').text()).toBe(
      'Caption: 31 hashtags, 1 more than the 30 allowed.',
    );
    expect((wrapper.get('[data-testid="draft-caption"] textarea').element as HTMLTextAreaElement).value).toBe(
      tags(31),
    );
  });

  it('tell screen readers of a bound passed once the typing pauses, politely', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await openDraft({ channel: 'threads', fields: { text: '' } });
    const live = () => wrapper.get('[data-field="text"] [data-testid="limit-announcement"]');
    expect(live().attributes('aria-live')).toBe('polite');
    await type('text', 'x'.repeat(501));
    expect(live().text()).toBe('');
    await vi.advanceTimersByTimeAsync(1000);
    expect(live().text()).toBe('Text: 501 characters, 1 more than the 500 allowed.');
    await type('text', 'x'.repeat(500));
    await vi.advanceTimersByTimeAsync(1000);
    expect(live().text()).toBe('');
  });

  it('count each part of an X thread on its own, with a reply’s counter under the reply', async () => {
    await openDraft({ channel: 'twitter', fields: { text: 'One', replies: [{ text: '🎉'.repeat(141) }] } });
    expect(countersAt('text')).toEqual(['3 / 280']);
    expect(countersAt('replies.0.text')).toEqual([
      '282 characters as X counts them, 2 more than the 280 allowed.',
    ]);
  });
});
