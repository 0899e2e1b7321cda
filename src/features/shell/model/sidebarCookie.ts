/** The sidebar's open state is kept in the `sidebar_state` cookie for 7 days (docs/product/part-1.md §2, §9). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;

export function readSidebarCookie(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

export function sidebarCookieString(open: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
