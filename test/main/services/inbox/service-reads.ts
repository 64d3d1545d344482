import type { RunningSandbox } from '../support/sandbox.ts';

/** A request to the sandbox's community area as another client would send it, without the app. */
export async function serviceGet<T>(sandbox: RunningSandbox, path: string): Promise<T> {
  const response = await fetch(`${sandbox.urls.community}/${path}`, {
    headers: { authorization: `Bearer ${sandbox.tokens.user}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function servicePost<T>(sandbox: RunningSandbox, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${sandbox.urls.community}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.tokens.user}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface ServiceList {
  data: { id: number; [key: string]: unknown }[];
  paging: { count: number };
}

/** The sandbox's own interactions list for a query string written out by hand. */
export function serviceList(sandbox: RunningSandbox, query: string): Promise<ServiceList> {
  return serviceGet<ServiceList>(sandbox, `community_interactions?${query}`);
}

/** The method of a request as the API client's fetch receives it. */
export function methodOf(input: string | URL | Request, init?: RequestInit): string {
  return (input instanceof Request ? input.method : (init?.method ?? 'GET')).toUpperCase();
}

export function urlOf(input: string | URL | Request): URL {
  return new URL(input instanceof Request ? input.url : String(input));
}
