import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import InboxRow from '../../../../src/renderer/src/areas/inbox/components/inbox-row.vue';
import { sampleItem } from '../../helpers/fake-inbox.ts';
import { createFakePreload } from '../../helpers/fake-preload.ts';

const tags = new Map([
  [1, { name: 'Complaint', color: '#E5484D' }],
  [3, { name: 'Shipping', color: '#0090FF' }],
]);
const now = Date.parse('2026-11-23T15:00:00Z');
// The row reads the waiting steps from the app's settings.
beforeEach(() => setActivePinia(createPinia()));

function mountRow(over: Parameters<typeof sampleItem>[1] = {}, props: Record<string, unknown> = {}) {
  const item = sampleItem(2, {
    text: 'Where is my parcel? Shipping takes ages, SHIPPING!',
    source_updated_at: '2026-11-23T12:00:00Z',
    ...over,
  });
  // The assignee is named through the app's people store, which reads main through this.
  createFakePreload().install();
  return mount(InboxRow, {
    props: { item, tags, tokens: [], now, ...props },
    global: { plugins: [createPinia()] },
  });
}

describe('an inbox row', () => {
  it('names an X (Twitter) interaction as every other screen names the network', () => {
    const row = mountRow({ type: 'TWITTER_MENTION' });
    expect(row.get('[data-testid="type-icon"]').attributes('aria-label')).toBe('X (Twitter) mention');
    expect(row.get('.kind').text()).toBe('X (Twitter) mention');
  });

  it('shows the kind and channel, the author and the text', () => {
    const row = mountRow({ type: 'INSTAGRAM_COMMENT', author_username: 'ada' });
    expect(row.get('[data-testid="type-icon"]').attributes('aria-label')).toBe('Instagram comment');
    expect(row.get('[data-testid="type-icon"]').attributes('title')).toBe('Instagram comment');
    expect(row.get('[data-testid="row-author"]').text()).toBe('ada');
    expect(row.get('[data-testid="row-text"]').text()).toBe(
      'Where is my parcel? Shipping takes ages, SHIPPING!',
    );
    expect(row.findAll('mark')).toHaveLength(0);
  });

  it('marks every occurrence of the searched words, whatever their case', () => {
    const row = mountRow({}, { tokens: ['shipping', 'parcel'] });
    expect(row.findAll('mark').map((m) => m.text())).toEqual(['parcel', 'Shipping', 'SHIPPING']);
    expect(row.get('[data-testid="row-text"]').text()).toBe(
      'Where is my parcel? Shipping takes ages, SHIPPING!',
    );
  });

  it('prefers the search snippet the service cut around the match', () => {
    const row = mountRow({ search_result_snippet: '…takes ages, shipping…' }, { tokens: ['shipping'] });
    expect(row.get('[data-testid="row-text"]').text()).toBe('…takes ages, shipping…');
    expect(row.get('mark').text()).toBe('shipping');
  });

  it('says how long ago, with the exact time on hover', () => {
    const row = mountRow();
    const time = row.get('[data-testid="row-time"]');
    expect(time.text()).toBe('3 h ago');
    expect(time.attributes('datetime')).toBe('2026-11-23T12:00:00Z');
    expect(time.attributes('title')).toMatch(/2026/);
    expect(
      mountRow({ source_updated_at: '2026-11-23T14:48:00Z' }).get('[data-testid="row-time"]').text(),
    ).toBe('12 min ago');
  });

  it('shows tags as chips in their colours, the sentiment, assignee and ticket', () => {
    const row = mountRow({
      tag_ids: [1, 3],
      assignee_id: 42,
      sentiment: { is_positive: false, is_negative: true, is_neutral: false, is_question: true },
      tickets: [
        {
          label: 'T-9',
          source: 'ZENDESK',
          status: 'open',
          source_id: '9',
          source_created_at: '2026-11-20T00:00:00Z',
          source_updated_at: '2026-11-20T00:00:00Z',
        },
      ],
    });
    const chips = row.findAll('[data-testid="row-tag"]');
    expect(chips.map((c) => c.text())).toEqual(['Complaint', 'Shipping']);
    expect(chips[0]!.attributes('style')?.toLowerCase()).toContain('#e5484d');
    expect(row.get('[data-testid="row-sentiment"]').text()).toBe('negative');
    expect(row.text()).toContain('question');
    // Unnamed in the address book: the id, said as a person reads it.
    expect(row.get('[data-testid="row-assignee"]').text()).toBe('@User 42');
    expect(row.get('[data-testid="row-ticket"]').text()).toBe('ZENDESK T-9');
    expect(row.get('[data-testid="row-ticket"]').attributes('title')).toBe('ZENDESK T-9: open');
  });

  it('shows read, follow-up and archived states', () => {
    const unread = mountRow({ is_read: false, is_follow_up: true, is_archived: true });
    expect(unread.classes()).toContain('unread');
    expect(unread.attributes('data-read')).toBe('no');
    expect(unread.find('[data-testid="row-follow-up"]').exists()).toBe(true);
    expect(unread.find('[data-testid="row-archived"]').exists()).toBe(true);
    const read = mountRow({ is_read: true, is_follow_up: false, is_archived: false });
    expect(read.classes()).not.toContain('unread');
    expect(read.find('[data-testid="row-follow-up"]').exists()).toBe(false);
    expect(read.find('[data-testid="row-archived"]').exists()).toBe(false);
  });

  it('opens on click, and selects on shift-click or its box only where triage is possible', async () => {
    const row = mountRow({}, { selectable: true });
    await row.trigger('click');
    await row.trigger('click', { shiftKey: true });
    await row.get('[data-testid="row-select"]').trigger('click');
    expect(row.emitted('open')).toHaveLength(1);
    expect(row.emitted('select')).toEqual([[true], [false]]);
    const plain = mountRow({}, { selectable: false });
    expect(plain.find('[data-testid="row-select"]').exists()).toBe(false);
    await plain.trigger('click', { shiftKey: true });
    expect(plain.emitted('open')).toHaveLength(1);
  });

  it('shows a thumbnail of the post, and a quiet tile when the picture cannot be loaded', async () => {
    const row = mountRow({ post_thumbnail_url: 'https://media.example.invalid/1.jpg' });
    const img = row.get('img.thumb');
    expect(img.attributes('src')).toBe('https://media.example.invalid/1.jpg');
    await img.trigger('error');
    expect(row.find('img.thumb').exists()).toBe(false);
    expect(row.find('.thumb.missing').exists()).toBe(true);
    // The list keeps the row in place for the next interaction (one left above it): its picture is tried.
    await row.setProps({
      item: sampleItem(3, { post_thumbnail_url: 'https://media.example.invalid/2.jpg' }),
    });
    expect(row.get('img.thumb').attributes('src')).toBe('https://media.example.invalid/2.jpg');
  });
});
