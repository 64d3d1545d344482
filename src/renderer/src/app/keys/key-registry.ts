import { defineStore } from 'pinia';
import { computed, onScopeDispose, ref, shallowRef } from 'vue';
import type { KeyCommand } from './key-commands.ts';

export type KeyHandlers = Partial<Record<KeyCommand, () => void>>;

interface Layer {
  id: number;
  handlers: KeyHandlers;
}

/**
 * What each keyboard command does right now. Screens register their handlers while they are
 * mounted; the one registered last wins (a detail pane's Esc over its list's), and taking it
 * away gives the command back to the one below. The keys themselves are bound once, elsewhere.
 */
export const useKeyRegistry = defineStore('keys', () => {
  const layers = shallowRef<readonly Layer[]>([]);
  const helpOpen = ref(false);
  let nextId = 1;

  function register(handlers: KeyHandlers): () => void {
    const layer = { id: nextId++, handlers };
    layers.value = [...layers.value, layer];
    return () => {
      layers.value = layers.value.filter((l) => l.id !== layer.id);
    };
  }

  function handlerOf(command: KeyCommand): (() => void) | undefined {
    for (let i = layers.value.length - 1; i >= 0; i--) {
      const handler = layers.value[i]!.handlers[command];
      if (handler) return handler;
    }
    return undefined;
  }

  /** Runs a command; false when nothing on screen handles it (the key is left to the page). */
  function run(command: KeyCommand): boolean {
    const handler = handlerOf(command);
    if (!handler) return false;
    handler();
    return true;
  }

  /** The commands something on screen handles now, for the help to tell them apart. */
  const active = computed(
    () => new Set(layers.value.flatMap((layer) => Object.keys(layer.handlers) as KeyCommand[])),
  );

  return { register, run, active, helpOpen };
});

/** Registers a screen's handlers for as long as the calling component (or scope) lives. */
export function useKeys(handlers: KeyHandlers): void {
  const registry = useKeyRegistry();
  onScopeDispose(registry.register(handlers));
}
