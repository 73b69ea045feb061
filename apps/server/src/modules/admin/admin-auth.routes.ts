import type { FastifyInstance } from 'fastify';

// Placeholder until operator sign-in lands.
export async function adminAuthRoutes(_app: FastifyInstance) {}
