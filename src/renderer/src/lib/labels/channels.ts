import type { SchedulerChannel } from '../../../../shared/domain/index.ts';
import { sentenceCase } from './words.ts';

/**
 * Every social network the interface names, as people name it. The interface writes them in
 * lower case (scheduler channels) or upper case (reports, campaign statistics, interaction types);
 * both read the same. Twitter is "X (Twitter)" everywhere: the name it has now, with the one most
 * people still know it by.
 */
export const channelNames = {
  threads: 'Threads',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
} as const satisfies Record<SchedulerChannel, string> & Record<string, string>;

export type Network = keyof typeof channelNames;

const isNetwork = (key: string): key is Network => Object.hasOwn(channelNames, key);

/** A network's name from however the interface writes it: `twitter`, `TWITTER`, `TikTok`. */
export function channelName(channel: string): string {
  const key = channel.toLowerCase();
  return isNetwork(key) ? channelNames[key] : sentenceCase(channel);
}
