import type { InjectionKey, Ref } from 'vue';
import type { InboxItem } from '../../../../shared/contract/index.ts';
import { keyCommands, keyLabel, type KeyCommand } from '../../app/keys/key-commands.ts';

/** The triage commands a row offers, as the key catalogue names them. */
export type TriageCommand = 'toggleRead' | 'archive' | 'followUp' | 'tag' | 'assign';

/** A command's key as shown beside its button: the catalogue's first key, the one the help lists. */
export function keyOf(command: KeyCommand): string {
  return keyLabel(keyCommands[command].keys[0]);
}

/**
 * What the detail pane's triage buttons run: the inbox's own keys' commands, on the pane's row,
 * so a button and its key do the same thing (the row leaving, the next one opening). The inbox
 * view provides it; the pane has no buttons where it is not given (or the service cannot triage).
 */
export interface TriageActions {
  canTriage: Ref<boolean>;
  run(command: TriageCommand, item: InboxItem): void;
  /** Whether this row was triaged out of the list (it shows on in the pane). */
  leftList(id: number): boolean;
  /** A tag's name and colour, for the pane's chips. */
  tagLook(id: number): { name: string; color?: string | null } | undefined;
}

export const triageActionsKey: InjectionKey<TriageActions> = Symbol('inbox triage actions');
