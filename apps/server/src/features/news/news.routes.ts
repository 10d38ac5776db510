import type { FastifyInstance } from 'fastify';

export function newsRoutes(app: FastifyInstance) {
  void app;
}
