/**
 * Resolves once the next frame has been drawn (the task after its animation frame), so work
 * started then does not hold that frame up. A page in the background draws no frames: after
 * `fallbackMs` it resolves all the same, so nothing waits on a frame that never comes.
 */
export function afterPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
