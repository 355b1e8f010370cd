import type { FastifyInstance } from 'fastify';
import type { GatewayContext } from '../context.js';

/** Registers every REST route of the /v1 interface. */
export function registerRoutes(app: FastifyInstance, context: GatewayContext): void {
  void app;
  void context;
}
