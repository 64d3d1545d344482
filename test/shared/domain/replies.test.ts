import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  firstNameOf,
  replyNetworkOf,
  replyTextLength,
  replyTextProblem,
} from '../../../src/shared/domain/index.ts';

describe('reply rules (conventions §9)', () => {
  it('answers each network by its own limit, and nothing on a retweet or the generic type', () => {
    expect(replyNetworkOf('TIKTOK_COMMENT')).toBe('TIKTOK');
    expect(replyNetworkOf('FACEBOOK_CONVERSATION')).toBe('FACEBOOK');
    expect(replyNetworkOf('TWITTER_QUOTE')).toBe('TWITTER');
    expect(replyNetworkOf('TWITTER_RETWEET')).toBeNull();
    expect(replyNetworkOf('COMMUNITY_INTERACTION')).toBeNull();
  });

  it('counts X by weighted length (emoji 2, a link 23) and the others by characters people see', () => {
    expect(replyTextLength('TWITTER', '😀😀')).toBe(4);
    expect(replyTextLength('TWITTER', 'see https://example.com/a/very/long/path')).toBe(4 + 23);
    expect(replyTextLength('TIKTOK', '😀😀')).toBe(2);
  });

  it('says in plain words what is over the limit, and takes a reply right at it', () => {
    expect(replyTextProblem('TIKTOK', 'a'.repeat(150))).toBeNull();
    expect(replyTextProblem('TIKTOK', 'a'.repeat(151))).toBe('At most 150 characters; this reply has 151.');
    expect(replyTextProblem('TWITTER', '😀'.repeat(141))).toBe(
      'At most 280 characters as X counts them; this reply has 282.',
    );
    expect(replyTextProblem('YOUTUBE', '')).toBe('Write at least one character.');
  });
});

describe('canned reply placeholders', () => {
  it('fills the first name and the brand wherever they are written', () => {
    expect(
      fillPlaceholders('Hi {first_name}! {brand} here, {first_name}.', {
        firstName: 'Ada',
        brand: 'Brand 101',
      }),
    ).toBe('Hi Ada! Brand 101 here, Ada.');
  });

  it('takes a first name from a display name or a handle, and greets "there" without one', () => {
    expect(firstNameOf('Ada Lovelace')).toBe('Ada');
    expect(firstNameOf('ada.lovelace42')).toBe('Ada');
    expect(firstNameOf('@émile_zola')).toBe('Émile');
    expect(firstNameOf('12345')).toBe('there');
    expect(firstNameOf(null)).toBe('there');
  });
});
