import { useDebounceFn } from '@vueuse/core';
import { computed, reactive, ref, watch } from 'vue';
import type { DraftFields, MediaLookup } from '../../../../../shared/contract/index.ts';
import { api } from '../../../api/contract-client.ts';
import { toCallError } from '../../../lib/call-error.ts';
import { sayError } from '../../../lib/error-presenter.ts';

/** What the preview needs of a media id: its thumbnail (null: none to draw) and kind. */
export interface MediaLook {
  thumbnailUrl: string | null;
  kind: 'image' | 'video' | null;
}

/** Every media id a post's fields name: its media, its replies', its cover image. */
export function mediaIdsOf(fields: DraftFields): number[] {
  const ids = new Set<number>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) for (const id of value) if (typeof id === 'number') ids.add(id);
  };
  add(fields.media_ids);
  if (Array.isArray(fields.replies))
    for (const reply of fields.replies) add((reply as DraftFields)?.media_ids);
  if (typeof fields.cover_image_media_id === 'number') ids.add(fields.cover_image_media_id);
  return [...ids];
}

/**
 * The media behind a draft's ids, as the brand's posts on the service show them: checked as they
 * are typed (a moment after the last one), each answer kept, so an id is looked up once per brand.
 */
export function useMediaLookup(brandId: () => number, ids: () => number[]) {
  const known = reactive(new Map<string, MediaLookup>());
  const checking = ref(false);
  const error = ref('');
  const key = (id: number) => `${brandId()}:${id}`;

  const lookUp = useDebounceFn(async () => {
    const brand = brandId();
    const missing = ids().filter((id) => !known.has(`${brand}:${id}`));
    if (missing.length === 0 || brand <= 0) return;
    checking.value = true;
    try {
      const answer = await api['media:lookup']({ brandId: brand, mediaIds: missing.slice(0, 100) });
      for (const item of answer.items) known.set(`${brand}:${item.id}`, item);
      error.value = '';
    } catch (thrown) {
      error.value = sayError(toCallError(thrown), { action: 'Could not check the media' });
    } finally {
      checking.value = false;
    }
  }, 250);
  watch([brandId, ids], () => void lookUp(), { immediate: true, deep: true });

  return {
    checking,
    /** Why the last check failed, in words ('' when it did not). */
    error,
    lookupOf: (id: number): MediaLookup | undefined => known.get(key(id)),
    /** id → how it looks, for the ids found: the preview's prop. */
    looks: computed<Record<number, MediaLook>>(() => {
      const out: Record<number, MediaLook> = {};
      for (const id of ids()) {
        const found = known.get(key(id));
        if (found?.found) out[id] = { thumbnailUrl: found.thumbnailUrl, kind: found.kind };
      }
      return out;
    }),
    retry: () => void lookUp(),
  };
}
