import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility audit the end-to-end tests run at their checkpoints: axe-core's rules on the
 * screen as it is now, in the theme it shows and in the other one, and the test fails on any
 * serious or critical violation, each listed with its rule, where it is and what to fix.
 *
 * The theme follows the system's light or dark preference while the setting is "system" (every
 * fixture's start): the audit switches the page's preference and back, so the screen keeps its
 * state (an open drawer, a filter, a half-filled form), which a reload for a saved theme would lose.
 */

type Theme = 'light' | 'dark';

export interface AccessibilityFinding {
  theme: Theme;
  rule: string;
  impact: string;
  help: string;
  /** Where: axe's selector for the element. */
  target: string;
  /** What to fix there, as axe words it. */
  summary: string;
}

const blocking = new Set(['serious', 'critical']);
/**
 * What a theme changes: colours only. Names, roles, headings and labels are the same in both, so
 * the other theme is checked for these rules alone (a third of a full run's time on a long list).
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

/** Fails the test with every serious or critical violation on this screen, in either theme. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const findings = await auditBothThemes(page);
  expect(findings.map(describe), `accessibility of ${screen}`).toEqual([]);
}

/** The serious and critical violations on the page as it is now: every rule, and colours in both themes. */
export async function auditBothThemes(page: Page): Promise<AccessibilityFinding[]> {
  const shown = await currentTheme(page);
  const other: Theme = shown === 'dark' ? 'light' : 'dark';
  const findings = await audit(page, shown);
  await showTheme(page, other);
  try {
    findings.push(...(await audit(page, other, colourRules)));
  } finally {
    await showTheme(page, shown);
  }
  return findings;
}

async function currentTheme(page: Page): Promise<Theme> {
  const theme = await page.locator('html').getAttribute('data-theme');
  if (theme !== 'light' && theme !== 'dark') throw new Error(`the page shows no theme (data-theme=${theme})`);
  return theme;
}

async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(
    page.locator('html'),
    'the app follows the system theme (the theme setting is "system")',
  ).toHaveAttribute('data-theme', theme);
}

async function audit(page: Page, theme: Theme, rules?: string[]): Promise<AccessibilityFinding[]> {
  await settled(page);
  const axe = new AxeBuilder({ page });
  const results = await (rules ? axe.withRules(rules) : axe).analyze();
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        theme,
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        target: node.target.join(' '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    );
}

/**
 * Waits until no transition or finite animation is running: a colour read halfway through the
 * theme's change (Naive UI fades its colours) or a drawer still sliding in is not what a person
 * reads. Spinners and other endless animations are left running.
 */
async function settled(page: Page): Promise<void> {
  // Runs in the page (this project's tests have no DOM types): the animation API, as used here.
  interface PageAnimation {
    playState: string;
    effect: { getComputedTiming(): { endTime?: number | string } } | null;
    finished: Promise<unknown>;
  }
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as { document: { getAnimations(): PageAnimation[] } };
    const running = () =>
      document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
      });
    // A finished change may start the next (a colour after a size): until none is left.
    for (let round = 0; round < 20; round++) {
      const now = running();
      if (now.length === 0) return;
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

function describe(finding: AccessibilityFinding): string {
  return `${finding.theme}: ${finding.rule} (${finding.impact}) ${finding.help}, at ${finding.target}: ${finding.summary}`;
}
