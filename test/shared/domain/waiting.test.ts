import { describe, expect, it } from 'vitest';
import {
  defaultWaitingThresholds,
  waitedMs,
  waitingLevel,
  waitingSince,
  waitingWords,
} from '../../../src/shared/domain/index.ts';

const at = (hhmm: string) => `2026-11-26T${hhmm}:00Z`;
const ms = (hhmm: string) => Date.parse(at(hhmm));
const minute = 60_000;
const hour = 60 * minute;

describe('who is waiting', () => {
  it('a comment nobody answered waits since it was written', () => {
    expect(waitingSince({ type: 'INSTAGRAM_COMMENT', created_at: at('09:00'), brand_user_reply: null })).toBe(
      ms('09:00'),
    );
  });

  it('a comment the brand answered waits no more, even when the reply has no date', () => {
    const reply = { created_at: at('09:30') };
    expect(waitingSince({ type: 'FACEBOOK_COMMENT', created_at: at('09:00'), brand_user_reply: reply })).toBe(
      null,
    );
    expect(
      waitingSince({
        type: 'FACEBOOK_COMMENT',
        created_at: at('09:00'),
        brand_user_reply: { created_at: null },
      }),
    ).toBe(null);
  });

  it('a conversation waits from the first message after the brand last wrote, not from a nudge', () => {
    const item = {
      type: 'INSTAGRAM_CONVERSATION',
      created_at: at('08:00'),
      // The first brand reply, as the service gives it: the messages say the person wrote again.
      brand_user_reply: { created_at: at('08:10') },
      messages: [
        { created_at: at('08:00'), is_from_brand: false },
        { created_at: at('08:10'), is_from_brand: true },
        { created_at: at('09:00'), is_from_brand: false },
        { created_at: at('09:40'), is_from_brand: false },
      ],
    };
    expect(waitingSince(item)).toBe(ms('09:00'));
    expect(waitedMs(item, ms('12:00'))).toBe(3 * hour);
  });

  it('a conversation whose last word is the brand’s waits for nobody', () => {
    expect(
      waitingSince({
        type: 'TWITTER_CONVERSATION',
        brand_user_reply: { created_at: at('08:30') },
        messages: [
          { created_at: at('08:00'), is_from_brand: false },
          { created_at: at('08:30'), is_from_brand: true },
          { created_at: at('09:00'), is_from_brand: false },
          { created_at: at('09:05'), is_from_brand: true },
        ],
      }),
    ).toBe(null);
  });

  it('a TikTok thread: a reply after the brand’s own reply waits, the owned reply answers what came before', () => {
    const comment = {
      type: 'TIKTOK_COMMENT',
      created_at: at('07:00'),
      is_owned: false,
      brand_user_reply: { created_at: at('07:20') },
      replies: [
        { created_at: at('07:20'), is_owned: true },
        { created_at: at('10:00'), is_owned: false },
      ],
    };
    expect(waitingSince(comment)).toBe(ms('10:00'));
    expect(waitingSince({ ...comment, replies: comment.replies.slice(0, 1) })).toBe(null);
    // Nobody from the brand in the thread: the comment waits from when it was written.
    expect(
      waitingSince({
        ...comment,
        brand_user_reply: null,
        replies: [{ created_at: at('08:00'), is_owned: false }],
      }),
    ).toBe(ms('07:00'));
  });

  it('the brand’s own TikTok comment waits for nobody until someone replies to it', () => {
    expect(
      waitingSince({ type: 'TIKTOK_COMMENT', created_at: at('07:00'), is_owned: true, replies: [] }),
    ).toBe(null);
  });

  it('a repost waits for nobody: it asks nothing', () => {
    expect(waitingSince({ type: 'TWITTER_RETWEET', created_at: at('09:00'), brand_user_reply: null })).toBe(
      null,
    );
  });

  it('undated messages neither start nor end a wait', () => {
    expect(
      waitingSince({
        type: 'FACEBOOK_CONVERSATION',
        messages: [
          { created_at: at('08:00'), is_from_brand: false },
          { created_at: null, is_from_brand: true },
        ],
      }),
    ).toBe(ms('08:00'));
  });

  it('a clock behind the message does not make a negative wait', () => {
    expect(waitedMs({ type: 'YOUTUBE_COMMENT', created_at: at('09:00') }, ms('08:59'))).toBe(0);
  });
});

describe('how a wait is said and coloured', () => {
  it('says it short', () => {
    expect(waitingWords(20_000)).toBe('Waiting < 1 min');
    expect(waitingWords(12 * minute + 59_000)).toBe('Waiting 12 min');
    expect(waitingWords(3 * hour + 5 * minute)).toBe('Waiting 3 h');
    expect(waitingWords(47 * hour)).toBe('Waiting 47 h');
    expect(waitingWords(5 * 24 * hour)).toBe('Waiting 5 d');
  });

  it('steps at each threshold, from it on', () => {
    const t = defaultWaitingThresholds;
    expect(waitingLevel(59 * minute, t)).toBe('fresh');
    expect(waitingLevel(hour, t)).toBe('due');
    expect(waitingLevel(4 * hour, t)).toBe('late');
    expect(waitingLevel(24 * hour, t)).toBe('overdue');
    expect(waitingLevel(2 * hour, { dueMinutes: 5, lateMinutes: 30, overdueMinutes: 90 })).toBe('overdue');
  });
});
