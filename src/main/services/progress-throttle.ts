/** Progress events of long work (an export, a bulk action) at most this often: about ten a second. */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * At most one progress report per `intervalMs` (the first at once), so fast work does not flood
 * the renderer with events it cannot draw anyway; the final state is always sent by the caller,
 * outside this.
 */
export function progressThrottle(options: { intervalMs: number; now: () => number }) {
  let last = Number.NEGATIVE_INFINITY;
  return (): boolean => {
    const now = options.now();
    if (now - last < options.intervalMs) return false;
    last = now;
    return true;
  };
}
