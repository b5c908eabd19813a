import { bytesToBase64 } from '@modalkit/shared'
import { PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'

// Loaded only when a Solana send is reviewed (createSendActions imports it on demand), so the
// modal's first chunk does not carry @solana/web3.js.

const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const ASSOCIATED_TOKEN_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** SPL Token's TransferChecked instruction index; the associated-token program's CreateIdempotent. */
const TRANSFER_CHECKED = 12
const CREATE_IDEMPOTENT = 1

/**
 * Instruction data for web3.js, which types it as Node's Buffer but only reads its bytes (base58 and
 * length), so plain bytes do and the modal needs no Buffer polyfill.
 */
const bytes = (data: Uint8Array) => data as unknown as TransactionInstruction['data']

type Rpc = (method: string, params: unknown[]) => Promise<unknown>
type TokenAccounts = {
  value: { pubkey: string; account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
}

/** SPL Token `TransferChecked(amount, decimals)`: source, mint, destination, owner (signer). */
function transferChecked(args: {
  source: PublicKey
  mint: PublicKey
  destination: PublicKey
  owner: PublicKey
  amount: bigint
  decimals: number
}): TransactionInstruction {
  const data = new Uint8Array(10)
  data[0] = TRANSFER_CHECKED
  new DataView(data.buffer).setBigUint64(1, args.amount, true)
  data[9] = args.decimals
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM,
    keys: [
      { pubkey: args.source, isSigner: false, isWritable: true },
      { pubkey: args.mint, isSigner: false, isWritable: false },
      { pubkey: args.destination, isSigner: false, isWritable: true },
      { pubkey: args.owner, isSigner: true, isWritable: false },
    ],
    data: bytes(data),
  })
}

/** The recipient's token account for `mint`: one it has, else its associated account, created first. */
async function destinationOf(rpc: Rpc, payer: PublicKey, owner: PublicKey, mint: PublicKey) {
  const held = (await rpc('getTokenAccountsByOwner', [
    owner.toBase58(),
    { mint: mint.toBase58() },
    { encoding: 'jsonParsed' },
  ])) as TokenAccounts
  const existing = held.value[0]?.pubkey
  if (existing) return { account: new PublicKey(existing), create: undefined }
  const [account] = PublicKey.findProgramAddressSync(
    [owner.toBytes(), TOKEN_PROGRAM.toBytes(), mint.toBytes()],
    ASSOCIATED_TOKEN_PROGRAM,
  )
  const create = new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
    ],
    data: bytes(Uint8Array.of(CREATE_IDEMPOTENT)),
  })
  return { account, create }
}

/**
 * A Solana send, unsigned, as base64 for solana_signAndSendTransaction: SOL by the system program's
 * transfer, or an SPL token by TransferChecked from the sender's token account holding enough, and
 * the network fee the cluster asks for its message.
 */
export async function buildSolanaSend(args: {
  rpc: Rpc
  from: string
  recipient: string
  amount: bigint
  /** The SPL mint (base58), undefined for SOL. */
  mint: string | undefined
  decimals: number
}): Promise<{ transaction: string; fee: bigint }> {
  const { rpc, amount } = args
  const from = new PublicKey(args.from)
  const to = new PublicKey(args.recipient)
  const { value: latest } = (await rpc('getLatestBlockhash', [{ commitment: 'confirmed' }])) as {
    value: { blockhash: string }
  }
  const tx = new Transaction({ feePayer: from, recentBlockhash: latest.blockhash })
  if (!args.mint) {
    tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount }))
  } else {
    const mint = new PublicKey(args.mint)
    const sources = (await rpc('getTokenAccountsByOwner', [
      from.toBase58(),
      { mint: mint.toBase58() },
      { encoding: 'jsonParsed' },
    ])) as TokenAccounts
    const source = sources.value.find((a) => BigInt(a.account.data.parsed.info.tokenAmount.amount) >= amount)
    if (!source) throw new RangeError('no token account of the sender holds the amount')
    const destination = await destinationOf(rpc, from, to, mint)
    if (destination.create) tx.add(destination.create)
    tx.add(
      transferChecked({
        source: new PublicKey(source.pubkey),
        mint,
        destination: destination.account,
        owner: from,
        amount,
        decimals: args.decimals,
      }),
    )
  }
  const message = bytesToBase64(tx.serializeMessage())
  const { value: fee } = (await rpc('getFeeForMessage', [message, { commitment: 'confirmed' }])) as {
    value: number | null
  }
  const transaction = bytesToBase64(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
  return { transaction, fee: BigInt(fee ?? 5000) }
}
