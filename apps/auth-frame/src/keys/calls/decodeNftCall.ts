import { Interface, type Result } from 'ethers'
import { listOf, phrase } from '../../i18n/phrase.ts'
import { type CallDecoder, type CallLine, decodeWith } from './CallDecoder.ts'

export const NFT = new Interface([
  'function safeTransferFrom(address from, address to, uint256 id)',
  'function safeTransferFrom(address from, address to, uint256 id, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
])

const transfer = (value: CallLine['value']): CallLine[] => [
  { label: phrase('field.transfer'), value, warning: true },
]

const ends = (args: Result, collection: string) => ({
  collection,
  from: String(args[0]),
  recipient: String(args[1]),
})

/**
 * ERC-721 `safeTransferFrom` (both overloads), ERC-1155 `safeTransferFrom` and
 * `safeBatchTransferFrom` (each id with its amount), and `setApprovalForAll` of either: transfers
 * and a granted approval are warnings, a revoked one is not.
 */
export const decodeNftCall: CallDecoder = (data, { to }) =>
  decodeWith(NFT, data, (fragment, args) => {
    if (fragment.name === 'setApprovalForAll') {
      const spender = String(args[0])
      return args[1]
        ? [
            {
              label: phrase('field.approval'),
              value: phrase('allowance.allowCollection', { spender, collection: to }),
              warning: true,
            },
          ]
        : [
            {
              label: phrase('field.approval'),
              value: phrase('allowance.revokeCollection', { spender, collection: to }),
            },
          ]
    }
    if (fragment.name === 'safeBatchTransferFrom') {
      const ids = args[2] as bigint[]
      const amounts = args[3] as bigint[]
      const items = ids.map((id, i) =>
        phrase('call.nftItem', { id: String(id), amount: String(amounts[i] ?? 0n) }),
      )
      return transfer(phrase('call.transferNftBatch', { ...ends(args, to), items: listOf(items) }))
    }
    if (fragment.inputs.length === 5)
      return transfer(
        phrase('call.transferNfts', { ...ends(args, to), id: String(args[2]), amount: String(args[3]) }),
      )
    return transfer(phrase('call.transferNft', { ...ends(args, to), id: String(args[2]) }))
  })
