import { z } from 'zod';

/** The largest id a database integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id in a JSON body (a larger one cannot name a row). */
export const Id = z.number().int().positive().max(MAX_ID);

/** A positive integer id taken from a path or a query string. */
export const IdParam = z.coerce.number().int().positive().max(MAX_ID);

export const IdParamsSchema = z.object({ id: IdParam });

/** The optional `name` filter of the list calls. */
export const NameQuerySchema = z.object({ name: z.string().trim().max(100).optional() });

/** A boolean in a query string: only "true" and "false" are accepted. */
export const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Image and file references are server-relative URIs such as `/api/images/<id>`. */
export const FileUri = z.string().regex(/^\/api\/images\/[A-Za-z0-9_-]{8,64}$/);
