import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  convertAllowanceQuerySchema,
  convertBuildApproveQuerySchema,
  convertBuildTransactionBodySchema,
  convertGasPriceQuerySchema,
  convertQuotesQuerySchema,
  convertTokensQuerySchema,
  GasPriceNetworkUnsupportedError,
  InvalidProjectIdError,
  SITE_ORIGIN_HEADER,
} from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import type { RpcUpstreams } from '../rpc/proxyRpc.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { buildApproveTransaction, readSwapAllowance } from './buildApproveTransaction.ts'
import { buildSwapTransaction } from './buildSwapTransaction.ts'
import { listSwapTokens } from './listSwapTokens.ts'
import { quoteSwap } from './quoteSwap.ts'
import { readGasPrice } from './readGasPrice.ts'
import { isNative, resolveSwapChain, splitCaip10, swapsUnsupported } from './resolveSwapChain.ts'

export type ConvertDeps = { db: Db; upstreams: RpcUpstreams }

type Parsed<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: Parameters<typeof validationError>[1] } }

function reply(res: ServerResponse, body: unknown): void {
  res.statusCode = 200
  res.setHeader('content-type', 'application/json')
  // Quotes and balances follow the chain and the answer depends on the site's allowlist check.
  res.setHeader('cache-control', 'no-store')
  res.setHeader('vary', `Origin, ${SITE_ORIGIN_HEADER}`)
  res.end(JSON.stringify(body))
}

/** Both tokens and the user on one chain, which must have a router. */
async function pairOnChain(upstreams: RpcUpstreams, from: string, to: string, user: string, where: string) {
  const f = splitCaip10(from, `${where}.from`)
  const t = splitCaip10(to, `${where}.to`)
  const u = splitCaip10(user, `${where}.userAddress`)
  if (t.chain !== f.chain)
    throw new HttpError(400, 'validation_error', `invalid_value: ${where}.to`, `${where}.to`)
  if (u.chain !== f.chain)
    throw new HttpError(
      400,
      'validation_error',
      `invalid_value: ${where}.userAddress`,
      `${where}.userAddress`,
    )
  const swap = await resolveSwapChain(upstreams, f.chain, `${where}.from`)
  return { swap, from: f.address, to: t.address, user: u.address }
}

/**
 * SPEC §7's convert/* endpoints over the local Uniswap V2 router: tokens, quotes,
 * allowance, gas-price, build-approve (GET) and build-transaction (POST). Each names its project and
 * is served only to a site the project allows (checkSiteOrigin), like the account data routes; a
 * network without a router answers 'Network not supported for Swaps' (gas price: '… for Gas Price').
 * Answers `true` when it handled the request.
 */
export async function routeConvert(
  deps: ConvertDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = /^\/v1\/convert\/(tokens|quotes|allowance|gas-price|build-approve|build-transaction)$/.exec(
    url.pathname,
  )
  if (!match) return false
  const what = match[1]!
  const method = what === 'build-transaction' ? 'POST' : 'GET'
  if (req.method !== method) throw new HttpError(405, 'method_not_allowed', `use ${method}`)
  const { db, upstreams } = deps
  const input = method === 'POST' ? await readJson(req) : Object.fromEntries(url.searchParams)
  const where = method === 'POST' ? 'body' : 'query'
  const parse = <T>(parsed: Parsed<T>): T => {
    if (!parsed.success) throw validationError(where, parsed.error.issues)
    return parsed.data
  }
  const allowSite = async (projectId: string) => {
    const project = await getProject(db, projectId)
    if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
    checkSiteOrigin(project, readSiteOrigin(req))
  }
  if (what === 'tokens') {
    const q = parse(convertTokensQuerySchema.safeParse(input))
    await allowSite(q.projectId)
    const swap = await resolveSwapChain(upstreams, q.chainId, 'query.chainId')
    const user = q.userAddress ? splitCaip10(q.userAddress, 'query.userAddress') : undefined
    if (user && user.chain !== swap.chain) throw swapsUnsupported(user.chain, 'query.userAddress')
    reply(res, { tokens: await listSwapTokens(swap, user?.address) })
    return true
  }
  if (what === 'gas-price') {
    const q = parse(convertGasPriceQuerySchema.safeParse(input))
    await allowSite(q.projectId)
    const node = upstreams.get(q.chainId)
    if (!node || !q.chainId.startsWith('eip155:'))
      throw new HttpError(
        400,
        'gas_price_network_unsupported',
        new GasPriceNetworkUnsupportedError(q.chainId).shortMessage,
        'query.chainId',
      )
    reply(res, await readGasPrice(node))
    return true
  }
  if (what === 'allowance') {
    const q = parse(convertAllowanceQuerySchema.safeParse(input))
    await allowSite(q.projectId)
    const { swap, from, user } = await pairOnChain(
      upstreams,
      q.tokenAddress,
      q.tokenAddress,
      q.userAddress,
      where,
    )
    // The native currency needs no approval: its allowance is unlimited.
    const allowance = isNative(from) ? 2n ** 256n - 1n : await readSwapAllowance(swap, from, user)
    reply(res, { allowance: allowance.toString() })
    return true
  }
  if (what === 'quotes') {
    const q = parse(convertQuotesQuerySchema.safeParse(input))
    await allowSite(q.projectId)
    const { swap, from, to } = await pairOnChain(upstreams, q.from, q.to, q.userAddress, where)
    const quote = await quoteSwap({
      swap,
      amount: BigInt(q.amount),
      from,
      to,
      fromAccount: q.from,
      toAccount: q.to,
    })
    reply(res, { quotes: [quote] })
    return true
  }
  if (what === 'build-approve') {
    const q = parse(convertBuildApproveQuerySchema.safeParse(input))
    await allowSite(q.projectId)
    const { swap, from, user } = await pairOnChain(upstreams, q.from, q.to, q.userAddress, where)
    if (isNative(from))
      throw new HttpError(400, 'validation_error', 'invalid_value: query.from', 'query.from')
    reply(res, { tx: await buildApproveTransaction(swap, from, user, BigInt(q.amount)) })
    return true
  }
  const b = parse(convertBuildTransactionBodySchema.safeParse(input))
  await allowSite(b.projectId)
  const { swap, from, to, user } = await pairOnChain(upstreams, b.from, b.to, b.userAddress, where)
  const built = await buildSwapTransaction({
    swap,
    amount: BigInt(b.amount),
    from,
    to,
    fromCaip: b.from,
    toCaip: b.to,
    user,
    slippage: b.eip155.slippage,
    disableEstimate: b.disableEstimate ?? false,
  })
  reply(res, built)
  return true
}
