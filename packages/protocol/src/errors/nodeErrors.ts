import { AppKitError } from './AppKitError.ts'
import type { NodeErrorCode } from './nodeErrorCodes.ts'
import type { NodeRpcError } from './nodeRpcErrorSchema.ts'

// The schema lives apart (nodeRpcErrorSchema.ts): the loader's first stage checks `instanceof
// NodeError` and must not bring zod with it.
export { MAX_NODE_ERROR_DATA_BYTES, type NodeRpcError, nodeRpcErrorSchema } from './nodeRpcErrorSchema.ts'

/** JSON-RPC's "execution reverted" code (EIP-1474; geth, anvil, reth, erigon). */
const REVERTED_CODE = 3

type NodeErrorEntry = { code: NodeErrorCode; shortMessage: string; pattern: RegExp }

/**
 * THE table of node errors (viem's `getNodeError`): nothing else looks at a node's words. The first
 * entry whose pattern matches (after a revert, REVERTED) the node's message names the error; its code and data stay the node's.
 * Patterns cover the wording of geth, anvil, reth, erigon, nethermind and besu.
 */
const NODE_ERRORS: readonly NodeErrorEntry[] = [
  {
    code: 'fee_cap_too_high',
    shortMessage: 'Fee cap too high',
    pattern: /max fee per gas higher than 2\^256-1|fee cap higher than 2\^256-1/i,
  },
  {
    code: 'fee_cap_too_low',
    shortMessage: 'Fee cap too low',
    pattern:
      /max fee per gas less than block base fee|fee cap less than block base fee|fee cap too low|gas price less than block base fee|transaction is outdated/i,
  },
  { code: 'nonce_too_high', shortMessage: 'Nonce too high', pattern: /nonce too high/i },
  {
    code: 'nonce_too_low',
    shortMessage: 'Nonce too low',
    pattern: /nonce too low|transaction already imported|already known/i,
  },
  { code: 'nonce_max_value', shortMessage: 'Nonce has max value', pattern: /nonce has max value/i },
  {
    code: 'insufficient_funds',
    shortMessage: 'Insufficient funds',
    pattern: /insufficient funds|exceeds transaction sender account balance|lack of funds/i,
  },
  {
    code: 'intrinsic_gas_too_high',
    shortMessage: 'Gas too high',
    pattern: /intrinsic gas too high|exceeds block gas limit|gas limit reached/i,
  },
  {
    code: 'intrinsic_gas_too_low',
    shortMessage: 'Gas too low',
    pattern: /intrinsic gas too low|floor data gas cost/i,
  },
  {
    code: 'transaction_type_not_supported',
    shortMessage: 'Transaction type not supported',
    pattern: /transaction type not (valid|supported)|tx type not supported|unsupported transaction type/i,
  },
  {
    code: 'tip_above_fee_cap',
    shortMessage: 'Tip above fee cap',
    pattern:
      /max priority fee per gas higher than max fee per gas|tip higher than fee cap|priority fee (per gas )?(is )?(greater|higher) than max fee/i,
  },
]

/** A revert is checked first: a contract's own reason ("execution reverted: insufficient funds") is not the node's. */
const REVERTED: NodeErrorEntry = {
  code: 'execution_reverted',
  shortMessage: 'Execution reverted',
  pattern: /execution reverted|\brevert/i,
}

/**
 * A chain node's error, typed by the table above (`code`, `shortMessage`), with the node's own
 * JSON-RPC error in `rpc`: the loader's EIP-1193 provider rethrows exactly that (code, message, data),
 * so ethers and viem decode a revert as they do against the node directly.
 */
export class NodeError extends AppKitError {
  override name = 'NodeError'
  readonly rpc: NodeRpcError

  constructor(code: NodeErrorCode, shortMessage: string, rpc: NodeRpcError) {
    super({ code, shortMessage, details: rpc.message.slice(0, 200) })
    this.rpc = rpc
  }
}

/**
 * Types a node's JSON-RPC error by the one table; code 3 is a revert whatever the words.
 *
 * @example
 * toNodeError({ code: 3, message: 'execution reverted', data: '0x08c379a0…' }) // NodeError 'execution_reverted'
 */
export function toNodeError(rpc: NodeRpcError): NodeError {
  const entry =
    rpc.code === REVERTED_CODE || REVERTED.pattern.test(rpc.message)
      ? REVERTED
      : NODE_ERRORS.find(({ pattern }) => pattern.test(rpc.message))
  return entry
    ? new NodeError(entry.code, entry.shortMessage, rpc)
    : new NodeError('node_error', 'The chain could not answer the request', rpc)
}
