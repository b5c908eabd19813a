import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  ChainNotSupportedError,
  InvalidProjectIdError,
  isWithinOnrampLimits,
  OnrampAmountOutOfRangeError,
  onrampOptionsQuerySchema,
  onrampQuoteBodySchema,
  onrampUrlBodySchema,
} from '@modalkit/protocol'
import type { Db } from '../db/Db.ts'
import { getProject } from '../projects/projects.ts'
import type { RpcUpstreams } from '../rpc/proxyRpc.ts'
import { checkSiteOrigin, readSiteOrigin } from '../server/checkSiteOrigin.ts'
import { HttpError, validationError } from '../server/HttpError.ts'
import { readJson } from '../server/readJson.ts'
import { MELD_PROVIDER, meldUrl } from './meldUrl.ts'
import {
  assetContract,
  isFiatId,
  isOnrampAsset,
  LOCAL_PROVIDER,
  limitsIn,
  type OnrampAsset,
  paymentCurrencies,
  purchaseCurrencies,
  quote,
} from './onrampCatalogue.ts'
import { completeOrder, createOrder, readOrder } from './onrampOrders.ts'
import { parseOnrampWebhookEvent } from './onrampWebhookEvent.ts'
import { checkOnrampWebhook, ONRAMP_SIGNATURE_HEADER } from './onrampWebhookSignature.ts'
import { readWebhookBody } from './readWebhookBody.ts'

/**
 * The local provider: its checkout page, the secret its server side signs its webhooks with (never
 * sent to a browser), its funded account.
 */
export type OnrampProviderSettings = { pageUrl: string; secret: string; treasury: string }
export type OnrampDeps = {
  db: Db
  upstreams: RpcUpstreams
  now: () => number
  /** Counts one order of the calling client; throws 429 past its limit (hitRateLimit). */
  limit: () => Promise<void>
  provider?: OnrampProviderSettings
}

/** Where the provider's server side sends what happened to an order, signed (onrampWebhookSignature). */
export const ONRAMP_WEBHOOK_PATH = '/v1/onramp/webhooks/localramp'
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

function reply(res: ServerResponse, body: unknown, status = 200): void {
  res.statusCode = status
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(body))
}

const method = (req: IncomingMessage, expected: 'GET' | 'POST') => {
  if (req.method !== expected) throw new HttpError(405, 'method_not_allowed', `use ${expected}`)
}

/**
 * SPEC §7's on-ramp: `GET /v1/onramp/options`, `POST /v1/onramp/quote`,
 * `POST /v1/generators/onrampurl` (each for a project's allowed site), and the local provider's signed
 * webhook, which alone completes an order. Answers `true` when it handled the request.
 */
