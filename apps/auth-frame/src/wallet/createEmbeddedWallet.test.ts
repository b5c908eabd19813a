import { type StartOidcReturnType, startOidc } from '@modalkit/local-oidc'
import { devLogin } from '@modalkit/local-oidc/devLogin'
import { ed25519 } from '@noble/curves/ed25519'
import { encodeBase58, JsonRpcProvider, parseEther, Transaction, verifyMessage, Wallet } from 'ethers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
// The API's own test stack (real API over PGlite, real MailDev): tests only, the frame never imports the API.
import {
  AUTH_ORIGIN,
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../../api/src/auth/startAuthTestStack.ts'
import { createAuthApiClient } from '../api/createAuthApiClient.ts'
import { base58ToBytes } from '../keys/base58ToBytes.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createSeed } from '../keys/createSeed.ts'
import { splitSeed } from '../keys/splitSeed.ts'
import { createEmbeddedWallet, type EmbeddedWallet, type EmbeddedWalletUser } from './createEmbeddedWallet.ts'
import { createMemoryDeviceShareStore } from './createMemoryDeviceShareStore.ts'
import { createMemorySessionStore } from './createMemorySessionStore.ts'
import { encodeShare } from './encodeShare.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'
import { startTestAnvil } from './startTestAnvil.ts'
import type { WalletRpc } from './WalletRequest.ts'

const MINUTE = 60_000
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' // anvil's first account

let s: AuthTestStack
let node: Awaited<ReturnType<typeof startTestAnvil>>
let anvilUrl = ''
let n = 0
const fresh = () => `wallet${++n}-${Date.now()}@example.test`

/** Node's fetch sends no Origin: add the one a browser in the secure frame would send. */
const frameFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: AUTH_ORIGIN } })

/** The caller's chain RPC: here straight to anvil (in the frame it goes through the API's proxy). */
const rpc: WalletRpc = (chainId, method, params) => node.rpc(chainId, method, params)

type Device = { deviceStore: DeviceShareStore; sessionStore: SessionStore }
const newDevice = (): Device => ({
  deviceStore: createMemoryDeviceShareStore(),
  sessionStore: createMemorySessionStore(),
})
/** A wallet as the frame makes it on page load: a new instance over the device's stores. */
const open = (device: Device, pollIntervalMs = 100): EmbeddedWallet =>
  createEmbeddedWallet({
    api: createAuthApiClient({ apiUrl: s.base, fetch: frameFetch }),
    projectId: 'shop',
    siteOrigin: SITE,
    rpc,
    now: () => s.clock.now,
    pollIntervalMs,
    ...device,
  })

const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

/** The whole e-mail login as the UI drives it: device approval by the mailed link when asked, then the code. */
async function login(wallet: EmbeddedWallet, email: string) {
  const mailsBefore = (await s.mails(email, 0)).length
  const { action } = await wallet.connectEmail(email)
  if (action === 'VERIFY_DEVICE') {
    expect((await approveByMail(s.base, await s.lastMail(email, mailsBefore + 1))).status).toBe(200)
    expect(await wallet.awaitDeviceApproval(AbortSignal.timeout(10_000))).toEqual({ action: 'VERIFY_OTP' })
  }
  const code = codeOf(await s.lastMail(email, mailsBefore + (action === 'VERIFY_DEVICE' ? 2 : 1)))
  return { action, result: await wallet.connectOtp(code) }
}
const userOf = (result: unknown) => {
  expect(result).toMatchObject({ userId: expect.any(String) })
  return result as EmbeddedWalletUser
}
const sessionOf = (device: Device) => device.sessionStore.get(SESSION_KEYS.sessionToken) ?? ''
/** The API as seen by a bearer of this device's session (what a hostile party with the token could do). */
const apiAs = (device: Device) => {
  const api = createAuthApiClient({ apiUrl: s.base, fetch: frameFetch })
  api.setSession(sessionOf(device))
  return api
}

beforeAll(async () => {
  ;[node, s] = await Promise.all([startTestAnvil(), startAuthTestStack()])
  anvilUrl = node.url
}, 30_000)
afterAll(async () => {
  node?.stop()
  await s?.stop()
})
beforeEach(() => {
  s.clock.now += 11 * MINUTE // a new rate-limit window per test
})

