import type { InjectionKey } from 'vue';
import type { InboxItem } from '../../../../shared/contract/index.ts';

/**
 * The list's own copy of a row, by id, when the list has read it: the copy triage changes at
 * once (and puts back when the service refuses). The inbox view provides it, and the detail pane
 * shows it instead of the copy it read, so the pane never disagrees with the row.
 */
export const liveRowKey: InjectionKey<(id: number) => InboxItem | undefined> = Symbol('inbox live row');
