// Registered in app.ts; the issue 18 feature fills it.
import type { FastifyInstance } from 'fastify';
import type { ProviderContext } from '../context.ts';

export async function bulkRoutes(_app: FastifyInstance, _ctx: ProviderContext) {}
