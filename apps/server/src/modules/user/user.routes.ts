import type { FastifyInstance } from 'fastify';

// Placeholder until the accounts module lands.
export async function userRoutes(_app: FastifyInstance) {}
