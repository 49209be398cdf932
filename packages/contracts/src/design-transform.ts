import { z } from 'zod';

/**
 * Where the customer put the photo, relative to the case template, independent of resolution:
 * the photo's centre as fractions of the template's width and height, its width (before the
 * quarter turns) as a multiple of the template's width, quarter turns clockwise, and a mirror.
 */
export const DesignTransformSchema = z.object({
  centerX: z.number().min(-10).max(10),
  centerY: z.number().min(-10).max(10),
  scale: z.number().positive().max(100),
  quarterTurns: z.number().int().min(0).max(3),
  flipX: z.boolean(),
});
export type DesignTransform = z.infer<typeof DesignTransformSchema>;
