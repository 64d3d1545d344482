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
import type { SchedulerChannel } from '../../../../../shared/domain/index.ts';
import {
  ContractCallError,
  type Draft,
  type DraftFields,
  type DraftSummary,
} from '../../../../../shared/contract/index.ts';
import { api, on } from '../../../api/contract-client.ts';
import { toCallError } from '../../../lib/call-error.ts';
import { sayAtField, sayError } from '../../../lib/error-presenter.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { schemaErrors, valueAt, type FieldErrors } from '../draft-rules.ts';
import { overLimitLine } from './use-limit-counters.ts';
import { mediaIdsOf, useMediaLookup } from './use-media-lookup.ts';

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';

/**
 * A post on the service opened to edit, before any draft of it exists (`posts:open`): its fields
 * are shown as they are, and the draft is started by the first change, so opening and closing
 * leaves nothing behind.
 */
export interface OpenedPost {
  channel: SchedulerChannel;
  post: Record<string, unknown> & { id: number; updated_at: string };
  fields: DraftFields;
  /** Published: shown, not edited. */
  readOnly: boolean;
}
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
 *
 * The draft's state (queued, failed and why, synced, in conflict) is heard one way only: main's
 * `drafts:changed`, which tells every change of it, ours (a save, a sync) and the outbox's, in
 * the order they happened. The calls that change it only acknowledge, so no answer can arrive
 * after newer news and undo it.
 */
export function useDraftEditor(start: string | OpenedPost) {
  const openedPost = typeof start === 'string' ? null : start;
  /** The draft's id: none yet for a post opened and not changed. */
  const draftId = ref<string | null>(typeof start === 'string' ? start : null);
  const readOnly = computed(() => openedPost?.readOnly === true);
  /** The draft as it was when opened; from then on it follows `drafts:changed`. */
  const opened = useLoad(null, (signal) =>
    openedPost
      ? Promise.resolve(draftOfPost(openedPost))
      : api['drafts:get']({ id: draftId.value! }, { signal }),
  );
  const draft = shallowRef<Draft>();
  const fields = ref<DraftFields>({});
  const brandId = ref<number>(0);
  /** Deleted while open (here, in the list, or by removing the profile). */
  const deleted = shallowRef<ContractCallError | null>(null);
  const loadError = computed(() => deleted.value ?? opened.error.value);
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

  /** The service's copy of the post being edited (its approval requests' states), when read. */
  const servicePostLoad = useLoad(null, (signal) => api['drafts:post']({ id: draftId.value! }, { signal }), {
    enabled: () => draft.value?.postId != null && draftId.value !== null,
  });
  const servicePost = computed(() => servicePostLoad.data.value?.post ?? openedPost?.post ?? null);

  watch(
    opened.data,
    (answer) => {
      if (!answer || loaded) return;
      draft.value = answer;
      refusedFields = structuredClone(answer.fields);
      brandId.value = answer.brandId;
      fields.value = structuredClone(answer.fields);
      loaded = true;
      void servicePostLoad.reload();
    },
    { flush: 'sync' },
  );

  const clientErrors = computed<FieldErrors>(() =>
    draft.value
      ? schemaErrors(
          {
            channel: draft.value.channel,
            brandId: brandId.value,
            postId: draft.value.postId,
            draftId: draftId.value ?? '',
          },
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
    saving = (async () => {
      try {
        if (draftId.value === null && openedPost) {
          // The first change of a post opened to edit: only now does a draft of it begin.
          const created = await api['drafts:create']({
            channel: openedPost.channel,
            brandId: brandId.value,
            post: openedPost.post,
            fields: sent,
          });
          draftId.value = created.id;
          draft.value = { ...created, fields: draft.value!.fields };
          void servicePostLoad.reload();
        } else {
          await api['drafts:save']({
            id: draftId.value!,
            fields: sent,
            ...(brand ? { brandId: brand } : {}),
          });
        }
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

  // ---- the news of this draft: every change of it, ours and the outbox's ----

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
    if (changed !== draftId.value || !draft.value) return;
    if (!summary) {
      deleted.value = new ContractCallError({
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
    if (summary.state === 'synced' && !wasSynced) void servicePostLoad.reload();
    // The versions to compare come with the full draft only.
    if (summary.state === 'conflict' && !wasConflict) void refreshConflict();
  });
  onScopeDispose(stopListening);

  /** The versions to compare, read when the draft goes into conflict (they come with the full draft). */
  const versions = useLoad(null, (signal) => api['drafts:get']({ id: draftId.value! }, { signal }));
  watch(versions.data, (full) => {
    if (full && draft.value) draft.value = { ...draft.value, conflict: full.conflict };
  });
  const refreshConflict = versions.reload;

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
      // A bound passed is said as its counter says it; other errors are at their fields.
      actionError.value =
        overLimitLine(draft.value!.channel, fields.value) ?? 'Fix the fields marked in red first.';
      return false;
    }
    acting.value = true;
    try {
      await flush();
      if (saveState.value === 'failed') throw saveError.value;
      // Queued, or failed at once with its reasons: either way the news says so.
      await api['drafts:sync']({ id: draftId.value! });
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
    if (draftId.value) await api['drafts:retry']({ ids: [draftId.value] });
  }

  /**
   * Ends the conflict with the merge chosen. The form (hidden while in conflict) holds the merge
   * before the draft leaves the conflict by the news, so it never shows the older fields.
   */
  async function resolve(merged: DraftFields): Promise<void> {
    const conflict = draft.value?.conflict;
    if (!conflict) return;
    const before = fields.value;
    setFieldsUnsaved(structuredClone(merged));
    try {
      await api['drafts:resolve']({
        id: draftId.value!,
        fields: merged,
        remoteUpdatedAt: conflict.remoteUpdatedAt,
      });
      saveState.value = 'saved';
    } catch (error) {
      setFieldsUnsaved(before);
      throw error;
    }
  }

  /** Fields main already has: shown without saving them again. */
  function setFieldsUnsaved(next: DraftFields): void {
    loaded = false;
    fields.value = next;
    loaded = true;
  }

  /** The media behind the fields' ids, as the brand's posts on the service show them. */
  const media = useMediaLookup(
    () => brandId.value,
    () => mediaIdsOf(fields.value),
  );

  return {
    draftId,
    readOnly,
    media,
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
    servicePostError: servicePostLoad.error,
    readingPost: servicePostLoad.loading,
    loadServicePost: servicePostLoad.reload,
    versionsError: versions.error,
    readingVersions: versions.loading,
    loadVersions: versions.reload,
    load: opened.reload,
    loading: opened.loading,
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

/** A post opened to edit, drawn as a draft that is not on this computer yet. */
function draftOfPost({ channel, post, fields }: OpenedPost): Draft {
  const at = post.updated_at;
  return {
    id: '',
    channel,
    brandId: post.brand_id as number,
    state: 'synced',
    error: null,
    postId: post.id,
    baseUpdatedAt: at,
    preview: '',
    scheduledAt: typeof fields.timestamp === 'string' ? fields.timestamp : null,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    syncedAt: at,
    fields: structuredClone(fields),
    conflict: null,
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
