import type { FastifyInstance } from 'fastify';

export function uploadsRoutes(app: FastifyInstance) {
  void app;
}
