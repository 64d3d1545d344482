import { onScopeDispose } from 'vue';
import { useRouter } from 'vue-router';
import { tinykeys, type KeybindingsMap } from 'tinykeys';
import { keyCommands, type KeyCommand } from './key-commands.ts';
import { useKeyRegistry, useKeys } from './key-registry.ts';

/** Where a key press means typing, or belongs to an open dialog: keys do nothing there. */
const typingPlaces =
  'input, textarea, select, [contenteditable], [contenteditable=""], [role="textbox"], [role="combobox"]';
const dialogPlaces = '[role="dialog"], .n-modal-container, .n-drawer-container';
/** Enter on a focused button or link is that control's, not the list's. */
const controls = 'button, a[href], [role="button"], [role="menuitem"], [role="option"], [role="checkbox"]';

export function keyIgnored(event: KeyboardEvent): boolean {
  if (event.isComposing) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (target.closest(typingPlaces) || target.closest(dialogPlaces)) return true;
  return event.key === 'Enter' && target.closest(controls) !== null;
}

/**
 * Binds every key of the catalogue once, on the window, for as long as the app shell lives; each
 * press runs whatever the registry says the command does now. Also the app-wide commands: go to
 * the inbox or the tags, and `?` for the help.
 */
export function useAppKeys(target: Window | HTMLElement = window): void {
  const registry = useKeyRegistry();
  const router = useRouter();
  const bindings = (Object.entries(keyCommands) as [KeyCommand, { keys: readonly string[] }][]).flatMap(
    ([command, { keys }]) => keys.map((key) => ({ command, key })),
  );
  // Sequences first: tinykeys stops at the first binding that fires, so "t" listed before
  // "g t" would take the second press of "g t" for itself.
  bindings.sort((a, b) => b.key.split(' ').length - a.key.split(' ').length);
  const keymap: KeybindingsMap = {};
  for (const { command, key } of bindings) {
    keymap[key] = (event) => {
      if (registry.run(command)) event.preventDefault();
    };
  }
  onScopeDispose(tinykeys(target, keymap, { ignore: keyIgnored }));

  useKeys({
    goInbox: () => void router.push({ name: 'inbox' }),
    goTags: () => void router.push({ name: 'tags' }),
    help: () => {
      registry.helpOpen = !registry.helpOpen;
    },
  });
}
