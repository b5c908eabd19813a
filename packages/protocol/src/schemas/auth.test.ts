import { describe, expect, it } from 'vitest'
import {
  authShareSchema,
  emailStartRequestSchema,
  loginReplySchema,
  otpSchema,
  putShareRequestSchema,
  socialStartRequestSchema,
} from './auth.ts'

const start = {
  projectId: 'demo',
  email: 'ada@example.test',
  siteOrigin: 'http://localhost:5173',
  deviceId: 'device-0123456789abcdef',
}

describe('auth schemas', () => {
  it('accepts a well-formed e-mail start and refuses a bad address or an extra key', () => {
    expect(emailStartRequestSchema.safeParse(start).success).toBe(true)
    const bad = emailStartRequestSchema.safeParse({ ...start, email: 'not-an-email' })
    expect(bad.error?.issues[0]?.path).toEqual(['email'])
    const extra = emailStartRequestSchema.safeParse({ ...start, admin: true })
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys')
  })
  it('takes six-digit string codes only', () => {
    expect(otpSchema.safeParse('012345').success).toBe(true)
    for (const otp of ['12345', '1234567', 'abcdef', 123456])
      expect(otpSchema.safeParse(otp).success).toBe(false)
  })
  it('limits auth shares to 1 KiB of base64', () => {
    const kib = `${'A'.repeat(1364)}AA==` // 1024 bytes
    expect(authShareSchema.safeParse(kib).success).toBe(true)
    expect(authShareSchema.safeParse(`${'A'.repeat(1364)}AAA=`).success).toBe(false)
    expect(authShareSchema.safeParse('not base64!').success).toBe(false)
    expect(putShareRequestSchema.safeParse({ share: kib, replace: 'yes' }).success).toBe(false)
  })
  it('knows the six social providers only', () => {
    const body = { ...start, provider: 'google', codeChallenge: 'a'.repeat(43), redirectUri: 'http://x/cb' }
    delete (body as Partial<typeof body>).email
    expect(socialStartRequestSchema.safeParse(body).success).toBe(true)
    const other = socialStartRequestSchema.safeParse({ ...body, provider: 'myspace' })
    expect(other.error?.issues[0]?.code).toBe('invalid_value')
  })
  it('describes a login reply with a nullable address pair', () => {
    const reply = {
      sessionToken: 'x'.repeat(43),
      user: { userId: 'u1', email: null, addresses: null, isNewUser: true },
    }
    expect(loginReplySchema.parse(reply)).toEqual(reply)
  })
})