describe('createEmbeddedWallet: login and key custody', () => {
  it('makes the wallet on the first login, and the same device rebuilds the same addresses', async () => {
    const device = newDevice()
    const email = fresh()
    const first = await login(open(device), email)
    expect(first.action).toBe('VERIFY_DEVICE')
    const user = userOf(first.result)
    expect(user).toEqual({
      userId: expect.any(String),
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      accounts: [
        { namespace: 'eip155', address: user.address, type: 'eoa' },
        { namespace: 'solana', address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/), type: 'eoa' },
      ],
    })
    // The API holds the same addresses, and a share this device cannot read alone.
    const session = await apiAs(device).getSession()
    expect(session.user.addresses).toEqual({ eip155: user.address, solana: user.accounts[1]?.address })
    expect(await device.deviceStore.load(user.userId)).toBeInstanceOf(Uint8Array)

    // Second login on the same device (a reload: a new instance over the same stores): no approval.
    const again = await login(open(device), email)
    expect(again.action).toBe('VERIFY_OTP')
    expect(userOf(again.result)).toEqual(user)
  })

  it('offers the recovery text once; a new device needs it, restores the same wallet and re-splits', async () => {
    const email = fresh()
    const oldDevice = newDevice()
    const wallet = open(oldDevice)
    const user = userOf((await login(wallet, email)).result)
    const recovery = wallet.exportRecovery()
    expect(recovery).toMatch(/^mkr1-[-_A-Za-z0-9]+$/)
    expect(wallet.exportRecovery()).toBeNull()

    const newOne = newDevice()
    const other = open(newOne)
    const first = await login(other, email)
    expect(first).toEqual({ action: 'VERIFY_DEVICE', result: { needsRecovery: true } })
    expect(other.getUser()).toBeNull()
    expect(await caught(other.recover(`${recovery}x`))).toMatchObject({ name: 'RecoveryFormatError' })
    expect(await other.recover(recovery!)).toEqual(user)
    const next = other.exportRecovery()
    expect(next).toMatch(/^mkr1-/)
    expect(next).not.toBe(recovery)

    // The old device's share was of the old split: it no longer combines into this wallet.
    const stale = open(oldDevice)
    expect(await caught(login(stale, email))).toMatchObject({ name: 'KeyMismatchError', code: 5000 })
    expect(stale.getUser()).toBeNull()
    // Nor does the old recovery text; the new one restores that device too.
    expect(await caught(stale.recover(recovery!))).toMatchObject({ name: 'KeyMismatchError' })
    expect(await stale.recover(next!)).toEqual(user)
  })

  it('refuses an auth share of another seed: a hostile API cannot switch wallets', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    userOf((await login(wallet, email)).result)
    const foreign = await splitSeed(createSeed())
    // A token holder within 5 minutes of login may replace the share (the addresses stay the API's).
    await apiAs(device).putShare({ share: encodeShare(foreign.authShare), replace: true })

    const personal = {
      method: 'personal_sign',
      params: ['0x68656c6c6f', wallet.getUser()!.address],
      chainId: 31337,
      chainNamespace: 'eip155' as const,
    }
    expect(await caught(wallet.sign(personal))).toMatchObject({ name: 'KeyMismatchError' })
    const later = open(device)
    expect(await caught(login(later, email))).toMatchObject({
      name: 'KeyMismatchError',
      shortMessage: 'Failed to connect',
    })
    expect(later.getUser()).toBeNull()
  })

  it('waits for the device approval by polling, and stops when aborted', async () => {
    const email = fresh()
    const wallet = open(newDevice())
    expect(await wallet.connectEmail(email)).toEqual({ action: 'VERIFY_DEVICE' })
    const aborted = new AbortController()
    const waiting = caught(wallet.awaitDeviceApproval(aborted.signal))
    setTimeout(() => aborted.abort(), 250)
    expect(await waiting).toMatchObject({ name: 'RequestAbortedError', shortMessage: 'Request was aborted' })

    const approved = wallet.awaitDeviceApproval(AbortSignal.timeout(5_000))
    setTimeout(() => void s.lastMail(email).then((mail) => approveByMail(s.base, mail)), 300)
    expect(await approved).toEqual({ action: 'VERIFY_OTP' })
    userOf(await wallet.connectOtp(codeOf(await s.lastMail(email, 2))))
  })

  it('signs out (the device share stays); an expired or revoked session clears the auth cache', async () => {
    const email = fresh()
    const device = newDevice()
    const wallet = open(device)
    const user = userOf((await login(wallet, email)).result)
    expect(await wallet.isConnected()).toBe(true)
    await wallet.signOut()
    expect(await wallet.isConnected()).toBe(false)
    expect(wallet.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')
    expect(await device.deviceStore.load(user.userId)).not.toBeNull()

    // After a reload the stored session reopens the wallet without a login.
    userOf((await login(open(device), email)).result)
    const reloaded = open(device)
    expect(reloaded.getUser()).toBeNull()
    expect(await reloaded.isConnected()).toBe(true)
    expect(reloaded.getUser()).toEqual(user)

    // Revoked elsewhere (the same token signed out by another tab):
    await apiAs(device).signOut()
    expect(await reloaded.isConnected()).toBe(false)
    expect(reloaded.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')

    // Expired: sessions last 7 days.
    const later = open(device)
    userOf((await login(later, email)).result)
    s.clock.now += 7 * 24 * 60 * MINUTE + 1
    expect(await later.isConnected()).toBe(false)
    expect(later.getUser()).toBeNull()
    expect(sessionOf(device)).toBe('')
  })
})

