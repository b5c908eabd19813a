import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  BUNDLER_METHODS,
  bundlerQuerySchema,
  ChainNotSupportedError,
  type DelegationFramework,
  InvalidProjectIdError,
  jsonRpcRequestSchema,
  type ProjectConfig,
  paymasterParamsSchema,
  type RpcUserOperation,
  type SmartAccountsReply,
  smartAccountsQuerySchema,
} from '@modalkit/protocol'
import {
  type Address,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  type LocalAccount,
  numberToHex,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { requireSession } from '../auth/sessions.ts'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { chargeSponsorship, sponsorshipBudget } from './chargeSponsorship.ts'
import {
  estimatePreVerificationGas,
  maxOperationCost,
  readNetworkFees,
  refuseSponsoredGas,
} from './checkSponsoredOperation.ts'
import { readOwnerAccount } from './readOwnerAccount.ts'
import {
  PAYMASTER_VERIFICATION_GAS,
  type PaymasterFields,
  paymasterData,
  paymasterStubData,
} from './verifyingPaymaster.ts'

export type SmartAccountDeps = {
  db: Db
  now: () => number
  /** The ERC-4337 bundler of each chain (BUNDLER_UPSTREAMS), by CAIP-2 id. */
  bundlers: ReadonlyMap<string, string>
  /** Solady's ERC4337Factory on every chain (SMART_ACCOUNT_FACTORY). */
  factory: Address
  /** MetaMask's Delegation Framework (DELEGATION_FRAMEWORK): the accounts grant ERC-7715 permissions. */
  permissions?: DelegationFramework | undefined
  /** The VerifyingPaymaster and its signer (PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY); none: no sponsoring. */
  paymaster?: { address: Address; signer: LocalAccount } | undefined
  /**
   * Counts one sponsorship for the project and the client (createServer: hitRateLimit); throws
   * 'rate_limited' past the limits. The site origin is a header anyone outside a browser can write,
   * so these limits are what bounds what the project's deposit can be made to pay.
   */
  limitSponsorship?: ((projectId: string) => Promise<void>) | undefined
  /** Counts a call passed to the bundler, per client and project; 'rate_limited' past the limits. */
  limitBundler?: ((projectId: string) => Promise<void>) | undefined
  /** The chain's node by CAIP-2 id (the RPC proxy's upstream): fees and the factory's addresses. */
  rpcUrl?: ((chainId: string) => string | undefined) | undefined
}

const MAX_BODY_BYTES = 128 * 1024
const methods = new Set<string>(BUNDLER_METHODS)

function reply(res: ServerResponse, body: unknown): void {
  res.statusCode = 200
  res.setHeader('content-type', 'application/json')
  res.setHeader('cache-control', 'no-store')
  res.end(JSON.stringify(body))
}

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

const big = (value: string | null | undefined) => (value ? hexToBigInt(value as Hex) : undefined)

/** A user operation with its gas fields final, as the paymaster signs it; undefined if one is missing. */
function withGas(op: RpcUserOperation) {
  const gas = [
    op.callGasLimit,
    op.verificationGasLimit,
    op.preVerificationGas,
    op.maxFeePerGas,
    op.maxPriorityFeePerGas,
  ]
  if (gas.some((value) => value === undefined)) return undefined
  return {
    sender: op.sender as Address,
    nonce: hexToBigInt(op.nonce as Hex),
    factory: (op.factory ?? undefined) as Address | undefined,
    factoryData: (op.factoryData ?? undefined) as Hex | undefined,
    callData: op.callData as Hex,
    callGasLimit: big(op.callGasLimit)!,
    verificationGasLimit: big(op.verificationGasLimit)!,
    preVerificationGas: big(op.preVerificationGas)!,
    maxFeePerGas: big(op.maxFeePerGas)!,
    maxPriorityFeePerGas: big(op.maxPriorityFeePerGas)!,
    paymasterVerificationGasLimit: big(op.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: big(op.paymasterPostOpGasLimit),
  }
}

const toRpc = (fields: PaymasterFields) => ({
  paymaster: fields.paymaster,
  paymasterData: fields.paymasterData,
  paymasterVerificationGasLimit: numberToHex(fields.paymasterVerificationGasLimit),
  paymasterPostOpGasLimit: numberToHex(fields.paymasterPostOpGasLimit),
})

/**
 * The ERC-4337 routes, for the secure frame: `GET /v1/smart-accounts` (networks with a
 * bundler, the factory, whether the project sponsors gas, the Delegation Framework), `POST /v1/bundler` (one ERC-4337 JSON-RPC
 * request passed to the chain's bundler: Alto rejects batches, so batches are refused here), and
 * `POST /v1/paymaster` (ERC-7677 pm_getPaymasterStubData / pm_getPaymasterData, answered only for a
 * project with `features.sponsoredGas`). Each serves only a site the project allows, like the RPC proxy.
 */
export async function routeSmartAccounts(
  deps: SmartAccountDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const { pathname } = url
  if (pathname !== '/v1/smart-accounts' && pathname !== '/v1/bundler' && pathname !== '/v1/paymaster')
    return false
  const allowSite = async (projectId: string, siteOrigin: string | undefined): Promise<ProjectConfig> => {
    const project = await getProject(deps.db, projectId)
    if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
    checkSiteOrigin(project, readSiteOrigin(req, siteOrigin))
    return project
  }
  const sponsors = (project: ProjectConfig) =>
    deps.paymaster !== undefined && project.features.sponsoredGas === true
  if (pathname === '/v1/smart-accounts') {
    if (req.method !== 'GET') throw new HttpError(405, 'method_not_allowed', 'use GET')
    const query = smartAccountsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
    if (!query.success) throw validationError('query', query.error.issues)
    const project = await allowSite(query.data.projectId, query.data.siteOrigin)
    const body: SmartAccountsReply = {
      networks: [...deps.bundlers.keys()],
      entryPoint: entryPoint07Address,
      factory: deps.factory,
      sponsored: sponsors(project),
      ...(deps.permissions ? { permissions: deps.permissions } : {}),
    }
    reply(res, body)
    return true
  }
  if (req.method !== 'POST') throw new HttpError(405, 'method_not_allowed', 'use POST')
  const query = bundlerQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!query.success) throw validationError('query', query.error.issues)
  const bundler = deps.bundlers.get(query.data.chainId)
  if (!bundler) {
    const { shortMessage } = new ChainNotSupportedError(query.data.chainId)
    throw new HttpError(400, 'unsupported_chain', shortMessage, 'query.chainId')
  }
  const project = await allowSite(query.data.projectId, query.data.siteOrigin)
  const body = jsonRpcRequestSchema.safeParse(await readJson(req, MAX_BODY_BYTES))
  if (!body.success) throw validationError('body', body.error.issues)
  const { id, method, params = [] } = body.data
  if (pathname === '/v1/bundler') {
    if (!methods.has(method)) {
      reply(res, rpcError(id, -32601, `the bundler does not serve ${method}`))
      return true
    }
    await deps.limitBundler?.(project.projectId)
    const upstream = await fetch(bundler, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      signal: AbortSignal.timeout(30_000),
    }).catch(() => undefined)
    if (!upstream?.ok) throw new HttpError(502, 'bundler_unavailable', 'the bundler did not answer')
    reply(res, await upstream.json())
    return true
  }
  if (method !== 'pm_getPaymasterStubData' && method !== 'pm_getPaymasterData') {
    reply(res, rpcError(id, -32601, `the paymaster does not serve ${method}`))
    return true
  }
  if (!sponsors(project) || !deps.paymaster) {
    reply(res, rpcError(id, -32602, 'this project does not sponsor gas'))
    return true
  }
  const parsed = paymasterParamsSchema.safeParse(params)
  if (!parsed.success) throw validationError('body', parsed.error.issues)
  const [op, entryPoint, chainIdHex] = parsed.data
  const chainId = Number(hexToBigInt(chainIdHex as Hex))
  if (
    entryPoint.toLowerCase() !== entryPoint07Address.toLowerCase() ||
    `eip155:${chainId}` !== query.data.chainId
  ) {
    reply(res, rpcError(id, -32602, 'only EntryPoint v0.7 on the queried chain'))
    return true
  }
  const { address, signer } = deps.paymaster
  if (method === 'pm_getPaymasterStubData') {
    reply(res, { jsonrpc: '2.0', id, result: toRpc(paymasterStubData(address)) })
    return true
  }
  // Only the logged-in embedded wallet's own smart account is sponsored: the site origin is a header
  // anyone outside a browser can write; the secure frame's bearer token is not.
  const session = await requireSession({ db: deps.db, now: deps.now }, req)
  await deps.limitSponsorship?.(project.projectId)
  const refuse = (message: string) => reply(res, rpcError(id, -32602, message))
  const [share] = await deps.db.query<{ eip155_address: string }>(
    'select eip155_address from auth_shares where user_id = $1',
    [session.userId],
  )
  const rpcUrl = deps.rpcUrl?.(query.data.chainId)
  if (!share || !rpcUrl) {
    refuse('only an embedded wallet’s own smart account is sponsored')
    return true
  }
  const account = await readOwnerAccount(rpcUrl, deps.factory, getAddress(share.eip155_address))
  if (
    !isAddressEqual(op.sender as Address, account) ||
    (op.factory && !isAddressEqual(op.factory as Address, deps.factory))
  ) {
    refuse('only the session’s own smart account is sponsored')
    return true
  }
  const complete = withGas(op)
  if (!complete) {
    refuse('the user operation needs its gas limits and fees')
    return true
  }
  complete.paymasterVerificationGasLimit ??= PAYMASTER_VERIFICATION_GAS
  const [fees, preVerificationGasEstimate] = await Promise.all([
    readNetworkFees(rpcUrl),
    estimatePreVerificationGas(bundler, op, address),
  ]).catch(() => {
    throw new HttpError(502, 'bundler_unavailable', 'the bundler or the node did not answer')
  })
  const why = refuseSponsoredGas(complete, { fees, preVerificationGasEstimate })
  if (why) {
    refuse(why)
    return true
  }
  await chargeSponsorship(
    deps.db,
    sponsorshipBudget(project),
    {
      projectId: project.projectId,
      userId: session.userId,
      chainId: query.data.chainId,
      sender: complete.sender,
      maxCost: maxOperationCost(complete),
    },
    deps.now(),
  )
  const fields = await paymasterData(complete, { paymaster: address, signer, chainId, nowMs: deps.now() })
  reply(res, { jsonrpc: '2.0', id, result: toRpc(fields) })
  return true
}
