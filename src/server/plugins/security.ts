// Security headers (helmet) with a CSP the built client satisfies, HSTS only over HTTPS, no caching of
// /api and /trpc answers, and the cookie parser. Edit when the client needs another source or header.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { isApiPath } from './session.ts';

/**
 * Browser features a page of ours may use: the camera (photos on the perform page) and geolocation
 * (check-in) from our own origin only; every other powerful feature off, for us and any embedded frame.
 * Two kept for our origin because pages use them: the clipboard (copy and paste actions of lists and
 * forms) and Web Authentication (passkeys).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'geolocation=(self)',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  ...[
    'accelerometer',
    'ambient-light-sensor',
    'autoplay',
    'bluetooth',
    'browsing-topics',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'interest-cohort',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'screen-wake-lock',
    'serial',
    'storage-access',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/** Two years, subdomains included (the preload list's minimum is one year). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Whether the browser reached us over HTTPS: COOKIE_SECURE says the site is served over HTTPS, or
 * the request came over TLS (with TRUST_PROXY, a trusted proxy's X-Forwarded-Proto says so).
 */
function overHttps(request: FastifyRequest, config: AppConfig): boolean {
  return config.cookieSecure || request.protocol === 'https';
}

export const securityPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    await app.register(cookie);
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Primer sets inline style attributes for positioning overlays.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Like frame-ancestors 'none', for browsers that ignore CSP.
      frameguard: { action: 'deny' },
      // Sent below, and only over HTTPS: on plain http it would pin a local or test host to https.
      strictTransportSecurity: false,
    });
    // A proxy in front that TRUST_PROXY does not name: every client then shares the proxy's address
    // (sign-in limits, session records). Said once per process, at the first such request.
    let warnedUntrusted = config.trustProxy === true;
    app.addHook('onRequest', async (request) => {
      if (warnedUntrusted || request.headers['x-forwarded-for'] === undefined) return;
      if (request.ip !== request.socket.remoteAddress) return;
      warnedUntrusted = true;
      request.log.warn(
        { remoteAddress: request.ip },
        'requests arrive with X-Forwarded-For from a proxy TRUST_PROXY does not name: the header is ignored, so every ' +
          'client behind that proxy shares its address (sign-in limits, session records); set TRUST_PROXY to its address',
      );
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (overHttps(request, config)) reply.header('strict-transport-security', HSTS);
      // Answers of /api and /trpc carry tokens and tenant data: never kept by a browser or a proxy.
      if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
