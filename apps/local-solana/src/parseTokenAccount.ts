import { PublicKey } from '@solana/web3.js'

export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

/** SPL token account layout (the first 165 bytes; Token-2022 extensions follow). */
export const TOKEN_ACCOUNT_SIZE = 165
const MINT_SIZE = 82
const STATES = ['uninitialized', 'initialized', 'frozen'] as const

export type ParsedTokenAccount = {
  program: 'spl-token' | 'spl-token-2022'
  parsed: {
    type: 'account'
    info: {
      isNative: boolean
      mint: string
      owner: string
      state: (typeof STATES)[number]
      tokenAmount: { amount: string; decimals: number; uiAmount: number | null; uiAmountString: string }
    }
  }
  space: number
}

/** The mint and owner of a token account's data, or undefined when it is not one. */
export function tokenAccountKeys(data: Uint8Array): { mint: PublicKey; owner: PublicKey } | undefined {
  // Token-2022 mints can be 165+ bytes too; their account-type byte (index 165) tells them apart.
  if (
    data.length < TOKEN_ACCOUNT_SIZE ||
    (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2)
  )
    return undefined
  return { mint: new PublicKey(data.subarray(0, 32)), owner: new PublicKey(data.subarray(32, 64)) }
}

/** A mint's decimals (byte 44 of its data), or undefined when the data is not a mint. */
export function mintDecimals(data: Uint8Array): number | undefined {
  return data.length >= MINT_SIZE ? data[44] : undefined
}

function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, -decimals)
  const fraction = text.slice(-decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/** The `jsonParsed` form a node gives for an SPL token account (getParsedTokenAccountsByOwner). */
export function parseTokenAccount(
  data: Uint8Array,
  programId: PublicKey,
  decimals: number,
): ParsedTokenAccount | undefined {
  const keys = tokenAccountKeys(data)
  if (!keys) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const amount = view.getBigUint64(64, true)
  const text = uiAmountString(amount, decimals)
  return {
    program: programId.equals(TOKEN_2022_PROGRAM_ID) ? 'spl-token-2022' : 'spl-token',
    parsed: {
      type: 'account',
      info: {
        isNative: view.getUint32(109, true) === 1,
        mint: keys.mint.toBase58(),
        owner: keys.owner.toBase58(),
        state: STATES[data[108] ?? 0] ?? 'uninitialized',
        tokenAmount: { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text },
      },
    },
    space: data.length,
  }
}
