import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWindowStateSaver, SAVE_DELAY_MS } from '../../../src/main/electron/window-state-saver.ts';
import type { WindowState } from '../../../src/main/electron/window-state.ts';

/** A window whose bounds a test moves, and the store its saver writes to. */
function setup() {
  let current: WindowState | null = { bounds: { x: 0, y: 0, width: 1280, height: 820 }, maximized: false };
  const written: WindowState[] = [];
  const saver = createWindowStateSaver(
    () => current,
    (state) => written.push(state),
  );
  const moveTo = (x: number) => {
    current = { bounds: { x, y: 0, width: 1280, height: 820 }, maximized: false };
    saver.saveSoon();
  };
  const closeWindow = () => (current = null);
  return { saver, written, moveTo, closeWindow };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('saving the window bounds while the app runs', () => {
  it('writes once the window has been still for the delay, where the drag ended', () => {
    const { written, moveTo } = setup();
    for (let x = 10; x <= 300; x += 10) {
      moveTo(x);
      vi.advanceTimersByTime(SAVE_DELAY_MS / 10);
    }
    expect(written).toEqual([]);

    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(written).toEqual([{ bounds: { x: 300, y: 0, width: 1280, height: 820 }, maximized: false }]);
  });

  it('waits the full delay after the last change, and writes nothing more when nothing changes', () => {
    const { written, moveTo } = setup();
    moveTo(50);
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(written).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(10 * SAVE_DELAY_MS);
    expect(written).toHaveLength(1);
  });

  it('saves at once on close and drops the pending save', () => {
    const { saver, written, moveTo } = setup();
    moveTo(120);
    saver.saveNow();
    expect(written.map((s) => s.bounds.x)).toEqual([120]);
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(written).toHaveLength(1);
  });

  it('writes nothing for a window that is gone', () => {
    const { saver, written, moveTo, closeWindow } = setup();
    moveTo(80);
    closeWindow();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    saver.saveNow();
    expect(written).toEqual([]);
  });

  it('cancel drops a pending save', () => {
    const { saver, written, moveTo } = setup();
    moveTo(80);
    saver.cancel();
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect(written).toEqual([]);
  });
});
