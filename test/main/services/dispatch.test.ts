import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/main/services/api/api-error.ts';
import { dispatch, type Handlers } from '../../../src/main/services/dispatch.ts';
import { DraftRefusal } from '../../../src/main/services/drafts/draft-store.ts';

/**
 * What crosses to the renderer is what the contract names: dispatch parses every answer through
 * the call's output schema, whatever the handler returned.
 */
const token = `sbx_user_${crypto.randomUUID()}`;

function handlersAnswering(answers: Partial<Record<keyof Handlers, unknown>>): Handlers {
  return Object.fromEntries(
    Object.entries(answers).map(([name, value]) => [name, async () => value]),
  ) as unknown as Handlers;
}

afterEach(() => vi.restoreAllMocks());

describe('dispatch: answers', () => {
  it('strips a field the contract does not name, such as a stray token, at every depth', async () => {
    const profile = {
      id: 'p1',
      name: 'Agency',
      baseUrls: {
        library: 'https://library.example.com',
        scheduler: 'https://scheduler.example.com',
        dashboard: 'https://dashboard.example.com',
        community: 'https://community.example.com',
      },
      brandIds: [1],
      tokenStore: 'keychain',
      hasToken: true,
      active: true,
    };
    const handlers = handlersAnswering({
      'accounts:keychain-status': { available: true, token },
      'accounts:list': {
        profiles: [{ ...profile, token }],
        activeId: 'p1',
        keychain: { available: true },
        token,
      },
    });

    const status = await dispatch(handlers, 'accounts:keychain-status', undefined);
    expect(status).toEqual({ ok: true, value: { available: true } });
    const list = await dispatch(handlers, 'accounts:list', undefined);
    expect(list).toMatchObject({ ok: true, value: { profiles: [profile], activeId: 'p1' } });
    expect(JSON.stringify([status, list])).not.toContain(token);
  });

  it('answers an internal error, and logs where but not what, when an answer breaks the contract', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = handlersAnswering({ 'accounts:keychain-status': { available: token } });

    const result = await dispatch(handlers, 'accounts:keychain-status', undefined);
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Socialdesk.', fieldErrors: {} },
    });
    expect(logged).toHaveBeenCalledTimes(1);
    const line = logged.mock.calls[0]!.map(String).join(' ');
    expect(line).toContain('accounts:keychain-status');
    expect(line).toContain('available');
    expect(line).not.toContain(token);
  });
});

describe("dispatch: every failure of a service call as the contract's error", () => {
  const failing = (error: unknown): Handlers =>
    ({
      'tags:list': async () => {
        throw error;
      },
    }) as unknown as Handlers;
  const run = (error: unknown, signal?: AbortSignal) =>
    dispatch(failing(error), 'tags:list', { brandIds: [1] }, { signal });
  const http = (status: number, errors: Record<string, string[]> = {}) =>
    new ApiError({
      kind: 'http',
      operation: 'community.listTags',
      status,
      body: { code: status, errors, message: `Service says ${status}.`, status: '' },
      message: `Service says ${status}.`,
    });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'invalid_input'],
    [429, 'rate_limited'],
    [500, 'service_error'],
    [503, 'service_error'],
  ])('a %i answer is %s, with its status', async (status, code) => {
    const answer = await run(http(status));
    expect(answer).toMatchObject({ ok: false, error: { code, status } });
    if (answer.ok) return;
    expect(answer.error.message).not.toBe('Something went wrong in Socialdesk.');
  });

  it("keeps the service's field errors of a 422 for the form", async () => {
    const answer = await run(http(422, { name: ['Must be at most 64 characters.'] }));
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { name: ['Must be at most 64 characters.'] } },
    });
  });

  it("marks the service's own text as machine words, and Socialdesk's sentences as plain", async () => {
    const refused = await run(http(422, { assignee_id: ['Unknown user.'] }));
    expect(refused).toMatchObject({ ok: false, error: { message: 'Service says 422.', wording: 'machine' } });
    const unauthorized = await run(http(401));
    expect(unauthorized.ok ? null : unauthorized.error.wording).toBeUndefined();
  });

  it("answers a service's own refusal (a draft's) as it is, the field at fault included", async () => {
    const gone = await run(
      new DraftRefusal('not_found', 'This draft does not exist (it may have been deleted).'),
    );
    expect(gone).toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'This draft does not exist (it may have been deleted).',
        fieldErrors: {},
      },
    });
    const elsewhere = await run(
      new DraftRefusal('invalid_input', 'The post belongs to another brand.', 'brandId'),
    );
    expect(elsewhere).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fieldErrors: { brandId: ['The post belongs to another brand.'] } },
    });
  });

  it.each([
    ['network', 'offline'],
    ['timeout', 'offline'],
    ['no_token', 'unauthorized'],
  ] as const)('no answer (%s) is %s', async (kind, code) => {
    const error = new ApiError({ kind, operation: 'community.listTags', message: 'no answer' });
    expect(await run(error)).toMatchObject({ ok: false, error: { code } });
  });

  it('a call whose caller went away is cancelled, and nothing is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const controller = new AbortController();
    controller.abort();
    expect(await run(new DOMException('aborted', 'AbortError'), controller.signal)).toMatchObject({
      ok: false,
      error: { code: 'cancelled' },
    });
    expect(logged).not.toHaveBeenCalled();
  });

  it("anything else is internal, logged by call name without the error's details beyond its message", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await run(new TypeError('x is undefined'))).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(logged.mock.calls[0]!.map(String).join(' ')).toContain('tags:list');
  });

  it("hands the handler the lane of the call's meta, interactive by default", async () => {
    const lanes: string[] = [];
    const handlers = {
      'tags:list': async (_input: unknown, { lane }: { lane: string }) => {
        lanes.push(lane);
        return { items: [] };
      },
    } as unknown as Handlers;
    await dispatch(handlers, 'tags:list', { brandIds: [1] });
    await dispatch(handlers, 'tags:list', { brandIds: [1] }, { meta: { lane: 'background' } });
    expect(lanes).toEqual(['interactive', 'background']);
  });
});
