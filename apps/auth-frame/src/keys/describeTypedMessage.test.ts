import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { describeTypedMessage } from './describeTypedMessage.ts'
import { thrown } from './testSeed.ts'

describe('describeTypedMessage', () => {
  it('shows every field, nested structs and arrays by path and depth', () => {
    const fields = describeTypedMessage({
      types: {
        Order: [
          { name: 'maker', type: 'address' },
          { name: 'details', type: 'Details' },
          { name: 'tags', type: 'string[]' },
        ],
        Details: [
          { name: 'amount', type: 'uint256' },
          { name: 'memo', type: 'bytes' },
        ],
      },
      primaryType: 'Order',
      message: { maker: '0xabc', details: { amount: '12', memo: '0x01' }, tags: ['a', 'b'] },
    })
    expect(fieldsInEnglish(fields)).toEqual([
      { label: 'maker', value: '0xabc', depth: 0 },
      { label: 'details', value: 'Details', depth: 0 },
      { label: 'details.amount', value: '12', depth: 1 },
      { label: 'details.memo', value: '0x01', depth: 1 },
      { label: 'tags', value: '2 items', depth: 0 },
      { label: 'tags[0]', value: 'a', depth: 1 },
      { label: 'tags[1]', value: 'b', depth: 1 },
    ])
  })

  it('refuses a message with more fields than can be read', () => {
    expect(
      thrown(() =>
        describeTypedMessage({
          types: { List: [{ name: 'items', type: 'uint8[]' }] },
          primaryType: 'List',
          message: { items: Array.from({ length: 500 }, () => 1) },
        }),
      ),
    ).toMatchObject({ name: 'ValidationError', shortMessage: 'Invalid typed data' })
  })
})
