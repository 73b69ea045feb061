import { ErrorCode } from '@gemstock/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from './user.repository.js';

/** The account a requireUser / requireMainAccount guard (an onRequest hook) put on the request. */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError(ErrorCode.AUTH_REQUIRED);
  return request.user;
}
