// Where a webhook may go, and the one way it is sent. Only http(s); the host is resolved and every
// address it resolves to must be public (no loopback, private, link-local — which includes cloud
// metadata at 169.254.169.254 — shared, multicast or reserved ranges) unless
// WEBHOOKS_ALLOW_PRIVATE_TARGETS=true. The check runs again at connect time (the socket's own lookup),
// so a name that changes its answer after the check still cannot reach inside. Redirects are never
// followed; a slow, huge or silent receiver is cut at 10 s and 1,000 characters read.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '../../../lib/app-error.ts';

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(address, prefix, 'ipv6');
}

/** Whether an address is one a webhook must not reach (IPv4-mapped IPv6 is judged as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]);
  const family = net.isIP(address);
  if (family === 0) return true;
  return BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function refusedTarget(): AppError {
  return new AppError('BAD_REQUEST', 'integrations.privateTarget', {}, { url: 'integrations.privateTarget' });
}

/** Resolve `url`'s host and refuse it (BAD_REQUEST on `url`) when it is not http(s) or reaches inside. */
export async function checkTarget(url: string, allowPrivate: boolean): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new AppError('BAD_REQUEST', 'common.invalidInput', {}, { url: 'integrations.privateTarget' });
  }
  if (allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = net.isIP(host) ? [{ address: host }] : await dns.promises.lookup(host, { all: true });
  } catch {
    throw new AppError('BAD_REQUEST', 'integrations.unknownHost', {}, { url: 'integrations.unknownHost' });
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) throw refusedTarget();
}

/** The socket's own lookup: every address checked again at connect time. */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses;
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) return callback(new Error('refused: a private or loopback address'), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

export interface PostResult {
  /** The HTTP status, or null when there was no answer (refused, timed out, cut off). */
  status: number | null;
  /** The start of the answer, or why there was none. */
  body: string;
  durationMs: number;
}

const EXCERPT = 1000;

/** POST `body` to `url` once: 10 s at most, redirects not followed, at most EXCERPT characters of the answer read. */
export function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<PostResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const target = new URL(url);
    if (
      !options.allowPrivate &&
      net.isIP(target.hostname.replace(/^\[|\]$/g, '')) &&
      isPrivateAddress(target.hostname.replace(/^\[|\]$/g, ''))
    ) {
      finish({ status: null, body: 'refused: a private or loopback address' });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.length >= EXCERPT) response.destroy();
          if (text.length >= EXCERPT) finish({ status: response.statusCode ?? null, body: text.slice(0, EXCERPT) });
        });
        response.on('end', () => {
          const status = response.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          finish({
            status,
            body: redirect ? `redirect not followed: ${response.headers.location ?? ''}`.slice(0, EXCERPT) : text,
          });
        });
        response.on('error', () => finish({ status: response.statusCode ?? null, body: text.slice(0, EXCERPT) }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, body: `no answer within ${(options.timeoutMs ?? 10_000) / 1000} s` });
    }, options.timeoutMs ?? 10_000);
    request.on('error', (error) => finish({ status: null, body: error.message.slice(0, EXCERPT) }));
    request.end(body);
  });
}
