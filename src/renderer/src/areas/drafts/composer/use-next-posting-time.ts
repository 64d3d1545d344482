import { ref, type Ref } from 'vue';
import type { SchedulerChannel } from '../../../../../shared/domain/index.ts';
import { api } from '../../../api/contract-client.ts';
import { brandLabel } from '../../../app/brands-store.ts';
import { sayError } from '../../../lib/error-presenter.ts';
import { channelNames } from '../../../lib/labels/index.ts';

/**
 * "Add to queue" in the composer: the draft takes the next posting time of its channel and brand
 * that no post holds (the posting times are set in the Scheduler). Where there is none, `note`
 * says why in words, at the publish time field; the time itself is set only when one is found.
 */
export function useNextPostingTime(
  channel: () => SchedulerChannel,
  brandId: () => number,
  setTime: (ms: number) => void,
) {
  const finding = ref(false);
  const note: Ref<string | null> = ref(null);

  async function addToQueue(): Promise<void> {
    finding.value = true;
    note.value = null;
    try {
      const next = await api['schedule:next-free']({ channel: channel(), brandId: brandId() });
      if (next.timestamp !== null) {
        setTime(Date.parse(next.timestamp));
        return;
      }
      const whose = `${channelNames[channel()]} · ${brandLabel(brandId())}`;
      note.value =
        next.slotCount === 0
          ? `${whose} has no posting times yet: set them in the Scheduler's Posting times.`
          : `Every posting time of ${whose} in the next ${next.horizonDays} days holds a post already.`;
    } catch (error) {
      note.value = sayError(error, { action: 'Could not find the next posting time' });
    } finally {
      finding.value = false;
    }
  }

  return { finding, note, addToQueue };
}
