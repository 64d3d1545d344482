import { ref, shallowRef } from 'vue';
import { campaignAddMediaInputSchema, fieldErrorsFromZod } from '../../../../shared/contract/index.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtFields, sayError } from '../../lib/error-presenter.ts';
import { useCampaignStore } from './campaign-store.ts';

/** "12, 40 41" → [12, 40, 41]; a part that is no id is returned apart, to be named in the error. */
export function parseIds(text: string): { ids: number[]; bad: string[] } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const bad = parts.filter((part) => !/^\d+$/.test(part));
  return { ids: [...new Set(parts.filter((part) => /^\d+$/.test(part)).map(Number))], bad };
}

/**
 * The "add media" form (op 4): media ids and gallery ids typed as lists. Checked with the
 * contract's schema first; ids the service does not know come back at their field.
 */
export function useAddMedia() {
  const detail = useCampaignStore();
  const mediaText = ref('');
  const galleryText = ref('');
  const saving = ref(false);
  const fieldErrors = shallowRef<Record<string, string[]>>({});
  const formError = ref('');
  const result = ref('');

  const errorAt = (field: string) => fieldErrors.value[field]?.[0];

  async function submit(): Promise<boolean> {
    const media = parseIds(mediaText.value);
    const galleries = parseIds(galleryText.value);
    formError.value = '';
    result.value = '';
    const notIds: Record<string, string[]> = {};
    if (media.bad.length > 0) notIds.mediaIds = [`Not an id: ${media.bad.join(', ')}.`];
    if (galleries.bad.length > 0) notIds.galleryIds = [`Not an id: ${galleries.bad.join(', ')}.`];
    const input = { ...detail.opened, mediaIds: media.ids, galleryIds: galleries.ids };
    const checked = campaignAddMediaInputSchema.safeParse(input);
    if (!checked.success || Object.keys(notIds).length > 0) {
      fieldErrors.value = { ...(checked.success ? {} : fieldErrorsFromZod(checked.error)), ...notIds };
      return false;
    }
    fieldErrors.value = {};
    saving.value = true;
    const before = detail.campaign?.number_of_media ?? 0;
    try {
      const after = await detail.addMedia({ mediaIds: media.ids, galleryIds: galleries.ids });
      const now = after.number_of_media ?? 0;
      const added = now - before;
      result.value =
        added > 0
          ? `Added ${added} media. The campaign now has ${now}.`
          : `Nothing new: those media were in the campaign already (${now}).`;
      mediaText.value = '';
      galleryText.value = '';
      return true;
    } catch (thrown) {
      const error = toCallError(thrown);
      const atFields = Object.fromEntries(
        Object.entries(sayAtFields(error)).filter(
          ([field]) => field === 'mediaIds' || field === 'galleryIds',
        ),
      );
      fieldErrors.value = atFields;
      if (Object.keys(atFields).length === 0) formError.value = `Nothing was added. ${sayError(error)}`;
      return false;
    } finally {
      saving.value = false;
    }
  }

  return { mediaText, galleryText, saving, fieldErrors, formError, result, errorAt, submit };
}