describe('createEmbeddedWallet: e-mail update (SPEC §4)', () => {
  it('confirms with the code sent to the current address, then the one sent to the new address', async () => {
    const email = fresh()
    const next = fresh()
    const wallet = open(newDevice())
    expect(await caught(wallet.updateEmail(next))).toMatchObject({ name: 'NotConnectedError' })
    userOf((await login(wallet, email)).result)
    const mails = (await s.mails(email, 0)).length
    expect(await wallet.updateEmail(next)).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = codeOf(await s.lastMail(email, mails + 1))
    expect(await wallet.verifyPrimaryOtp(primary)).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(await wallet.verifySecondaryOtp(codeOf(await s.lastMail(next)))).toEqual({ newEmail: next })
    expect(wallet.getUser()?.email).toBe(next)
    expect(await caught(wallet.verifySecondaryOtp('123456'))).toMatchObject({ name: 'WalletStateError' })
  })
})

describe('createEmbeddedWallet: signing', () => {
  let wallet: EmbeddedWallet
  let user: EmbeddedWalletUser
  beforeAll(async () => {
    wallet = open(newDevice())
    user = userOf((await login(wallet, fresh())).result)
  })
  const evm = (method: string, params: unknown) => ({
    method,
    params,
    chainId: 'eip155:31337',
    chainNamespace: 'eip155' as const,
  })

  it('personal_sign: a signature ethers recovers to the wallet, after describing it', async () => {
    const request = evm('personal_sign', ['0x68656c6c6f20776f726c64', user.address])
    expect(wallet.describe(request)).toMatchObject({
      title: 'Sign message',
      fields: [{ label: 'Message', value: 'hello world' }, { label: 'Account' }],
    })
    const signature = await wallet.sign(request)
    expect(verifyMessage('hello world', signature as string)).toBe(user.address)
  })

  it('refuses a second request while one is in flight, another account, and unlisted methods', async () => {
    const request = evm('personal_sign', ['0x01', user.address])
    const [first, second] = await Promise.allSettled([wallet.sign(request), wallet.sign(request)])
    expect(first.status).toBe('fulfilled')
    expect(second).toMatchObject({ status: 'rejected', reason: { name: 'RequestInFlightError' } })
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(await caught(wallet.sign(evm('personal_sign', ['0x01', other])))).toMatchObject({
      name: 'AccountMismatchError',
      code: 4100,
    })
    expect(await caught(wallet.sign(evm('eth_sign', [user.address, '0x01'])))).toMatchObject({ code: 4200 })
    const solanaOnEvm = { ...evm('solana_signMessage', { message: '2', pubkey: '2' }) }
    expect(await caught(wallet.sign(solanaOnEvm))).toMatchObject({ name: 'UnsupportedMethodError' })
  })

  // anvil mines on arrival: poll the receipt directly, bounded, rather than through ethers' block subscriber.
  const receiptOf = async (hash: string) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const receipt = (await rpc('eip155:31337', 'eth_getTransactionReceipt', [hash])) as {
        status: string
        from: string
      } | null
      if (receipt) return receipt
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash} within 10 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  it('eth_sendTransaction: fills nonce, gas and fees by RPC, signs, sends, and anvil mines it', async () => {
    const provider = new JsonRpcProvider(anvilUrl, 31337, { staticNetwork: true })
    try {
      const funder = new Wallet(ANVIL_KEY, provider)
      const funding = await funder.sendTransaction({ to: user.address, value: parseEther('1') })
      expect((await receiptOf(funding.hash)).status).toBe('0x1')

      const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
      const request = evm('eth_sendTransaction', [{ to, value: '0x2386f26fc10000' }])
      expect(wallet.describe(request)).toMatchObject({ title: 'Send transaction' })
      const hash = await wallet.sign(request)
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      const receipt = await receiptOf(hash as string)
      expect(receipt).toMatchObject({ status: '0x1', from: user.address.toLowerCase() })
      const tx = Transaction.from(await provider.send('eth_getRawTransactionByHash', [hash]))
      expect([tx.from, tx.to, tx.value, tx.type, tx.chainId, tx.nonce]).toEqual([
        user.address,
        to,
        10n ** 16n,
        2,
        31337n,
        0,
      ])
    } finally {
      provider.destroy()
    }
  })

  it('solana_signMessage: an ed25519 signature of the bytes by the Solana account', async () => {
    const solana = user.accounts[1]!.address
    const message = encodeBase58(new TextEncoder().encode('hello solana'))
    const { signature } = (await wallet.sign({
      method: 'solana_signMessage',
      params: { message, pubkey: solana },
      chainId: 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
      chainNamespace: 'solana',
    })) as { signature: string }
    const bytes = (text: string) => base58ToBytes(text, 'test')
    const text = new TextEncoder().encode('hello solana')
    expect(ed25519.verify(bytes(signature), text, bytes(solana))).toBe(true)
    expect(ed25519.verify(bytes(signature), new TextEncoder().encode('hello solanA'), bytes(solana))).toBe(
      false,
    )
  })
})

