// Cookie and header names shared by the server and the browser client.
export const ACCESS_TOKEN_COOKIE = 'accessToken';
export const USER_DATA_COOKIE = 'userData';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Page-size choices of every list; -1 means all. */
export const PAGE_SIZES = [5, 10, 20, 25, 50, 100, -1] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Largest page a list hands out, except -1 ("all") where the spec allows it. */
export const MAX_PAGE_SIZE = 1000;
