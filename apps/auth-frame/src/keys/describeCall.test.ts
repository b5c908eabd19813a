import { Interface, MaxUint256 } from 'ethers'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { listCallTokens } from './calls/listCallTokens.ts'
import { describeCall, MAX_CALL_DEPTH } from './describeCall.ts'

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OWNER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const abi = new Interface([
  'function transfer(address,uint256)',
  'function transferFrom(address,address,uint256)',
  'function approve(address,uint256)',
  'function increaseAllowance(address,uint256)',
  'function setApprovalForAll(address,bool)',
  'function safeTransferFrom(address,address,uint256)',
  'function safeTransferFrom(address,address,uint256,bytes)',
  'function safeTransferFrom(address,address,uint256,uint256,bytes)',
  'function safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  'function approve(address,address,uint160,uint48)',
  'function withdrawTo(address,uint256)',
  'function multicall(bytes[])',
  'function multicall(uint256,bytes[])',
  'function swap(uint256)',
])
const encode = (signature: string, args: unknown[]) => abi.encodeFunctionData(signature, args)
const tokens = new Map([[TOKEN.toLowerCase(), { symbol: 'USDC', decimals: 6 }]])
const native = (amount: bigint) => `${amount} wei`

/** The lines of one call to `to`, as the English screen reads them. */
const lines = (data: string, to = TOKEN) =>
  fieldsInEnglish(describeCall({ to, data }, { tokens, native }).fields)

