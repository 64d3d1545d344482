import type { CannedReply } from '../../../../../shared/contract/index.ts';

/**
 * `/` in the reply box opens the canned replies: typed in an empty box or at a word's start (so
 * a link's slashes or "and/or" do not), it starts a search that runs to the caret; choosing a
 * canned reply puts its words in place of the `/search`.
 */

export interface SlashTrigger {
  /** Where the `/` is. */
  start: number;
  /** Where the search ends (the caret). */
  end: number;
  query: string;
}

export function slashTrigger(text: string, caret: number): SlashTrigger | null {
  const before = text.slice(0, caret);
  const found = /(^|\s)\/([^\s/]*)$/u.exec(before);
  if (!found) return null;
  const start = before.length - found[2]!.length - 1;
  return { start, end: caret, query: found[2]! };
}

/** The canned replies a search finds, by name first, then by their words. */
export function findCanned(items: readonly CannedReply[], query: string): CannedReply[] {
  const wanted = query.trim().toLocaleLowerCase();
  if (wanted === '') return [...items];
  const inTitle = items.filter((item) => item.title.toLocaleLowerCase().includes(wanted));
  const inText = items.filter(
    (item) => !inTitle.includes(item) && item.text.toLocaleLowerCase().includes(wanted),
  );
  return [...inTitle, ...inText];
}

/** The text with `filled` in place of the trigger, and where the caret goes after it. */
export function applyCanned(
  text: string,
  trigger: SlashTrigger,
  filled: string,
): { text: string; caret: number } {
  const next = text.slice(0, trigger.start) + filled + text.slice(trigger.end);
  return { text: next, caret: trigger.start + filled.length };
}
