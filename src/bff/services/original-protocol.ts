// Whether the browser's own request was https (issue 29): the session cookie is then `Secure`. Behind TRUST_PROXY the
// balancers say so: Fastify's `request.protocol` reads only the last X-Forwarded-Proto entry, exactly as written, so
// `https, http` (a CDN in front of the balancer), `HTTPS` or RFC 7239's `Forwarded: proto=https` left the cookie
// sendable in the clear. Any https a trusted hop reports counts: a cookie marked Secure by excess is only not sent
// over http, never leaked. Headers from a peer that is not a trusted proxy are not read.
import type { FastifyRequest } from 'fastify';

const forwardedProtos = (request: FastifyRequest): string[] => {
  const xfp = request.headers['x-forwarded-proto'];
  const forwarded = request.headers.forwarded;
  const list = [...(Array.isArray(xfp) ? xfp : [xfp ?? ''])].flatMap((v) => v.split(','));
  for (const match of (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).matchAll(
    /(?:^|[;,\s])proto="?([a-z]+)"?/gi,
  )) {
    list.push(match[1] ?? '');
  }
  return list.map((p) => p.trim().toLowerCase());
};

export function originalRequestWasHttps(request: FastifyRequest): boolean {
  if ((request.raw.socket as { encrypted?: boolean } | null)?.encrypted) return true;
  if (request.protocol.toLowerCase() === 'https') return true;
  // The peer is a trusted proxy when Fastify believed at least one forwarded address (ips: peer, then the hops).
  const trustedPeer = (request.ips?.length ?? 0) > 1;
  return trustedPeer && forwardedProtos(request).includes('https');
}
