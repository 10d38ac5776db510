import type { FastifyInstance } from 'fastify';

export function boardRoutes(app: FastifyInstance) {
  void app;
}
