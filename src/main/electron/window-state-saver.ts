import type { WindowState } from './window-state.ts';

/** How long the window must stay still before its bounds are written. */
export const SAVE_DELAY_MS = 500;

export interface WindowStateSaver {
  /** The window moved or resized: save once it has been still for `delayMs`. */
  saveSoon(): void;
  /** Save at once (the window is closing), dropping a pending save. */
  saveNow(): void;
  /** Drop a pending save (the window is gone). */
  cancel(): void;
}

/**
 * Saves the window's bounds shortly after each move or resize, so a crash does not lose them.
 * Debounced because a drag fires dozens of events a second and electron-store rewrites its whole
 * file on every set. (Ten lines, so no debounce package.) `read` answers null once the window is
 * gone; the state is read when the save runs, so it is where the drag ended.
 */
export function createWindowStateSaver(
  read: () => WindowState | null,
  write: (state: WindowState) => void,
  delayMs = SAVE_DELAY_MS,
): WindowStateSaver {
  let timer: ReturnType<typeof setTimeout> | undefined;

  function cancel(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  function saveNow(): void {
    cancel();
    const state = read();
    if (state) write(state);
  }

  return {
    saveSoon() {
      cancel();
      timer = setTimeout(saveNow, delayMs);
    },
    saveNow,
    cancel,
  };
}
