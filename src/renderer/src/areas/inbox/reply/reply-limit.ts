import { replyNetworkOf, replyTextLength, replyTextLimits } from '../../../../../shared/domain/index.ts';
import { formatWhole } from '../../../lib/number-format.ts';

/**
 * The network's length limit as the reply box counts it while the person types: the same rule
 * the service applies (X by weighted length), so "142 / 150" and the refusal agree.
 */
export interface ReplyCount {
  used: number;
  limit: number;
  over: boolean;
  /** "142 / 150", with the thousands grouped as people read them. */
  label: string;
}

export function replyCount(type: string, text: string): ReplyCount | null {
  const network = replyNetworkOf(type);
  if (network === null) return null;
  const used = replyTextLength(network, text);
  const limit = replyTextLimits[network];
  return { used, limit, over: used > limit, label: `${formatWhole(used)} / ${formatWhole(limit)}` };
}
