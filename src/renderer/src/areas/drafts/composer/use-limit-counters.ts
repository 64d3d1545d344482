import { computed, type ComputedRef } from 'vue';
import type { DraftFields } from '../../../../../shared/contract/index.ts';
import {
  limitCounts,
  overLimitSentence,
  type LimitCount,
  type SchedulerChannel,
} from '../../../../../shared/domain/index.ts';
import { fieldLabel } from './field-labels.ts';
import type { DraftEditor } from './use-draft-editor.ts';

/** A counter as the composer shows it: the count, and what is over in words (null within). */
export interface Counter extends LimitCount {
  over: string | null;
}

const countersOfEditor = new WeakMap<DraftEditor, ComputedRef<Counter[]>>();

/**
 * Every counter of the draft open in `editor`, counted once per edit whatever the number of
 * fields that show one (an X thread weighs each part once, not once per part shown).
 */
export function countersOf(editor: DraftEditor): ComputedRef<Counter[]> {
  let counters = countersOfEditor.get(editor);
  if (!counters) {
    counters = computed(() => {
      const channel = editor.draft.value?.channel;
      if (!channel) return [];
      return limitCounts(channel, editor.fields.value).map((limit) => ({
        ...limit,
        over: overLimitSentence(limit),
      }));
    });
    countersOfEditor.set(editor, counters);
  }
  return counters;
}

/** The counters of one field (`caption`, `replies.0.text`). */
export function countersAt(editor: DraftEditor, path: string): Counter[] {
  return countersOf(editor).value.filter((counter) => counter.path === path);
}

/** What the composer calls a counted field in a line: "Caption", "Reply 2". */
function counterLabel(path: string): string {
  const reply = /^replies\.(\d+)\.text$/.exec(path);
  return reply ? `Reply ${Number(reply[1]) + 1}` : fieldLabel(path);
}

/**
 * The first bound the draft is past, as a line for the actions ("Caption: 31 hashtags, 1 more
 * than the 30 allowed."): the counter's own words; null when the draft is within every bound.
 */
export function overLimitLine(channel: SchedulerChannel, fields: DraftFields): string | null {
  for (const limit of limitCounts(channel, fields)) {
    const over = overLimitSentence(limit);
    if (over) return `${counterLabel(limit.path)}: ${over}`;
  }
  return null;
}
