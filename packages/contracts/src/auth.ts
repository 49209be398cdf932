import { z } from 'zod';

export const StaffRole = z.enum(['admin', 'store']);
export type StaffRole = z.infer<typeof StaffRole>;

export const LoginSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(200),
    password: z.string().min(1).max(200),
  })
  .strict();

export const StaffUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: StaffRole,
  storeId: z.number().int().nullable(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;
