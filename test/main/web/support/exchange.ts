/** What the shell answered to opening a link, as a browser would see it before following it. */
export interface Exchange {
  status: number;
  location: string | null;
  cacheControl: string | null;
  /** The `Set-Cookie` header, if any. */
  setCookie?: string;
  /** The `name=value` pair to send back in a `Cookie` header, if a cookie was set. */
  cookie?: string;
}

/** Opens a one-time link without following its redirect. */
export async function exchange(url: string): Promise<Exchange> {
  const response = await fetch(url, { redirect: 'manual' });
  await response.body?.cancel();
  const [setCookie] = response.headers.getSetCookie();
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
    setCookie,
    cookie: setCookie?.split(';')[0],
  };
}
