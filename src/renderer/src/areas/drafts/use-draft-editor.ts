import { useDebounceFn, useEventListener } from '@vueuse/core';
import {
  computed,
  inject,
  onScopeDispose,
  provide,
  ref,
  shallowRef,
  toRaw,
  watch,
  type InjectionKey,
} from 'vue';
import { onBeforeRouteLeave } from 'vue-router';
import {
  ContractCallError,
  type Draft,
  type DraftFields,
  type DraftSummary,
} from '../../../../shared/contract/index.ts';
import { api, on } from '../../api/contract-client.ts';
import { toCallError } from '../../lib/call-error.ts';
import { sayAtField, sayError } from '../../lib/error-presenter.ts';
import { schemaErrors, valueAt, type FieldErrors } from './draft-rules.ts';

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';
export type DraftAction = 'schedule' | 'draft' | 'publish';

const statusOf: Record<DraftAction, string> = {
  schedule: 'SCHEDULED',
  draft: 'DRAFT',
  publish: 'AUTOPUBLISHING',
};

/** Saved within a second of the last keystroke, and at least once a second while typing on. */
const SAVE_WAIT_MS = 300;
const SAVE_MAX_WAIT_MS = 1000;

/**
 * One draft open in the composer. Every edit of `fields` is saved to the local drafts database
 * (drafts:save) within a second, online or not, and at once when the page is left or closed; the
 * shared schemas check the fields as they change; the service's refusal (a 422) stays at each
 * field it names until that field is edited. The actions set the post's status and queue it.
 */
