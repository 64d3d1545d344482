/**
 * An error an area throws to answer with the error object. Anything else thrown in a route
 * becomes a 500, so a bug never leaks a stack trace or a half-written answer.
 */
export class SandboxError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.errors = errors;
  }
}
