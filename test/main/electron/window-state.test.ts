import { describe, expect, it } from 'vitest';
import { restorableState } from '../../../src/main/electron/window-state.ts';

const laptop = { x: 0, y: 0, width: 1440, height: 900 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('remembered window bounds', () => {
  it('restores bounds that are still on a display, with the maximized flag', () => {
    const saved = { bounds: { x: 100, y: 80, width: 1200, height: 800 }, maximized: true };
    expect(restorableState(saved, [laptop])).toEqual(saved);
  });

  it('drops bounds on a display that has been unplugged, so the window is not lost off screen', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1200, height: 800 }, maximized: false };
    expect(restorableState(saved, [laptop, external])).toEqual(saved);
    expect(restorableState(saved, [laptop])).toBeNull();
  });

  it('ignores nothing saved, damaged values and windows too small to use', () => {
    expect(restorableState(undefined, [laptop])).toBeNull();
    expect(restorableState({ bounds: { x: 'a', y: 0, width: 900, height: 700 } }, [laptop])).toBeNull();
    expect(restorableState({ bounds: { x: 0, y: 0, width: 100, height: 80 } }, [laptop])).toBeNull();
  });
});
