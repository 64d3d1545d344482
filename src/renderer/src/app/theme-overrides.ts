import type { GlobalThemeOverrides } from 'naive-ui';

/**
 * The app's colours, set once for every Naive UI component. Naive UI's light theme draws its
 * secondary text (#767c82) and its green, blue and amber below the 4.5:1 contrast text needs on
 * white, and its green again on its own tint (the active menu entry, tags, text buttons). These
 * are the same hues, a step deeper, so every text on a white or lightly tinted ground reads at
 * 4.5:1 or more, hovered or not; a tag's words take the deepest step, as a tag may sit on a
 * tinted row or card as well as on its own tint. The dark theme's colours already read on its
 * dark grounds.
 */
const green = { color: '#0e7a43', hover: '#11844a', pressed: '#0a6135' };
const blue = { color: '#1766c2', hover: '#1c72d4', pressed: '#11529f' };
const amber = { color: '#9c5a00', hover: '#a66100', pressed: '#7f4900' };
const red = { color: '#c0283f', hover: '#c93650', pressed: '#a01f34' };

function hue(name: 'primary' | 'info' | 'success' | 'warning' | 'error', tone: typeof green) {
  return {
    [`${name}Color`]: tone.color,
    [`${name}ColorHover`]: tone.hover,
    [`${name}ColorPressed`]: tone.pressed,
    [`${name}ColorSuppl`]: tone.hover,
  };
}

export const lightThemeOverrides: GlobalThemeOverrides = {
  common: {
    ...hue('primary', green),
    ...hue('success', green),
    ...hue('info', blue),
    ...hue('warning', amber),
    ...hue('error', red),
    // Secondary text: still a step quieter than the body text (#333639), legible on tints too.
    textColor3: '#5c6166',
  },
  Tag: {
    textColorPrimary: green.pressed,
    textColorSuccess: green.pressed,
    textColorInfo: blue.pressed,
    textColorWarning: amber.pressed,
    textColorError: red.pressed,
  },
};

export const darkThemeOverrides: GlobalThemeOverrides = {};
