import { describe, expect, it } from 'vitest';
import {
  INSTAGRAM_CAPTION_MAX,
  limitCounts,
  limitProblems,
  overLimitSentence,
  withLimitProblems,
} from '../../../src/shared/domain/index.ts';

const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');
const mentions = (n: number) => Array.from({ length: n }, (_, i) => `@person${i}`).join(' ');

describe('the networks’ limits on a post', () => {
  it('counts an Instagram caption’s characters, hashtags and mentions, and its first comment', () => {
    const counts = limitCounts('instagram', {
      caption: `Summer 🌞 ${tags(3)} ${mentions(2)}`,
      first_comment: '#more #tags',
    });
    expect(counts.map(({ path, unit, count, max }) => [path, unit, count, max])).toEqual([
      ['caption', 'character', 44, 2_200],
      ['caption', 'hashtag', 3, 30],
      ['caption', 'mention', 2, 20],
      ['first_comment', 'character', 11, 2_200],
      ['first_comment', 'hashtag', 2, 30],
    ]);
  });

  it('takes 30 hashtags and says what is over and by how much at the 31st', () => {
    expect(limitProblems('instagram', { caption: tags(30) })).toEqual({});
    expect(limitProblems('instagram', { caption: tags(31) })).toEqual({
      caption: ['31 hashtags, 1 more than the 30 allowed.'],
    });
    expect(limitProblems('instagram', { first_comment: tags(33) })).toEqual({
      first_comment: ['33 hashtags, 3 more than the 30 allowed.'],
    });
  });

  it('counts an emoji in a caption as one character, as people do', () => {
    const caption = '🎉'.repeat(INSTAGRAM_CAPTION_MAX);
    expect(limitProblems('instagram', { caption })).toEqual({});
    expect(limitProblems('instagram', { caption: `${caption}🎉🎉` })).toEqual({
      caption: ['2,202 characters, 2 more than the 2,200 allowed.'],
    });
  });

  it('gives every bound a caption is past, and 21 mentions is past 20', () => {
    expect(limitProblems('instagram', { caption: `${tags(32)} ${mentions(21)}` })).toEqual({
      caption: ['32 hashtags, 2 more than the 30 allowed.', '21 mentions, 1 more than the 20 allowed.'],
    });
  });

  it('counts Threads and LinkedIn text against 500 and 3,000, as the service does', () => {
    expect(limitCounts('threads', { text: 'Hello' })).toEqual([
      { path: 'text', unit: 'character', count: 5, max: 500, weighted: false },
    ]);
    expect(limitProblems('threads', { text: 'x'.repeat(501) })).toEqual({
      text: ['501 characters, 1 more than the 500 allowed.'],
    });
    expect(limitProblems('linkedin', { text: 'x'.repeat(3000) })).toEqual({});
    expect(limitProblems('linkedin', { text: 'x'.repeat(3002) })).toEqual({
      text: ['3,002 characters, 2 more than the 3,000 allowed.'],
    });
  });

  it('weighs every part of an X thread with its numbering, as X counts them', () => {
    const fields = { text: '🎉'.repeat(139), replies: [{ text: 'Two' }], auto_numbering_enabled: true };
    // 139 emoji of weight 2, then " 1/2"
    expect(limitCounts('twitter', fields).map(({ path, count }) => [path, count])).toEqual([
      ['text', 282],
      ['replies.0.text', 7],
    ]);
    expect(limitProblems('twitter', fields)).toEqual({
      text: ['282 characters as X counts them, 2 more than the 280 allowed.'],
    });
    expect(limitProblems('twitter', { ...fields, auto_numbering_enabled: false })).toEqual({});
  });

  it('has nothing to count on Snapchat, which posts no text', () => {
    expect(limitCounts('snapchat', { text: 'x'.repeat(9000) })).toEqual([]);
  });

  it('says nothing of a count within its bound', () => {
    expect(
      overLimitSentence({ path: 'text', unit: 'character', count: 500, max: 500, weighted: false }),
    ).toBe(null);
    expect(overLimitSentence({ path: 'text', unit: 'hashtag', count: 2, max: 1, weighted: false })).toBe(
      '2 hashtags, 1 more than the 1 allowed.',
    );
  });

  it('puts a limit’s sentence in place of the schema’s “at most” at the same field, keeping the others', () => {
    const errors = { text: ['Must be at most 500 characters.'], link: ['Fill this in.'] };
    const problems = { text: ['501 characters, 1 more than the 500 allowed.'] };
    expect(withLimitProblems(errors, problems)).toEqual({
      text: ['501 characters, 1 more than the 500 allowed.'],
      link: ['Fill this in.'],
    });
    expect(withLimitProblems({}, {})).toEqual({});
  });
});
