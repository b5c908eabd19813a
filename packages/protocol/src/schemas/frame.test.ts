import { describe, expect, it } from 'vitest'
import { FRAME_REPLIES, frameEventSchema, parseFrameRequest } from './frame.ts'

const id = 'a'.repeat(32)

describe('frame messages (SPEC §7)', () => {
  it('parses a request by its type and payload', () => {
    expect(parseFrameRequest({ type: '@w3m-app/CONNECT_EMAIL', id, payload: { email: 'a@b.co' } })).toEqual({
      type: 'CONNECT_EMAIL',
      id,
      payload: { email: 'a@b.co' },
    })
    expect(
      parseFrameRequest({
        type: '@w3m-app/RPC_REQUEST',
        id,
        payload: { method: 'personal_sign', params: ['0x00', '0x0'], chainId: 1, chainNamespace: 'eip155' },
      })?.type,
    ).toBe('RPC_REQUEST')
  })

  it('drops unknown types, bad payloads, bad ids and the wrong prefix', () => {
    expect(parseFrameRequest({ type: '@w3m-app/EXPORT_KEY', id, payload: {} })).toBeUndefined()
    expect(parseFrameRequest({ type: '@w3m-app/toString', id, payload: {} })).toBeUndefined()
    expect(
      parseFrameRequest({ type: '@w3m-app/CONNECT_EMAIL', id, payload: { email: 'nope' } }),
    ).toBeUndefined()
    expect(parseFrameRequest({ type: '@w3m-app/CONNECT_OTP', id, payload: { otp: '12345' } })).toBeUndefined()
    expect(parseFrameRequest({ type: '@w3m-app/SIGN_OUT', id: 'short', payload: {} })).toBeUndefined()
    expect(parseFrameRequest({ type: '@w3m-frame/SIGN_OUT', id, payload: {} })).toBeUndefined()
    expect(parseFrameRequest({ type: '@w3m-app/SIGN_OUT', id, payload: {}, extra: 1 })).toBeUndefined()
    expect(parseFrameRequest('@w3m-app/SIGN_OUT')).toBeUndefined()
  })

  it('carries no recovery text either way in ROTATE_RECOVERY (it stays in the frame)', () => {
    expect(parseFrameRequest({ type: '@w3m-app/ROTATE_RECOVERY', id, payload: {} })?.type).toBe(
      'ROTATE_RECOVERY',
    )
    expect(
      parseFrameRequest({ type: '@w3m-app/ROTATE_RECOVERY', id, payload: { text: 'abandon abandon' } }),
    ).toBeUndefined()
    expect(FRAME_REPLIES.ROTATE_RECOVERY.safeParse({}).success).toBe(true)
    expect(FRAME_REPLIES.ROTATE_RECOVERY.safeParse({ text: 'abandon abandon' }).success).toBe(false)
  })

  it('SYNC_LOCALE carries one of the five languages, nothing else', () => {
    const sync = (payload: unknown) => parseFrameRequest({ type: '@w3m-app/SYNC_LOCALE', id, payload })
    expect(sync({ locale: 'ar' })).toEqual({ type: 'SYNC_LOCALE', id, payload: { locale: 'ar' } })
    for (const payload of [
      { locale: 'fr' },
      { locale: 'EN' },
      { locale: 'es-ES' },
      {},
      { locale: 'es', x: 1 },
    ])
      expect(sync(payload)).toBeUndefined()
    expect(FRAME_REPLIES.SYNC_LOCALE.safeParse({}).success).toBe(true)
  })

  it('has a reply schema for every request, and the frame events', () => {
    expect(FRAME_REPLIES.CONNECT_EMAIL.safeParse({ action: 'VERIFY_DEVICE' }).success).toBe(true)
    expect(FRAME_REPLIES.GET_USER.safeParse({ address: '0x1', chainId: 1, accounts: [] }).success).toBe(true)
    expect(frameEventSchema.safeParse({ type: '@w3m-frame/READY' }).success).toBe(true)
    expect(frameEventSchema.safeParse({ type: '@w3m-frame/APPROVAL', payload: { open: true } }).success).toBe(
      true,
    )
    expect(
      frameEventSchema.safeParse({ type: '@w3m-frame/APPROVAL', payload: { open: 'yes' } }).success,
    ).toBe(false)
  })
})
