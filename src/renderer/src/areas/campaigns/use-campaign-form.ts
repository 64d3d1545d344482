import { computed, ref, shallowRef, watch } from 'vue';
import {
  campaignUpdateFrom,
  campaignUpdateInputSchema,
  fieldErrorsFromZod,
  type CampaignView,
} from '../../../../shared/contract/index.ts';
import type { CampaignUpdate } from '../../../../shared/domain/index.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtFields, sayError } from '../../lib/error-presenter.ts';
import { useCampaignStore } from './campaign-store.ts';
import { parseIds } from './use-add-media.ts';

type Topline = NonNullable<CampaignUpdate['topline_metrics']>;
export type GoalGroup = keyof Topline;

/** The id lists the form shows as text, by the body field they fill. */
const idFields = ['creator_ids', 'hashtag_ids', 'benchmark_campaigns'] as const;
type IdField = (typeof idFields)[number];

/**
 * The edit form: the full PUT of op 1. It starts from what the service returned
 * (`campaignUpdateFrom`), so the fields it does not show go back as they were; it is checked
 * with the contract's schema before sending, and the service's refusals land at their fields.
 */
export function useCampaignForm() {
  const detail = useCampaignStore();
  const body = ref<CampaignUpdate>({});
  const idTexts = ref<Record<IdField, string>>({ creator_ids: '', hashtag_ids: '', benchmark_campaigns: '' });
  const saving = ref(false);
  const fieldErrors = shallowRef<Record<string, string[]>>({});
  const formError = ref('');
  const saved = ref(false);
  let startedFrom = '';

  function reset(campaign: CampaignView | undefined): void {
    if (!campaign) return;
    body.value = campaignUpdateFrom(campaign);
    for (const field of idFields) idTexts.value[field] = (body.value[field] ?? []).join(', ');
    startedFrom = JSON.stringify([body.value, idTexts.value]);
    fieldErrors.value = {};
    formError.value = '';
  }
  watch(() => detail.campaign, reset, { immediate: true });

  const dirty = computed(() => JSON.stringify([body.value, idTexts.value]) !== startedFrom);
  const errorAt = (field: string) => fieldErrors.value[field]?.[0];
  const goalField = (group: GoalGroup, index: number) => `topline_metrics.${group}.${index}.goal`;

  /** Field errors the form has a place for; the rest are said under the form. */
  function place(errors: Record<string, string[]>, shown: (field: string) => boolean): void {
    fieldErrors.value = errors;
    const elsewhere = Object.entries(errors).filter(([field]) => !shown(field));
    formError.value = elsewhere.length
      ? `Not saved. ${elsewhere.map(([field, messages]) => `${field}: ${messages[0]}`).join(' ')}`
      : '';
  }

  async function submit(shown: (field: string) => boolean): Promise<boolean> {
    saved.value = false;
    const lists: Partial<Record<IdField, number[]>> = {};
    const notIds: Record<string, string[]> = {};
    for (const field of idFields) {
      const { ids, bad } = parseIds(idTexts.value[field]);
      lists[field] = ids;
      if (bad.length > 0) notIds[field] = [`Not an id: ${bad.join(', ')}.`];
    }
    const input = { ...detail.opened, ...body.value, ...lists };
    const checked = campaignUpdateInputSchema.safeParse(input);
    if (!checked.success || Object.keys(notIds).length > 0) {
      place({ ...(checked.success ? {} : fieldErrorsFromZod(checked.error)), ...notIds }, shown);
      return false;
    }
    place({}, shown);
    saving.value = true;
    try {
      await detail.save(checked.data);
      saved.value = true;
      return true;
    } catch (thrown) {
      const error = toCallError(thrown);
      if (Object.keys(error.fieldErrors).length > 0) place(sayAtFields(error), shown);
      else formError.value = `Not saved. ${sayError(error)}`;
      return false;
    } finally {
      saving.value = false;
    }
  }

  return {
    body,
    idTexts,
    saving,
    saved,
    dirty,
    fieldErrors,
    formError,
    errorAt,
    goalField,
    submit,
    reset: () => reset(detail.campaign),
  };
}
