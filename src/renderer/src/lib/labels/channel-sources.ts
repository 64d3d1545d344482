import { channelName, channelNames, type Network } from './channels.ts';

/**
 * Where on a network figures come from, when it is not the network's own posts: reports read
 * "Instagram Stories" or "Instagram UGC", campaign statistics group "Instagram Stories" or
 * "TikTok creators". Both areas name them from here, so a source reads the same in each.
 */
const sources: Record<string, [Network, string]> = {
  INSTAGRAM_STORIES: ['instagram', 'Stories'],
  INSTAGRAM_STORY: ['instagram', 'Stories'],
  INSTAGRAM_UGC: ['instagram', 'UGC'],
  INSTAGRAM_COMPETITIVE: ['instagram', 'competitive'],
  INSTAGRAM_BENCHMARKS: ['instagram', 'benchmarks'],
  INSTAGRAM_CREATORS: ['instagram', 'creators'],
  TIKTOK_CREATORS: ['tiktok', 'creators'],
  TIKTOK_LIKESHOP: ['tiktok', 'LikeShop'],
};

/** A source's name (`INSTAGRAM_STORIES`: "Instagram Stories"), or the network's (`TIKTOK`). */
export function sourceName(source: string): string {
  const known = sources[source.toUpperCase()];
  return known ? `${channelNames[known[0]]} ${known[1]}` : channelName(source);
}
