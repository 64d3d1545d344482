import { afterEach, describe, expect, it, vi } from 'vitest';
import { dispatch, type Handlers } from '../../../src/main/services/dispatch.ts';

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
