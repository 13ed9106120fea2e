// GET /health: up while the database answers.
import type { FastifyPluginAsync } from 'fastify';
import type { SqlRunner } from '../../platform/database.ts';

export const healthRoutes: FastifyPluginAsync<{ sql: SqlRunner }> = async (app, { sql }) => {
  app.get('/health', async (request, reply) => {
    try {
      await sql.query('select 1');
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check failed');
      reply.code(503);
      return { status: 'unavailable' };
    }
  });
};