describe('describeCall: each decoder', () => {
  it('ERC-20 transfer and allowances: amounts in token units or Unlimited; a zero allowance is no warning', () => {
    expect(lines(encode('transfer', [SPENDER, 5_000_000n]))).toEqual([
      { label: 'Transfer', value: `Transfer 5.0 USDC to ${SPENDER}`, warning: true },
    ])
    expect(lines(encode('approve(address,uint256)', [SPENDER, MaxUint256]))).toEqual([
      { label: 'Approval', value: `Allow ${SPENDER} to spend Unlimited USDC until revoked`, warning: true },
    ])
    expect(lines(encode('increaseAllowance', [SPENDER, 1n]), SPENDER)).toEqual([
      {
        label: 'Approval',
        value: `Allow ${SPENDER} to spend (in addition) 1 (raw units) of token ${SPENDER} until revoked`,
        warning: true,
      },
    ])
    expect(lines(encode('approve(address,uint256)', [SPENDER, 0n]))).toEqual([
      { label: 'Approval', value: `Allow ${SPENDER} to spend 0.0 USDC until revoked` },
    ])
  })

  it('transferFrom, shared by ERC-20 and ERC-721, says it can be either', () => {
    expect(lines(encode('transferFrom', [OWNER, SPENDER, 7n]))).toEqual([
      {
        label: 'Transfer',
        value: `Transfer 7 (token amount or NFT id) of ${TOKEN} from ${OWNER} to ${SPENDER}`,
        warning: true,
      },
    ])
  })

  it('ERC-721 and ERC-1155 transfers, each overload, and setApprovalForAll', () => {
    const nft = `Transfer NFT id 9 of collection ${TOKEN} from ${OWNER} to ${SPENDER}`
    expect(lines(encode('safeTransferFrom(address,address,uint256)', [OWNER, SPENDER, 9n]))[0]?.value).toBe(
      nft,
    )
    expect(
      lines(encode('safeTransferFrom(address,address,uint256,bytes)', [OWNER, SPENDER, 9n, '0x']))[0]?.value,
    ).toBe(nft)
    expect(
      lines(
        encode('safeTransferFrom(address,address,uint256,uint256,bytes)', [OWNER, SPENDER, 9n, 3n, '0x']),
      ),
    ).toEqual([
      {
        label: 'Transfer',
        value: `Transfer 3 of token id 9 of collection ${TOKEN} from ${OWNER} to ${SPENDER}`,
        warning: true,
      },
    ])
    expect(lines(encode('safeBatchTransferFrom', [OWNER, SPENDER, [1n, 2n], [10n, 20n], '0x']))).toEqual([
      {
        label: 'Transfer',
        value: `Transfer tokens of collection ${TOKEN} from ${OWNER} to ${SPENDER}: 10 of id 1, 20 of id 2`,
        warning: true,
      },
    ])
    expect(lines(encode('setApprovalForAll', [SPENDER, true]))[0]).toMatchObject({
      value: `Allow ${SPENDER} to transfer ALL your tokens of collection ${TOKEN}, until revoked`,
      warning: true,
    })
    expect(lines(encode('setApprovalForAll', [SPENDER, false]))[0]).not.toHaveProperty('warning')
  })

  it("Permit2's on-chain approve names the token argument, the spender and the expiration", () => {
    const data = encode('approve(address,address,uint160,uint48)', [
      TOKEN,
      SPENDER,
      2n ** 160n - 1n,
      1700000000n,
    ])
    expect(listCallTokens([{ to: PERMIT2, data }])).toEqual([TOKEN.toLowerCase()])
    expect(lines(data, PERMIT2)).toEqual([
      {
        label: 'Approval',
        value: `Allow ${SPENDER} to spend Unlimited USDC through Permit2 until 2023-11-14 22:13:20 UTC`,
        warning: true,
      },
    ])
  })

  it('EntryPoint.withdrawTo: the deposit paid out, in the chain currency', () => {
    expect(lines(encode('withdrawTo', [SPENDER, 1000n]), PERMIT2)).toEqual([
      {
        label: 'Transfer',
        value: `Withdraw 1000 wei of the deposit at the EntryPoint ${PERMIT2} to ${SPENDER}`,
        warning: true,
      },
    ])
  })

  it('multicall items (both forms) are decoded by the same decoders, nested, up to a depth bound', () => {
    const approve = encode('approve(address,uint256)', [SPENDER, MaxUint256])
    const swap = encode('swap', [1n])
    const inner = encode('multicall(uint256,bytes[])', [1n, [approve]])
    expect(listCallTokens([{ to: TOKEN, data: encode('multicall(bytes[])', [[inner]]) }])).toEqual([
      TOKEN.toLowerCase(),
    ])
    const shown = describeCall(
      { to: TOKEN, data: encode('multicall(bytes[])', [[swap, inner]]) },
      { tokens, native },
    )
    expect(shown.undecoded).toBe(true)
    expect(
      fieldsInEnglish(shown.fields).map(({ depth, value, warning }) => [depth ?? 0, value, !!warning]),
    ).toEqual([
      [0, `2 calls to ${TOKEN} in one, each below`, false],
      [1, `Unknown call to ${TOKEN}: ${swap.slice(0, 10)}, 36 bytes`, true],
      [1, `1 calls to ${TOKEN} in one, each below`, false],
      [2, `Allow ${SPENDER} to spend Unlimited USDC until revoked`, true],
    ])
    // The item the wallet cannot read carries its own bytes, not the whole multicall's.
    expect(shown.fields.filter((field) => field.data).map((field) => field.data)).toEqual([swap])
    let deep = approve
    for (let i = 0; i <= MAX_CALL_DEPTH; i++) deep = encode('multicall(bytes[])', [[deep]])
    const tooDeep = lines(deep).filter((line) => line.value.startsWith('Unknown call'))
    // The approve nested one level too deep is not decoded: unknown, a warning, and undecoded.
    expect(tooDeep).toEqual([
      {
        label: 'Call',
        value: `Unknown call to ${TOKEN}: ${approve.slice(0, 10)}, 68 bytes`,
        warning: true,
        depth: MAX_CALL_DEPTH + 1,
        data: approve,
      },
    ])
  })

  it('unknown or undecodable data: its line carries the data in full, and undecoded; no data adds nothing', () => {
    const swap = encode('swap', [1n])
    const unknown = describeCall({ to: TOKEN, data: swap }, { native })
    expect(unknown.undecoded).toBe(true)
    expect(fieldsInEnglish(unknown.fields)).toEqual([
      {
        label: 'Call',
        value: `Unknown call to ${TOKEN}: ${swap.slice(0, 10)}, 36 bytes`,
        warning: true,
        data: swap,
      },
    ])
    const short = describeCall({ to: TOKEN, data: '0xa9059cbb00' }, { native, index: 2 })
    expect(fieldsInEnglish(short.fields)).toEqual([
      {
        label: '#2 Call',
        value: 'transfer with data that does not decode',
        warning: true,
        data: '0xa9059cbb00',
      },
    ])
    expect(describeCall({ to: TOKEN, data: '0x12' }, { native }).undecoded).toBe(true)
    expect(describeCall({ to: TOKEN, data: '0x' }, { native })).toEqual({ fields: [], undecoded: false })
    expect(describeCall({ to: null, data: swap }, { native })).toEqual({ fields: [], undecoded: false })
  })
})
