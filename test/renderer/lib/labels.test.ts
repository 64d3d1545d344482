import { describe, expect, it } from 'vitest';
import {
  sourceName,
  channelName,
  channelNames,
  countLabel,
  interactionTypeOf,
  plural,
  sentenceCase,
  tagLabel,
  tagNamesOf,
} from '../../../src/renderer/src/lib/labels/index.ts';
import { interactionListTypes, schedulerChannels } from '../../../src/shared/domain/index.ts';

describe('counts in words', () => {
  it('says one thing in the singular, and none or many in the plural', () => {
    expect(countLabel(1, 'reply', 'replies')).toBe('1 reply');
    expect(countLabel(0, 'reply', 'replies')).toBe('0 replies');
    expect(countLabel(2, 'creator', 'creators')).toBe('2 creators');
    expect(plural(1, 'is', 'are')).toBe('is');
    expect(plural(3, 'is', 'are')).toBe('are');
  });

  it('writes a large count with its thousands separated', () => {
    expect(countLabel(1200, 'row', 'rows')).toBe(`${(1200).toLocaleString()} rows`);
  });
});

describe('network names', () => {
  it('names Twitter one way, however the interface writes it', () => {
    expect(channelName('twitter')).toBe('X (Twitter)');
    expect(channelName('TWITTER')).toBe('X (Twitter)');
    expect(channelNames.twitter).toBe('X (Twitter)');
  });

  it('names every scheduler channel as people write it', () => {
    expect(schedulerChannels.map((channel) => channelName(channel))).toEqual([
      'Threads',
      'Instagram',
      'X (Twitter)',
      'LinkedIn',
      'Snapchat',
    ]);
    expect(channelName('TIKTOK')).toBe('TikTok');
    expect(channelName('YOUTUBE')).toBe('YouTube');
  });

  it('names an interaction type by its network and its kind', () => {
    expect(interactionTypeOf('TWITTER_RETWEET')).toEqual({
      channel: 'twitter',
      kind: 'retweet',
      label: 'X (Twitter) repost',
    });
    expect(interactionTypeOf('INSTAGRAM_ADS_COMMENT').label).toBe('Instagram ad comment');
    expect(interactionTypeOf('COMMUNITY_INTERACTION').label).toBe('Interaction');
    // Every type the list can filter on has a name of its own, none in machine words.
    for (const type of interactionListTypes) expect(interactionTypeOf(type).label).not.toMatch(/_/);
    expect(interactionTypeOf('TIKTOK_COMMENT_MENTION').label).toBe('Tiktok comment mention');
  });

  it('reads a machine name as a sentence', () => {
    expect(sentenceCase('ENGAGEMENT_RATE')).toBe('Engagement rate');
    expect(sentenceCase('first_comment')).toBe('First comment');
  });
});

describe('sources on a network', () => {
  it('reads the same in reports and campaign statistics, and falls back to the network', () => {
    expect(sourceName('INSTAGRAM_STORIES')).toBe('Instagram Stories');
    expect(sourceName('INSTAGRAM_STORY')).toBe('Instagram Stories');
    expect(sourceName('TIKTOK_CREATORS')).toBe('TikTok creators');
    expect(sourceName('TWITTER')).toBe('X (Twitter)');
  });
});

describe('tag labels', () => {
  it('names a tag by its name, the same wherever it shows', () => {
    expect(tagLabel({ name: '  Spam ' })).toBe('Spam');
    expect(tagLabel({ name: '' })).toBe('Unnamed tag');
  });

  it('lists each name once across brands, whatever its case, with how many brands have it', () => {
    const tags = [
      { name: 'Spam', brand_id: 101 },
      { name: 'spam', brand_id: 102 },
      { name: 'Urgent', brand_id: 101 },
      { name: 'bug report', brand_id: 103 },
    ];
    expect(tagNamesOf(tags)).toEqual([
      { name: 'bug report', brands: 1 },
      { name: 'Spam', brands: 2 },
      { name: 'Urgent', brands: 1 },
    ]);
  });
});
