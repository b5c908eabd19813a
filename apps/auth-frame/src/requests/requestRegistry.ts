import { type Namespace, UnsupportedMethodError } from '@modalkit/protocol'
import type { WalletRequest } from '../wallet/WalletRequest.ts'
import type { EoaRequestContext } from './eoa/planSignature.ts'
import type { PlanRequest, RequestPlan } from './RequestPlan.ts'
import type { SmartRequestContext } from './smart/SmartRequestContext.ts'

/** A module's planner, loaded with the first request that needs it (logging in loads none of them). */
type Load<Context> = () => Promise<PlanRequest<Context>>

/** For each namespace, the signing methods an account answers, each with its one module. */
export type RequestTable<Context> = Partial<Record<Namespace, Readonly<Record<string, Load<Context>>>>>

const signature: Load<EoaRequestContext> = async () => (await import('./eoa/planSignature.ts')).planSignature

/**
 * Every signing method of the EOA (SPEC §6 unsafe, and Bitcoin's four). A method that is not here
 * is refused before any screen, whatever `classifyRequest` says of it; a new method is a module
 * added here, and `requestRegistry.test.ts` fails until the lists and this table agree.
 */
export const EOA_REQUESTS: RequestTable<EoaRequestContext> = {
  eip155: {
    personal_sign: signature,
    eth_signTypedData_v4: signature,
    eth_sendTransaction: async () => (await import('./eoa/planEvmSend.ts')).planTransaction,
    wallet_sendCalls: async () => (await import('./eoa/planEvmSend.ts')).planCalls,
  },
  solana: {
    solana_signMessage: signature,
    solana_signTransaction: signature,
    solana_signAllTransactions: signature,
    solana_signAndSendTransaction: signature,
  },
  bip122: {
    signMessage: signature,
    signPsbt: signature,
    sendTransfer: signature,
    getAccountAddresses: signature,
  },
}

/** Every signing method of the smart account (EVM only): sends become user operations. */
export const SMART_ACCOUNT_REQUESTS: RequestTable<SmartRequestContext> = {
  eip155: {
    eth_sendTransaction: async () => (await import('./smart/planSmartSend.ts')).planSmartTransaction,
    wallet_sendCalls: async () => (await import('./smart/planSmartSend.ts')).planSmartCalls,
    eth_sendUserOperation: async () => (await import('./smart/planUserOperation.ts')).planUserOperation,
    personal_sign: async () => (await import('./smart/planSmartSignature.ts')).planSmartMessage,
    eth_signTypedData_v4: async () => (await import('./smart/planSmartSignature.ts')).planSmartTypedData,
    wallet_grantPermissions: permissions,
    wallet_revokePermissions: permissions,
  },
}

async function permissions(): Promise<PlanRequest<SmartRequestContext>> {
  const [{ planPermissionRequest }, { evmChainOf }] = await Promise.all([
    import('./smart/planPermissionRequest.ts'),
    import('./smart/SmartRequestContext.ts'),
  ])
  return (context, request) => planPermissionRequest(context, request, evmChainOf(request))
}

/**
 * The one way from a site's request to a plan: the module its account's table lists for the
 * request's namespace and method, or UnsupportedMethodError before anything is parsed or shown.
 */
export async function planRequest<Context>(
  table: RequestTable<Context>,
  context: Context,
  request: WalletRequest,
): Promise<RequestPlan> {
  const methods = table[request.chainNamespace]
  const load = methods && Object.hasOwn(methods, request.method) ? methods[request.method] : undefined
  if (!load) throw new UnsupportedMethodError(request.method)
  return (await load())(context, request)
}
