import {
  concat,
  type Hex,
  hexToBytes,
  isErc6492Signature,
  parseErc6492Signature,
  serializeErc6492Signature,
  size,
  stringToHex,
  toHex,
} from 'viem'

type Types = Readonly<Record<string, readonly { name: string; type: string }[]>>

/** `primaryType` and every struct it uses, each encoded as EIP-712's encodeType does, in name order. */
function sortedTypeEncodings(types: Types, primaryType: string): string[] {
  const used = new Set<string>()
  const visit = (name: string) => {
    const fields = types[name]
    if (!fields || used.has(name)) return
    used.add(name)
    for (const field of fields) visit(field.type.replace(/\[[0-9]*\]/g, ''))
  }
  visit(primaryType)
  return [...used]
    .sort()
    .map((name) => `${name}(${types[name]!.map((f) => `${f.type} ${f.name}`).join(',')})`)
}

/**
 * ERC-7739's TypedDataSign signature ends with `contentsDescription` and its length. viem writes it in
 * implicit mode (the contents' own encodeType, the primary type first), while the owner signs the
 * EIP-712 hash of TypedDataSign, whose encoding lists every struct in name order. Solady rebuilds the
 * type as `TypedDataSign(…)` followed by the description: the two agree only when the primary type's
 * name sorts before the structs it uses. For the others (the DelegationManager's `Delegation` with its
 * `Caveat`, Permit2's `PermitSingle` with `PermitDetails`) this rewrites the description in ERC-7739's
 * explicit mode, every struct in name order and then the contents' name, which Solady reads as the
 * same encoding the owner signed. The signature itself, and any ERC-6492 wrapping, are kept.
 */
export function withExplicitContentsName(signature: Hex, types: Types, primaryType: string): Hex {
  const encodings = sortedTypeEncodings(types, primaryType)
  if (encodings[0]?.startsWith(`${primaryType}(`)) return signature
  const wrapped = isErc6492Signature(signature) ? parseErc6492Signature(signature) : undefined
  const inner = wrapped?.signature ?? signature
  const bytes = hexToBytes(inner)
  const described = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!
  const head = inner.slice(0, 2 + 2 * (bytes.length - 2 - described)) as Hex
  const description = stringToHex(`${encodings.join('')}${primaryType}`)
  const fixed = concat([head, description, toHex(size(description), { size: 2 })])
  return wrapped?.address && wrapped.data
    ? serializeErc6492Signature({ address: wrapped.address, data: wrapped.data, signature: fixed })
    : fixed
}
