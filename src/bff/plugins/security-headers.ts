// The headers every answer carries, refusals and unknown paths included: helmet's (CSP, HSTS, …), no caching
// unless a route says otherwise, the request id for support, and no powerful browser features.
import fp from 'fastify-plugin';
import { sendSecurityHeaders } from '../../platform/security-headers.ts';

export const securityHeaders = fp(
  async (app) => {
    sendSecurityHeaders(app, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      hsts: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    });
    // Callback-style hook: it runs on every answer, and an async hook costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      reply.header('x-request-id', request.id);
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
      done(null, payload);
    });
  },
  { name: 'bff-security-headers' },
);
