import type { z } from 'zod';

/** One response that did not match its schema: which operation, and where it differed. */
export interface Diagnostic {
  operation: string;
  /** Path and message only; the offending values are not kept (they may be personal data). */
  issues: { path: string; message: string }[];
  at: number;
}

export type DiagnosticSink = (diagnostic: Diagnostic) => void;

/**
 * Lenient reading of a response: the schema is a check, not a gate. The raw data is returned
 * as it came, so fields the schema does not know are kept and nothing is coerced; a mismatch
 * becomes a diagnostic for the log, and the caller still gets the data. A service that adds a
 * field or sends a number as text must not break the inbox.
 */
export function readLeniently<T>(
  operation: string,
  schema: z.ZodType | undefined,
  data: unknown,
  sink: DiagnosticSink,
): T {
  if (schema) {
    const result = schema.safeParse(data);
    if (!result.success) {
      sink({ operation, issues: flatten(result.error.issues, []), at: Date.now() });
    }
  }
  return data as T;
}

/**
 * Issue paths and messages. A union that matched no branch (a campaign that is neither a full
 * nor a summary campaign) is reported by its closest branch, so the diagnostic names the field
 * at fault rather than just "data.0".
 */
function flatten(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[]): Diagnostic['issues'] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
      if (closest.length > 0) return flatten(closest, path);
    }
    return [{ path: path.map(String).join('.') || '(root)', message: issue.message }];
  });
}

/** Keeps the most recent diagnostics in memory, for a "service answered oddly" view or a log. */
export class DiagnosticLog {
  readonly #max: number;
  readonly #entries: Diagnostic[] = [];
  readonly #forward: DiagnosticSink | undefined;

  constructor(forward?: DiagnosticSink, max = 100) {
    this.#forward = forward;
    this.#max = max;
  }

  readonly sink: DiagnosticSink = (diagnostic) => {
    this.#entries.push(diagnostic);
    if (this.#entries.length > this.#max) this.#entries.shift();
    this.#forward?.(diagnostic);
  };

  entries(): readonly Diagnostic[] {
    return this.#entries;
  }
}

/**
 * The main-side log of diagnostics: the operation and the field paths, never the values (an
 * answer may carry personal data, or a token a service echoed).
 */
export const warnDiagnostic: DiagnosticSink = (diagnostic) => {
  const paths = [...new Set(diagnostic.issues.map((issue) => issue.path))];
  console.warn(`socialdesk: ${diagnostic.operation} answered unlike the interface at ${paths.join(', ')}`);
};
