import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch } from 'vue';
import { sayAtFields, sayError } from '../../lib/error-presenter.ts';
import {
  ContractCallError,
  migrateReportConfig,
  reportConfigSchema,
  type ReportConfig,
  type ReportNote,
  type SavedReportConfig,
} from '../../../../shared/contract/index.ts';
import { useBrandsStore } from '../../app/brands-store.ts';
import {
  blankForm,
  configOf,
  errorsOf,
  fieldsFor,
  formFieldOf,
  formOf,
  localToday,
  previousPeriod,
  lastDays,
  type ReportForm,
} from './report-form.ts';

/**
 * The report being built: the form, its errors and which saved configuration it came from. The
 * contract's rules are checked as the person types; a field's error shows once that field was
 * changed (or after a send), and a refusal from main or the service shows at its field until
 * that field changes.
 */
export const useReportBuilderStore = defineStore('report-builder', () => {
  const brands = useBrandsStore();
  const form = reactive<ReportForm>(blankForm(brands.selected, localToday()));
  const touched = reactive(new Set<string>());
  const attempted = ref(false);
  const serverErrors = ref<Record<string, string>>({});
  /** A refusal that belongs to no field (said under the form). */
  const formError = ref('');
  /** The saved configuration on screen, if one was opened or saved. */
  const saved = shallowRef<{ id: string; name: string } | null>(null);
  const notes = shallowRef<ReportNote[]>([]);
  let replacing = false;

  for (const key of Object.keys(form) as (keyof ReportForm)[]) {
    watch(
      () => form[key],
      () => {
        if (replacing) return;
        touched.add(key);
        if (serverErrors.value[key]) {
          const rest = { ...serverErrors.value };
          delete rest[key];
          serverErrors.value = rest;
        }
        formError.value = '';
      },
      { deep: true, flush: 'sync' },
    );
  }

  /** A new form's brands follow the brand picker until the person picks brands here. */
  watch(
    () => brands.selected,
    (selected) => {
      if (!touched.has('brand_ids') && !saved.value) replace({ brand_ids: [...selected] }, false);
    },
  );

  const fields = computed(() => fieldsFor(form));
  const liveErrors = computed(() => {
    const errors: Record<string, string> = {};
    for (const [field, message] of Object.entries(errorsOf(form))) errors[formFieldOf(field)] ??= message;
    return errors;
  });
  const errors = computed(() => {
    const shown: Record<string, string> = {};
    for (const [field, message] of Object.entries(liveErrors.value)) {
      if (attempted.value || touched.has(field)) shown[field] = message;
    }
    return { ...shown, ...serverErrors.value };
  });
  const errorAt = (field: string): string | undefined => errors.value[field];

  function replace(values: Partial<ReportForm>, resetTouched = true): void {
    replacing = true;
    Object.assign(form, values);
    replacing = false;
    if (resetTouched) {
      touched.clear();
      attempted.value = false;
      serverErrors.value = {};
      formError.value = '';
    }
  }

  /** The configuration to send, or null (the errors then all show at their fields). */
  function configToSend(): ReportConfig | null {
    attempted.value = true;
    if (Object.keys(liveErrors.value).length > 0) return null;
    const checked = reportConfigSchema.safeParse(configOf(form));
    return checked.success ? checked.data : null;
  }

  /**
   * Puts a refusal at the fields it names (main's own check, a 422 from the service); said under
   * the form when it names none. Cancelled calls are no refusal.
   */
  function showCallError(error: ContractCallError, action: string): void {
    if (error.code === 'cancelled') return;
    const atFields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(sayAtFields(error))) {
      if (messages[0]) atFields[formFieldOf(field)] ??= messages[0];
    }
    serverErrors.value = atFields;
    formError.value = Object.keys(atFields).length === 0 ? `${action} ${sayError(error)}` : '';
  }

  function open(item: SavedReportConfig): void {
    const { config, notes: migrated } = migrateReportConfig(item.config);
    replace(formOf(config, blankForm(brands.selected, localToday())));
    saved.value = { id: item.id, name: item.name };
    notes.value = [...item.notes, ...migrated];
  }

  function startNew(): void {
    replace(blankForm(brands.selected, localToday()));
    saved.value = null;
    notes.value = [];
  }

  /** Fills the comparison range with the period just before the reporting range. */
  function comparePreviousPeriod(): void {
    form.context_range = previousPeriod(form.range ?? lastDays(30, localToday()));
  }

  return {
    form,
    fields,
    errors,
    errorAt,
    formError,
    saved,
    notes,
    configToSend,
    currentConfig: () => configOf(form),
    showCallError,
    open,
    startNew,
    comparePreviousPeriod,
  };
});