export async function routeOnramp(
  deps: OnrampDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const { db, upstreams, now, provider } = deps
  const { pathname } = url
  const allowSite = async () => {
    const projectId = onrampOptionsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
    if (!projectId.success) throw validationError('query', projectId.error.issues)
    const project = await getProject(db, projectId.data.projectId)
    if (!project) throw new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
    checkSiteOrigin(project, readSiteOrigin(req))
    return project.projectId
  }
  const fiatAndLimits = (
    fiat: string,
    amount: string,
    paymentMethod: 'card' | 'ach_bank_account',
    field: string,
  ) => {
    if (!isFiatId(fiat)) throw new HttpError(400, 'validation_error', `invalid_value: ${field}`, field)
    const limits = limitsIn(fiat, paymentMethod)
    if (!isWithinOnrampLimits(amount, limits)) {
      const { shortMessage } = new OnrampAmountOutOfRangeError(paymentMethod, limits, fiat)
      throw new HttpError(400, 'amount_out_of_range', shortMessage, 'body.amount')
    }
    return fiat
  }
  const network = (chain: string, field: string) => {
    if (!chain.startsWith('eip155:') || !upstreams.has(chain))
      throw new HttpError(400, 'unsupported_chain', new ChainNotSupportedError(chain).shortMessage, field)
    return chain
  }

  /** `id` if the catalogue sells it on `chain` (USDC only where it has a contract), else a 400 at `field`. */
  const sold = (id: string, chain: string, field: string): OnrampAsset => {
    if (!isOnrampAsset(id) || assetContract(id, chain) === undefined)
      throw new HttpError(400, 'validation_error', `invalid_value: ${field}`, field)
    return id
  }

  if (pathname === '/v1/onramp/options') {
    method(req, 'GET')
    await allowSite()
    reply(res, {
      paymentCurrencies: paymentCurrencies(),
      purchaseCurrencies: purchaseCurrencies(upstreams.keys()),
      // Meld needs nothing configured here: its checkout takes the payment and delivers itself.
      providers: provider ? [LOCAL_PROVIDER, MELD_PROVIDER] : [MELD_PROVIDER],
    })
    return true
  }
  if (pathname === '/v1/onramp/quote') {
    method(req, 'POST')
    const body = onrampQuoteBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    await allowSite()
    const { paymentCurrency, amount, paymentMethod = 'card' } = body.data
    const fiat = fiatAndLimits(paymentCurrency.id, amount, paymentMethod, 'body.paymentCurrency.id')
    const chain = network(body.data.network, 'body.network')
    const asset = sold(body.data.purchaseCurrency.id, chain, 'body.purchaseCurrency.id')
    reply(
      res,
      quote(
        { ...body.data, paymentCurrency: { id: fiat }, purchaseCurrency: { id: asset } },
        `q_${now().toString(36)}`,
      ),
    )
    return true
  }
  if (pathname === '/v1/generators/onrampurl') {
    method(req, 'POST')
    const body = onrampUrlBodySchema.safeParse(await readJson(req))
    if (!body.success) throw validationError('body', body.error.issues)
    const projectId = await allowSite()
    const wallet = body.data.destinationWallets[0]!
    const badWallet = () =>
      new HttpError(
        400,
        'validation_error',
        'invalid_value: body.destinationWallets',
        'body.destinationWallets',
      )
    if (body.data.provider === MELD_PROVIDER.name) {
      // Meld delivers itself: only its URL is made, for an address of the network's own namespace.
      const chain = body.data.defaultNetwork ?? wallet.blockchains[0]!
      const evm = EVM_ADDRESS.test(wallet.address)
      if (!(chain.startsWith('eip155:') ? evm : chain.startsWith('solana:') && !evm)) throw badWallet()
      reply(res, { url: meldUrl(wallet.address, chain) })
      return true
    }
    if (body.data.provider !== undefined && body.data.provider !== LOCAL_PROVIDER.name)
      throw new HttpError(400, 'validation_error', 'invalid_value: body.provider', 'body.provider')
    if (!provider) throw new HttpError(503, 'onramp_unavailable', 'no on-ramp provider is configured')
    const chain = network(body.data.defaultNetwork ?? wallet.blockchains[0]!, 'body.defaultNetwork')
    // The local provider sends from an EVM account: an EVM address only.
    if (!EVM_ADDRESS.test(wallet.address)) throw badWallet()
    const asset = sold(wallet.assets[0]!, chain, 'body.destinationWallets')
    const fiatAmount = body.data.presetFiatAmount
    if (!fiatAmount)
      throw new HttpError(
        400,
        'validation_error',
        'invalid_type: body.presetFiatAmount',
        'body.presetFiatAmount',
      )
    const paymentMethod = body.data.paymentMethod ?? 'card'
    const fiat = fiatAndLimits(
      body.data.fiatCurrency ?? 'USD',
      fiatAmount,
      paymentMethod,
      'body.fiatCurrency',
    )
    // The amount delivered is the API's own quote, never the page's word.
    const { purchaseAmount } = quote(
      { purchaseCurrency: { id: asset }, paymentCurrency: { id: fiat }, amount: fiatAmount, network: chain },
      '',
    )
    // Anyone may start a purchase for any address (as with the real providers, the payment is the
    // proof, and a cap per wallet would let a stranger block its owner's purchases): a client's
    // orders are limited per minute, which bounds the table with the purge of unpaid orders.
    await deps.limit()
    const order = await createOrder(
      db,
      {
        projectId,
        address: wallet.address,
        network: chain,
        asset,
        cryptoAmount: purchaseAmount.amount,
        fiatAmount,
        fiatCurrency: fiat,
        paymentMethod,
      },
      now(),
    )
    const page = new URL(provider.pageUrl)
    const params = {
      order: order.orderId,
      wallet: wallet.address,
      network: chain,
      currency: asset,
      amount: purchaseAmount.amount,
      fiat: fiatAmount,
      fiatCurrency: fiat,
    }
    for (const [key, value] of Object.entries(params)) page.searchParams.set(key, value)
    reply(res, { url: page.href, orderId: order.orderId })
    return true
  }
  if (pathname !== ONRAMP_WEBHOOK_PATH) return false
  method(req, 'POST')
  if (!provider) throw new HttpError(404, 'not_found', 'no such route')
  // Checked over the exact bytes received, before anything in them is believed.
  const body = await readWebhookBody(req)
  const signed = checkOnrampWebhook(req.headers[ONRAMP_SIGNATURE_HEADER], body, provider.secret, now())
  if (!signed.ok) throw new HttpError(401, 'invalid_signature', signed.reason)
  const event = parseOnrampWebhookEvent(body)
  // Each event is acted on once: its id is stored before the order is touched, so a replay (even
  // within the tolerance) finds it and moves nothing.
  const fresh = await db.query<{ id: string }>(
    `insert into onramp_webhook_events (id, order_id, received_at) values ($1, $2, $3)
     on conflict (id) do nothing returning id`,
    [event.id, event.data.orderId, now()],
  )
  if (!fresh[0]) throw new HttpError(409, 'webhook_replayed', 'this event was already received')
  const order = await readOrder(db, event.data.orderId)
  if (!order) throw new HttpError(404, 'not_found', 'no such order')
  // What is sent is the API's own order; the provider's account of it must agree with it.
  const { data } = event
  if (
    data.address.toLowerCase() !== order.address.toLowerCase() ||
    data.network !== order.network ||
    data.asset !== order.asset ||
    data.cryptoAmount !== order.cryptoAmount
  )
    throw new HttpError(400, 'order_mismatch', 'the webhook does not match the order')
  const done = await completeOrder(db, order.orderId, {
    treasury: provider.treasury,
    nodeUrl: (chain) => upstreams.get(chain),
  })
  reply(res, { received: true, order: done })
  return true
}
