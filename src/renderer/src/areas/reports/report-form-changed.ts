import {
  reportConfigSchema,
  type ReportConfig,
  type ReportConfigInput,
} from '../../../../shared/contract/index.ts';

/**
 * Whether the form now describes another report than the preview shows: "Form changed" is said
 * from the two configurations' values, never from edits having happened. A field changed and
 * changed back is no change; neither is what the configuration's own rules make the same (a
 * metric typed with spaces around it, keys in another order, brands in another order). A form
 * that no longer makes a valid report has changed.
 */
export function formChanged(current: ReportConfigInput, shown: ReportConfig | null): boolean {
  if (shown === null) return false;
  const checked = reportConfigSchema.safeParse(current);
  if (!checked.success) return true;
  return canonical(checked.data) !== canonical(shown);
}

/** Lists of brands are sets to the service; every other list keeps its order (metrics: columns). */
const unordered = new Set(['brand_ids', 'competitive_brand_ids']);

function canonical(config: ReportConfig): string {
  return JSON.stringify(config, (key, value: unknown) => {
    if (unordered.has(key) && Array.isArray(value)) return [...(value as number[])].sort((a, b) => a - b);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, item]) => item !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    }
    return value;
  });
}