export function useDraftEditor(id: string) {
  const draft = shallowRef<Draft>();
  const fields = ref<DraftFields>({});
  const brandId = ref<number>(0);
  const loadError = shallowRef<ContractCallError | null>(null);
  const saveState = ref<SaveState>('saved');
  const saveError = shallowRef<ContractCallError | null>(null);
  const actionError = ref('');
  const acting = ref(false);
  /** Errors of the composer's own (a schedule without a time). */
  const localErrors = shallowRef<FieldErrors>({});
  /** The fields as they were when the service refused them: its errors stand until edited. */
  let refusedFields: DraftFields = {};
  let saving: Promise<void> | undefined;
  let loaded = false;

  async function load(): Promise<void> {
    loadError.value = null;
    try {
      const answer = await api['drafts:get']({ id });
      draft.value = answer;
      refusedFields = structuredClone(answer.fields);
      brandId.value = answer.brandId;
      fields.value = structuredClone(answer.fields);
      loaded = true;
      void loadServicePost();
    } catch (error) {
      loadError.value = toCallError(error);
    }
  }

  /** The service's copy of the post being edited (its approval requests' states), when read. */
  const servicePost = shallowRef<Record<string, unknown> | null>(null);
  const servicePostError = shallowRef<ContractCallError | null>(null);
  const readingPost = ref(false);
  async function loadServicePost(): Promise<void> {
    if (draft.value?.postId == null) return;
    readingPost.value = true;
    try {
      servicePost.value = (await api['drafts:post']({ id })).post;
      servicePostError.value = null;
    } catch (error) {
      servicePostError.value = toCallError(error);
    } finally {
      readingPost.value = false;
    }
  }

  const clientErrors = computed<FieldErrors>(() =>
    draft.value
      ? schemaErrors(
          { channel: draft.value.channel, brandId: brandId.value, postId: draft.value.postId, draftId: id },
          fields.value,
        )
      : {},
  );
  /** The service's field errors still about what is on screen. */
  const serviceErrors = computed<FieldErrors>(() => {
    const error = draft.value?.state === 'failed' ? draft.value.error : null;
    if (!error) return {};
    // In the presenter's words: a publish time that has passed says the time to pick, in the
    // person's time zone, never the service's clock.
    return Object.fromEntries(
      Object.keys(error.fieldErrors)
        .filter((path) => same(valueAt(fields.value, path), valueAt(refusedFields, path)))
        .map((path) => [path, [sayAtField(error, path)!]]),
    );
  });
  const errors = computed<FieldErrors>(() => ({
    ...serviceErrors.value,
    ...clientErrors.value,
    ...localErrors.value,
  }));
  const errorAt = (path: string): string | undefined => errors.value[path]?.[0];

  // ---- saving ----

  const saveSoon = useDebounceFn(() => save(), SAVE_WAIT_MS, { maxWait: SAVE_MAX_WAIT_MS });
  watch(
    [fields, brandId],
    () => {
      if (!loaded) return;
      saveState.value = 'unsaved';
      localErrors.value = {};
      void saveSoon();
    },
    { deep: true, flush: 'sync' },
  );

  /** Saves what is on screen now; one save at a time, the last edit always saved last. */
  async function save(): Promise<void> {
    if (saving) {
      await saving;
      if (saveState.value === 'saved') return;
    }
    if (saveState.value === 'saved' || !draft.value) return;
    const sent = JSON.parse(JSON.stringify(toRaw(fields.value))) as DraftFields;
    const brand = draft.value.postId === null ? brandId.value : undefined;
    saveState.value = 'saving';
    let edited = false;
    const stopEdited = watch([fields, brandId], () => (edited = true), { deep: true, flush: 'sync' });
    const since = heard;
    saving = (async () => {
      try {
        const summary = await api['drafts:save']({ id, fields: sent, ...(brand ? { brandId: brand } : {}) });
        applyAnswer(summary, since);
        saveError.value = null;
        saveState.value = edited ? 'unsaved' : 'saved';
      } catch (error) {
        saveError.value = toCallError(error);
        saveState.value = 'failed';
      } finally {
        stopEdited();
        saving = undefined;
      }
    })();
    await saving;
    if ((saveState.value as SaveState) === 'unsaved') void saveSoon();
  }

  /** Every edit on screen is in the drafts database once this resolves (unless saving failed). */
  async function flush(): Promise<void> {
    if (saving) await saving;
    if (saveState.value === 'unsaved' || saveState.value === 'failed') await save();
  }

  onBeforeRouteLeave(() => flush().then(() => true));
  useEventListener(window, 'beforeunload', () => void flush());
  onScopeDispose(() => void flush());

  // ---- the outbox's news about this draft ----

  /** News of this draft heard by event: a call's answer older than the news is not applied. */
  let heard = 0;
  /** Applies the answer of a call started when `heard` was `since`, unless news came meanwhile. */
  function applyAnswer(summary: DraftSummary, since: number): void {
    if (heard === since) applySummary(summary);
  }

  function applySummary(summary: DraftSummary): void {
    if (!draft.value) return;
    // A new refusal is about the fields as they are now; its errors stand until they are edited.
    const newRefusal =
      summary.state === 'failed' &&
      (draft.value.state !== 'failed' || JSON.stringify(summary.error) !== JSON.stringify(draft.value.error));
    if (newRefusal) refusedFields = JSON.parse(JSON.stringify(toRaw(fields.value))) as DraftFields;
    draft.value = {
      ...draft.value,
      ...summary,
      conflict: summary.state === 'conflict' ? draft.value.conflict : null,
    };
  }

  const stopListening = on('drafts:changed', ({ id: changed, draft: summary }) => {
    if (changed !== id || !draft.value) return;
    heard += 1;
    if (!summary) {
      loadError.value = new ContractCallError({
        code: 'not_found',
        message: 'This draft was deleted.',
        fieldErrors: {},
      });
      return;
    }
    const wasConflict = draft.value.state === 'conflict';
    const wasSynced = draft.value.state === 'synced';
    applySummary(summary);
    // Just synced: the service's copy (its approvals, its status) has moved with it.
    if (summary.state === 'synced' && !wasSynced) void loadServicePost();
    // The versions to compare come with the full draft only.
    if (summary.state === 'conflict' && !wasConflict) void refreshConflict();
  });
  onScopeDispose(stopListening);

  async function refreshConflict(): Promise<void> {
    try {
      const full = await api['drafts:get']({ id });
      if (draft.value) draft.value = { ...draft.value, ...full, fields: draft.value.fields };
    } catch {
      // Shown as a conflict without its versions; opening the draft again reads them.
    }
  }

  // ---- actions ----

  /** Schedule, save on the service as a draft, or publish now: the status set, then queued. */
  async function act(action: DraftAction): Promise<boolean> {
    actionError.value = '';
    fields.value.status = statusOf[action];
    if (action === 'schedule' && typeof fields.value.timestamp !== 'string') {
      localErrors.value = { timestamp: ['Pick a publish time to schedule this post.'] };
      actionError.value = 'Pick a publish time first.';
      return false;
    }
    if (Object.keys(clientErrors.value).length > 0) {
      actionError.value = 'Fix the fields marked in red first.';
      return false;
    }
    acting.value = true;
    try {
      await flush();
      if (saveState.value === 'failed') throw saveError.value;
      const since = heard;
      applyAnswer(await api['drafts:sync']({ id }), since);
      return true;
    } catch (error) {
      actionError.value = sayError(error);
      return false;
    } finally {
      acting.value = false;
    }
  }

  async function retry(): Promise<void> {
    await flush();
    await api['drafts:retry']({ ids: [id] });
  }

  async function resolve(merged: DraftFields): Promise<void> {
    const conflict = draft.value?.conflict;
    if (!conflict) return;
    const since = heard;
    const summary = await api['drafts:resolve']({
      id,
      fields: merged,
      remoteUpdatedAt: conflict.remoteUpdatedAt,
    });
    loaded = false;
    fields.value = structuredClone(merged);
    saveState.value = 'saved';
    loaded = true;
    applyAnswer(summary, since);
  }

  return {
    id,
    draft,
    fields,
    brandId,
    loadError,
    saveState,
    saveError,
    actionError,
    acting,
    errors,
    serviceErrors,
    errorAt,
    servicePost,
    servicePostError,
    readingPost,
    loadServicePost,
    load,
    flush,
    act,
    retry,
    resolve,
  };
}

export type DraftEditor = ReturnType<typeof useDraftEditor>;

const editorKey: InjectionKey<DraftEditor> = Symbol('draft-editor');

export function provideDraftEditor(editor: DraftEditor): void {
  provide(editorKey, editor);
}

/** The draft open in the composer, for its field groups. */
export function useEditor(): DraftEditor {
  const editor = inject(editorKey);
  if (!editor) throw new Error('useEditor() outside the composer');
  return editor;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
