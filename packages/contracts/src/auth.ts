import { z } from 'zod';
import { Id } from './common.ts';

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

export const StaffAccountSchema = StaffUserSchema.extend({ disabled: z.boolean(), createdAt: z.string() });
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

const Password = z.string().min(10, 'al menos 10 caracteres').max(200);

export const StaffCreateSchema = z
  .object({
    email: z.string().trim().toLowerCase().email().max(200),
    name: z.string().trim().min(1).max(120),
    password: Password,
    role: StaffRole,
    storeId: Id.nullable().default(null),
  })
  .strict()
  .refine((s) => s.role === 'admin' || s.storeId !== null, { message: 'storeId', path: ['storeId'] });

export const StaffUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    /** A new password (the admin's reset). */
    password: Password.optional(),
    disabled: z.boolean().optional(),
    role: StaffRole.optional(),
    storeId: Id.nullable().optional(),
  })
  .strict();

/** `PUT /api/auth/password`: a signed-in staff member changes their own password. */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1).max(200),
    newPassword: Password,
  })
  .strict();
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;
