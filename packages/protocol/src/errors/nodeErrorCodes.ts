/**
 * The codes of SPEC §8's node errors ("reverted execution, fee cap too high or low, nonce too high,
 * low or at max, insufficient funds, gas too high or low, unsupported transaction type, tip above fee
 * cap"), plus `node_error` for any other error a chain's node answers. Kept apart from the classes
 * (nodeErrors.ts) so AppKitError.ts can add them to its closed union without an import cycle.
 */
export const NODE_ERROR_CODES = [
  'execution_reverted',
  'fee_cap_too_high',
  'fee_cap_too_low',
  'nonce_too_high',
  'nonce_too_low',
  'nonce_max_value',
  'insufficient_funds',
  'intrinsic_gas_too_high',
  'intrinsic_gas_too_low',
  'transaction_type_not_supported',
  'tip_above_fee_cap',
  'node_error',
] as const

export type NodeErrorCode = (typeof NODE_ERROR_CODES)[number]
