import * as z from 'zod/mini'

export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export const namespaceSchema = z.enum(NAMESPACES)
export type Namespace = z.infer<typeof namespaceSchema>

/** CAIP-2: `namespace:reference`, e.g. `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const caipNetworkIdSchema = z
  .string()
  .check(z.regex(/^(eip155|solana|polkadot|bip122|cosmos):[-_a-zA-Z0-9]{1,64}$/, 'Invalid CAIP-2 network id'))
export type CaipNetworkId = `${Namespace}:${string}`

/** CAIP-10: `namespace:reference:address`. */
export const caipAddressSchema = z
  .string()
  .check(
    z.regex(
      /^(eip155|solana|polkadot|bip122|cosmos):[-_a-zA-Z0-9]{1,64}:[-.%a-zA-Z0-9]{1,128}$/,
      'Invalid CAIP-10 address',
    ),
  )
export type CaipAddress = `${Namespace}:${string}:${string}`