describe('createEmbeddedWallet: social login and e-mail update', () => {
  const REDIRECT = `${AUTH_ORIGIN}/oauth-callback.html`
  let oidc: StartOidcReturnType
  let social: AuthTestStack
  beforeAll(async () => {
    oidc = await startOidc({ port: 0, redirectUri: REDIRECT })
    social = await startAuthTestStack({ socialProviders: oidc.providers })
  }, 30_000)
  afterAll(async () => {
    await social?.stop()
    await oidc?.close()
  })

  it('keeps the PKCE verifier in the frame, finishes once, and opens the same wallet each time', async () => {
    const device = newDevice()
    const wallet = createEmbeddedWallet({
      api: createAuthApiClient({ apiUrl: social.base, fetch: frameFetch }),
      projectId: 'shop',
      siteOrigin: SITE,
      rpc,
      now: () => social.clock.now,
      ...device,
    })
    const started = await wallet.connectSocial('github', REDIRECT)
    const url = new URL(started.authorizationUrl)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    const stored = device.sessionStore.get(SESSION_KEYS.social) ?? ''
    const verifier = (JSON.parse(stored) as { verifier: string }).verifier
    expect(verifier).toMatch(/^[-_A-Za-z0-9]{43}$/)
    expect(started.authorizationUrl).not.toContain(verifier)

    const back = await devLogin(started.authorizationUrl, REDIRECT, 'ada')
    const callback = {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
      iss: back.searchParams.get('iss') ?? '',
    }
    const user = userOf(await wallet.finishSocial(callback))
    expect(user.email).toBe('ada@github.test')
    expect(device.sessionStore.get(SESSION_KEYS.social)).toBeNull()
    expect(await caught(wallet.finishSocial(callback))).toMatchObject({
      name: 'ConnectionRejectedError',
      shortMessage: 'Connection rejected',
    })

    // A reloaded frame (the popup's callback page) finishes from the session store alone.
    const again = await wallet.connectSocial('github', REDIRECT)
    const reloaded = createEmbeddedWallet({
      api: createAuthApiClient({ apiUrl: social.base, fetch: frameFetch }),
      projectId: 'shop',
      siteOrigin: SITE,
      rpc,
      now: () => social.clock.now,
      ...device,
    })
    const back2 = await devLogin(again.authorizationUrl, REDIRECT, 'ada')
    const second = await reloaded.finishSocial({
      code: back2.searchParams.get('code') ?? '',
      state: back2.searchParams.get('state') ?? '',
      iss: back2.searchParams.get('iss') ?? '',
    })
    expect(second).toEqual(user)

    // A social account has no e-mail login to confirm an update from (the API's rule, typed here).
    expect(await caught(reloaded.updateEmail(`ada${++n}@example.test`))).toMatchObject({
      name: 'AuthApiError',
      reason: 'no_primary_email',
    })
  })
})
