import { expect, it } from 'vitest'
import { txDescriptionSign } from './txDescriptionSign.ts'

it("gives '+' for receive, deposit, borrow, claim", () => {
  for (const type of ['receive', 'deposit', 'borrow', 'claim'])
    expect(txDescriptionSign(type), type).toBe('+')
})

it("gives '-' for withdraw, repay, burn", () => {
  for (const type of ['withdraw', 'repay', 'burn']) expect(txDescriptionSign(type), type).toBe('-')
})

it('gives nothing for any other operation type', () => {
  for (const type of ['send', 'mint', 'approve', 'execute', 'trade', 'Receive', '', 'toString']) {
    expect(txDescriptionSign(type), type).toBe('')
  }
})
