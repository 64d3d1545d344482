import type { Rectangle } from 'electron';

export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };

/**
 * The saved window state, if it still fits: a monitor unplugged since the last run must not
 * leave the window off screen, so saved bounds are used only when they overlap a display.
 */
export function restorableState(saved: unknown, displays: Rectangle[]): WindowState | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { bounds, maximized } = saved as Partial<WindowState>;
  if (!bounds || ![bounds.x, bounds.y, bounds.width, bounds.height].every(Number.isFinite)) return null;
  if (bounds.width < 400 || bounds.height < 300) return null;
  const visible = displays.some(
    (d) =>
      bounds.x < d.x + d.width - 50 &&
      bounds.x + bounds.width > d.x + 50 &&
      bounds.y < d.y + d.height - 50 &&
      bounds.y + bounds.height > d.y + 50,
  );
  return visible ? { bounds, maximized: Boolean(maximized) } : null;
}
