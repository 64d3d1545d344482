import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../../../../src/shared/contract/index.ts';
import { installFakeDrafts } from '../../../helpers/fake-drafts.ts';
import { createFakePreload } from '../../../helpers/fake-preload.ts';
import { freshPageForEachTest, mountApp } from '../../../helpers/mount-app.ts';

let wrapper: VueWrapper;
freshPageForEachTest();

async function openDraft(draft: Partial<Draft>) {
  const preload = createFakePreload().install();
  const fake = installFakeDrafts(preload, [draft]);
  ({ wrapper } = await mountApp(`/drafts/${fake.only().id}`));
  await flushPromises();
}

const preview = () => wrapper.find('[data-testid="post-preview"]');
const entities = () =>
  preview()
    .findAll('.entity')
    .map((e) => [e.attributes('data-kind'), e.text()]);

describe('the composer’s preview', () => {
  // The test page has no layout: the composer is narrow, and the preview waits behind its toggle.
  it('opens under its toggle where the composer is narrow, and follows the typing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await openDraft({ channel: 'linkedin', fields: { text: 'Hello @ana' } });
    const toggle = wrapper.get('[data-testid="preview-toggle"]');
    expect(toggle.text()).toBe('Preview');
    expect(toggle.attributes('aria-expanded')).toBe('false');
    expect(preview().exists()).toBe(false);

    await toggle.trigger('click');
    expect(toggle.attributes('aria-expanded')).toBe('true');
    expect(preview().get('h3').text()).toBe('LinkedIn preview');
    expect(entities()).toEqual([['mention', '@ana']]);

    await wrapper.get('[data-testid="draft-text"] textarea').setValue('New #menu at example.com/menu');
    await vi.advanceTimersByTimeAsync(200);
    expect(preview().get('[data-testid="preview-text"]').text()).toBe('New #menu at example.com/menu');
    expect(entities()).toEqual([
      ['hashtag', '#menu'],
      ['link', 'example.com/menu'],
    ]);
    expect(preview().get('[data-testid="preview-link-card"]').text()).toBe('example.comexample.com/menu');

    await toggle.trigger('click');
    expect(preview().exists()).toBe(false);
  });

  it('shows an X thread as numbered parts, and a neutral tile for media not resolved yet', async () => {
    await openDraft({
      channel: 'twitter',
      fields: { text: 'One', media_ids: [42], replies: [{ text: 'Two' }], auto_numbering_enabled: true },
    });
    await wrapper.get('[data-testid="preview-toggle"]').trigger('click');
    const parts = preview().findAll('[data-testid="preview-part"]');
    expect(parts.map((p) => p.attributes('aria-label'))).toEqual(['Part 1 of 2', 'Part 2 of 2']);
    expect(parts.map((p) => p.get('[data-testid="preview-text"]').text())).toEqual(['One 1/2', 'Two 2/2']);
    expect(parts[0]!.get('[data-testid="preview-media-item"]').text()).toBe('Media 42');
  });
});
