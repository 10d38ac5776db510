import type { FastifyInstance } from 'fastify';

export function profileRoutes(app: FastifyInstance) {
  void app;
}
