import { describe, expect, it } from 'vitest';
import { seenPairsOf } from '../../../../src/main/services/people/people-seen.ts';

describe('who an answer shows', () => {
  it('is each assignee and brand replier on its brand, in a TikTok thread its replies too', () => {
    expect(
      seenPairsOf([
        { brand_id: 101, assignee_id: 7, brand_user_reply: { user_id: 2 } },
        { brand_id: 102, assignee_id: null, brand_user_reply: null },
        {
          brand_id: 103,
          replies: [
            { brand_id: 103, assignee_id: 4 },
            { brand_id: 103, brand_user_reply: { user_id: 5 } },
          ],
        },
      ]),
    ).toEqual([
      { brandId: 101, userId: 7 },
      { brandId: 101, userId: 2 },
      { brandId: 103, userId: 4 },
      { brandId: 103, userId: 5 },
    ]);
  });
});
