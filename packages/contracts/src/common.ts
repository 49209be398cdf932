import { z } from 'zod';

/** A positive integer id taken from a path or a query string. */
export const IdParam = z.coerce.number().int().positive().max(2_147_483_647);

export const IdParamsSchema = z.object({ id: IdParam });

/** The optional `name` filter of the list calls. */
export const NameQuerySchema = z.object({ name: z.string().trim().max(100).optional() });

/** A boolean in a query string: only "true" and "false" are accepted. */
export const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Image and file references are server-relative URIs such as `/api/images/<id>`. */
export const FileUri = z.string().regex(/^\/api\/images\/[A-Za-z0-9_-]{8,64}$/);
