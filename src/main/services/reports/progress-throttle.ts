/**
 * At most one progress report per `intervalMs` (the first at once), so a fast export does not
 * flood the renderer with events it cannot draw anyway; the final state is always sent by the
 * caller, outside this.
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
