import { describe, expect, it } from 'vitest';
import {
  applyCanned,
  findCanned,
  slashTrigger,
} from '../../../../../src/renderer/src/areas/inbox/reply/canned-trigger.ts';
import { replyCount } from '../../../../../src/renderer/src/areas/inbox/reply/reply-limit.ts';

const canned = (title: string, text: string) => ({ id: title, title, text, updatedAt: 0 });

describe('the / of canned replies', () => {
  it('opens in an empty box or at a word’s start, not inside a link or "and/or"', () => {
    expect(slashTrigger('/', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(slashTrigger('Hello /tha', 10)).toEqual({ start: 6, end: 10, query: 'tha' });
    expect(slashTrigger('https://x.com/a', 15)).toBeNull();
    expect(slashTrigger('and/or', 6)).toBeNull();
    expect(slashTrigger('/tha now', 8)).toBeNull();
  });

  it('finds by name first, then by words, ignoring case', () => {
    const items = [canned('Sorry', 'Thanks for waiting'), canned('Thanks', 'Hi {first_name}')];
    expect(findCanned(items, 'THA').map((item) => item.title)).toEqual(['Thanks', 'Sorry']);
    expect(findCanned(items, '')).toHaveLength(2);
    expect(findCanned(items, 'zzz')).toEqual([]);
  });

  it('puts the chosen words in place of the search, with the caret after them', () => {
    const text = 'Hello /tha and more';
    expect(applyCanned(text, { start: 6, end: 10, query: 'tha' }, 'Thanks!')).toEqual({
      text: 'Hello Thanks! and more',
      caret: 13,
    });
  });
});

describe('the reply count', () => {
  it('shows used / limit with thousands grouped, and says when it is over', () => {
    expect(replyCount('INSTAGRAM_COMMENT', 'abc')).toMatchObject({ label: '3 / 2,200', over: false });
    expect(replyCount('TWITTER_MENTION', '😀'.repeat(141))).toMatchObject({ label: '282 / 280', over: true });
    expect(replyCount('TWITTER_RETWEET', 'x')).toBeNull();
  });
});
