import { PublicKey } from '@solana/web3.js'
import { z } from 'zod'
import { base58 } from './base58.ts'

/** A base58 public key, parsed into a PublicKey. */
export const pubkeySchema = z
  .string()
  .max(44)
  .refine((text) => base58.decode(text)?.length === 32, 'Invalid public key')
  .transform((text) => new PublicKey(text))

/** A base58 transaction signature (64 bytes). */
export const signatureSchema = z
  .string()
  .max(88)
  .refine((text) => base58.decode(text)?.length === 64, 'Invalid signature')

const commitment = z
  .enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'])
  .optional()

/** Everything lands finalized here, so the commitment is checked and then needs no handling. */
export const commitmentConfigSchema = z.looseObject({
  commitment,
  minContextSlot: z.number().int().optional(),
})

export const accountConfigSchema = z.looseObject({
  commitment,
  encoding: z.enum(['base64', 'base58', 'jsonParsed']).optional(),
  dataSlice: z
    .object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
    .optional(),
  minContextSlot: z.number().int().optional(),
})

export const sendConfigSchema = z.looseObject({
  encoding: z.enum(['base58', 'base64']).optional(),
  skipPreflight: z.boolean().optional(),
  preflightCommitment: commitment,
  maxRetries: z.number().int().nonnegative().optional(),
  minContextSlot: z.number().int().optional(),
})

export const simulateConfigSchema = z.looseObject({
  encoding: z.enum(['base58', 'base64']).optional(),
  sigVerify: z.boolean().optional(),
  replaceRecentBlockhash: z.boolean().optional(),
  commitment,
  accounts: z
    .object({
      addresses: z.array(pubkeySchema).max(100),
      encoding: z.enum(['base64', 'base58', 'jsonParsed']).optional(),
    })
    .optional(),
  innerInstructions: z.boolean().optional(),
  minContextSlot: z.number().int().optional(),
})

/** Lamports as a JSON number: u64 on the wire, but clients send numbers, so the safe range. */
export const lamportsSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const tokenFilterSchema = z.union([
  z.object({ mint: pubkeySchema }).strict(),
  z.object({ programId: pubkeySchema }).strict(),
])
