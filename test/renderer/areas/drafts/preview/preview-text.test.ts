import { describe, expect, it } from 'vitest';
import {
  linkCardOf,
  previewOf,
  segmentsOf,
} from '../../../../../src/renderer/src/areas/drafts/composer/preview/preview-text.ts';

describe('the preview’s text', () => {
  it('cuts a text into plain runs, links, mentions and hashtags, in order, losing no character', () => {
    const text = '🎉 New menu with @chef_ana: see example.com/menu #summer #été, $TSLA!';
    const segments = segmentsOf(text);
    expect(segments).toEqual([
      { kind: 'text', text: '🎉 New menu with ' },
      { kind: 'mention', text: '@chef_ana' },
      { kind: 'text', text: ': see ' },
      { kind: 'link', text: 'example.com/menu' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#summer' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#été' },
      { kind: 'text', text: ', ' },
      { kind: 'cashtag', text: '$TSLA' },
      { kind: 'text', text: '!' },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('leaves an e-mail address, a lone # and a word with @ inside as plain text', () => {
    expect(segmentsOf('Write to hello@example.org # not a tag, me@')).toEqual([
      { kind: 'text', text: 'Write to hello@example.org # not a tag, me@' },
    ]);
    expect(segmentsOf('')).toEqual([]);
  });

  it('keeps links as plain text where the network does not make them links', () => {
    expect(segmentsOf('Shop at https://example.com #sale', { links: false })).toEqual([
      { kind: 'text', text: 'Shop at https://example.com ' },
      { kind: 'hashtag', text: '#sale' },
    ]);
  });

  it('makes a link card of the link’s host and the link as written, and none of what is no link', () => {
    expect(linkCardOf('https://www.example.com/a?b=1')).toEqual({
      host: 'example.com',
      url: 'https://www.example.com/a?b=1',
    });
    expect(linkCardOf('shop.example.org/sale')).toEqual({
      host: 'shop.example.org',
      url: 'shop.example.org/sale',
    });
    expect(linkCardOf('  ')).toBe(null);
    expect(linkCardOf('not a link')).toBe(null);
  });
});

describe('the preview of a post', () => {
  it('numbers an X thread’s parts, and adds the numbering to the text only when it will be posted', () => {
    const fields = { text: 'One', replies: [{ text: 'Two https://a.example.com' }, { text: 'Three' }] };
    const plain = previewOf('twitter', fields);
    expect(plain.parts.map((p) => [p.place, p.numbering])).toEqual([
      ['1/3', ''],
      ['2/3', ''],
      ['3/3', ''],
    ]);
    expect(plain.parts.map((p) => p.card?.host ?? null)).toEqual([null, 'a.example.com', null]);
    const numbered = previewOf('twitter', { ...fields, auto_numbering_enabled: true });
    expect(numbered.parts.map((p) => p.numbering)).toEqual([' 1/3', ' 2/3', ' 3/3']);
    expect(previewOf('twitter', { text: 'Alone', auto_numbering_enabled: true }).parts).toMatchObject([
      { place: '', numbering: '' },
    ]);
  });

  it('draws X’s card for the last link of a part, LinkedIn’s for the first', () => {
    const text = 'Read first.example.com then last.example.com';
    expect(previewOf('twitter', { text }).parts[0]!.card?.host).toBe('last.example.com');
    expect(previewOf('linkedin', { text }).parts[0]!.card?.host).toBe('first.example.com');
  });

  it('takes Threads’ link field for its card before a link in the text', () => {
    expect(
      previewOf('threads', { text: 'See a.example.com', link: 'https://b.example.com/x' }).parts[0]!.card,
    ).toEqual({ host: 'b.example.com', url: 'https://b.example.com/x' });
    expect(previewOf('threads', { text: 'See a.example.com' }).parts[0]!.card?.host).toBe('a.example.com');
  });

  it('shows an Instagram caption’s links as text with no card, and its first comment', () => {
    const preview = previewOf('instagram', { caption: 'Sale at example.com #sale', first_comment: '#more' });
    expect(preview.parts[0]!.card).toBe(null);
    expect(preview.parts[0]!.segments.map((s) => s.kind)).toEqual(['text', 'hashtag']);
    expect(preview.firstComment).toEqual([{ kind: 'hashtag', text: '#more' }]);
  });

  it('shows each media resolved by the composer, and a tile with its id until then', () => {
    const preview = previewOf(
      'instagram',
      { caption: 'Hi', media_ids: [7, 8], alt_text_media_map: { '8': 'A red bike' } },
      [{ id: 7, thumbnailUrl: 'https://cdn.example.com/7.jpg' }],
    );
    expect(preview.parts[0]!.media).toEqual([
      { id: 7, thumbnailUrl: 'https://cdn.example.com/7.jpg', alt: null },
      { id: 8, thumbnailUrl: null, alt: 'A red bike' },
    ]);
  });

  it('is empty until something is written or added', () => {
    expect(previewOf('linkedin', { text: '  ' }).empty).toBe(true);
    expect(previewOf('snapchat', {}).empty).toBe(true);
    expect(previewOf('snapchat', { media_ids: [3] }).empty).toBe(false);
    expect(previewOf('instagram', { caption: '', first_comment: 'First!' }).empty).toBe(false);
  });
});
