import { describe, expect, it } from 'vitest'
import { sendBitcoinRequest } from './sendBitcoinRequest.ts'

const ACCOUNT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const OTHER = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const PSBT = 'cHNidP8BAHECAAAAAQ=='
const TXID = 'cd'.repeat(32)

/** A wallet that records what it was sent and answers `reply`. */
function wallet(reply: unknown) {
  const sent: unknown[] = []
  return {
    sent,
    send: async (method: string, params: unknown) => {
      sent.push([method, params])
      return reply
    },
  }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('sendBitcoinRequest', () => {
  it('sends the parsed params with the connected account filled in, and gives back the parsed reply', async () => {
    const w = wallet({ psbt: PSBT, extra: 'dropped' })
    const signInputs = [{ address: ACCOUNT, index: 0, sighashTypes: [1] }]
    const result = await sendBitcoinRequest({
      method: 'signPsbt',
      params: { psbt: PSBT, signInputs },
      account: ACCOUNT,
      send: w.send,
    })
    expect(w.sent).toEqual([['signPsbt', { psbt: PSBT, signInputs, account: ACCOUNT }]])
    expect(result).toEqual({ psbt: PSBT })
  })

  it('refuses bad params before the wallet is asked', async () => {
    const w = wallet({ txid: TXID })
    const error = await rejection(
      sendBitcoinRequest({
        method: 'sendTransfer',
        params: { recipientAddress: 'not an address', amount: '1000' },
        account: ACCOUNT,
        send: w.send,
      }),
    )
    expect(error).toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid sendTransfer params',
      details: 'custom at recipientAddress',
    })
    expect(w.sent).toEqual([])
  })

  it('takes the account from the host only when it is the connected one', async () => {
    const w = wallet({ txid: TXID })
    const params = { account: OTHER, recipientAddress: OTHER, amount: '1000' }
    const error = await rejection(
      sendBitcoinRequest({ method: 'sendTransfer', params, account: ACCOUNT, send: w.send }),
    )
    expect(error).toMatchObject({ shortMessage: 'Invalid sendTransfer params', details: 'custom at account' })
    expect(w.sent).toEqual([])
    const same = await sendBitcoinRequest({
      method: 'sendTransfer',
      params: { ...params, account: ACCOUNT },
      account: ACCOUNT,
      send: w.send,
    })
    expect(same).toEqual({ txid: TXID })
  })

  it("is SPEC §8's 'Please call connect() before request()' without a connected account", async () => {
    const error = await rejection(
      sendBitcoinRequest({ method: 'getAccountAddresses', params: {}, account: undefined, send: undefined }),
    )
    expect(error).toMatchObject({ code: 4100, shortMessage: 'Please call connect() before request()' })
  })

  it("refuses a wallet's malformed reply, and a message signed by another address than asked", async () => {
    const bad = await rejection(
      sendBitcoinRequest({
        method: 'getAccountAddresses',
        params: {},
        account: ACCOUNT,
        send: wallet(['bc1q']).send,
      }),
    )
    expect(bad).toMatchObject({
      shortMessage: 'Invalid getAccountAddresses reply',
      details: 'invalid_type at 0',
    })
    const params = { message: 'hello', address: ACCOUNT, protocol: 'bip322' }
    const other = await rejection(
      sendBitcoinRequest({
        method: 'signMessage',
        params,
        account: ACCOUNT,
        send: wallet({ address: OTHER, signature: '0102' }).send,
      }),
    )
    expect(other).toMatchObject({ shortMessage: 'Invalid signMessage reply', details: 'custom at address' })
    const signed = await sendBitcoinRequest({
      method: 'signMessage',
      params,
      account: ACCOUNT,
      send: wallet({ address: ACCOUNT, signature: '0102' }).send,
    })
    expect(signed).toEqual({ address: ACCOUNT, signature: '0102' })
  })
})
