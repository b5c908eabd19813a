import { expect, it } from 'vitest'
import { approvalWindowReplySchema, approvalWindowRequestSchema } from './approvalWindow.ts'

const nonce = 'ab'.repeat(16)

it('parses the popup READY and a DECISION bound to a nonce, nothing else', () => {
  const decision = { type: '@modalkit-approval/DECISION', nonce, approved: true }
  expect(approvalWindowReplySchema.parse({ type: '@modalkit-approval/READY' })).toEqual({
    type: '@modalkit-approval/READY',
  })
  expect(approvalWindowReplySchema.parse(decision)).toEqual(decision)
  expect(approvalWindowReplySchema.safeParse({ ...decision, approved: 'yes' }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ ...decision, nonce: 'x' }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ ...decision, extra: 1 }).success).toBe(false)
  expect(approvalWindowReplySchema.safeParse({ type: '@w3m-frame/READY' }).success).toBe(false)
})

it('parses the REQUEST the popup shows, text only and bounded', () => {
  const request = {
    type: '@modalkit-approval/REQUEST',
    nonce,
    site: 'http://host.test',
    title: 'Sign message',
    fields: [{ label: 'Message', value: 'hello' }],
  }
  expect(approvalWindowRequestSchema.parse(request)).toEqual(request)
  expect(approvalWindowRequestSchema.safeParse({ ...request, fields: [{ label: 1 }] }).success).toBe(false)
  expect(approvalWindowRequestSchema.safeParse({ ...request, title: 'x'.repeat(201) }).success).toBe(false)
})
