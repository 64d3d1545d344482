import { dashboardArea } from '../../src/sandbox/areas/dashboard/index.ts';
import { libraryArea } from '../../src/sandbox/areas/library/index.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/start.ts';

/**
 * The options every test sandbox starts with: a frozen clock, so a test that compares a date the
 * sandbox wrote with its `now` holds however slowly a busy machine runs between the two (the
 * clock moves only by `sandbox.clock.advance`). A test that needs the running clock passes
 * `frozenClock: false`.
 */
export const testSandboxDefaults: SandboxOptions = { frozenClock: true };

/**
 * A real sandbox on a free loopback port, with the library and dashboard areas (the areas these
 * tests cover; the others have their own tests), called over real HTTP.
 */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    ...testSandboxDefaults,
    areas: [libraryArea, dashboardArea],
    ...options,
  });
  return new TestSandbox(sandbox);
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Raw body text, sent as application/json (to test bad JSON). */
  rawBody?: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed with schemas in the tests
  text: string;
}

export class TestSandbox {
  readonly sandbox: RunningSandbox;

  constructor(sandbox: RunningSandbox) {
    this.sandbox = sandbox;
  }

  get brands() {
    return this.sandbox.brands;
  }

  url(path: string, query: CallOptions['query'] = {}): string {
    const url = new URL(this.sandbox.origin + path);
    for (const [name, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** Calls with the normal user's token unless `token` says otherwise (null: no header). */
  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const token = options.token === undefined ? this.sandbox.tokens.user : options.token;
    const headers: Record<string, string> = { ...options.headers };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(path.startsWith('http') ? path : this.url(path, options.query), {
      method,
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed, text };
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}
