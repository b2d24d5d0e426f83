// Security headers (helmet) with a CSP the built client satisfies, and the cookie parser.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export const securityPlugin = fp(
  async (app) => {
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
    });
  },
  { name: 'security' },
);
