import type { FastifyRequest } from 'fastify';
import type { Config } from '../env.ts';

/** The shop's public origin: configured, or the one this request came through. */
export const shopOrigin = (config: Config, req: FastifyRequest): string =>
  config.publicUrl ?? `${req.protocol}://${req.host}`;
