import type { FastifyInstance } from 'fastify';

export function homeRoutes(app: FastifyInstance) {
  void app;
}
