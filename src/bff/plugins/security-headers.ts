// The headers every answer carries, refusals and unknown paths included: helmet's page set (CSP, HSTS, …) by default,
// the API set on the sealed transport's routes (decision 097), no caching unless a route says otherwise, the request
// id for support.
import fp from 'fastify-plugin';
import { API_SECURITY_HEADERS, securityHeaders as helmetHeaders } from '../../platform/security-headers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'api': the route answers a program only (sealed JSON), so it carries the API set instead of the page set. */
    securityHeaders?: 'api';
  }
}

/** The route option of /proxy and /devices. */
export const API_ANSWERS = { securityHeaders: 'api' } as const;

export const securityHeaders = fp(
  async (app) => {
    const pageHeaders = Object.freeze({
      ...helmetHeaders({
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
      }),
      // No powerful browser features for any page of ours (a page-only header, like COOP).
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    });
    // Callback-style hooks: they run on every answer, and an async hook costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.routeOptions.config.securityHeaders === 'api' ? API_SECURITY_HEADERS : pageHeaders);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      reply.header('x-request-id', request.id);
      done(null, payload);
    });
  },
  { name: 'bff-security-headers' },
);
