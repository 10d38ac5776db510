import type { FastifyInstance } from 'fastify';

export function directoryRoutes(app: FastifyInstance) {
  void app;
}
