import { type Hex, keccak256, toBytes } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/** Farcaster's IdRegistry on OP mainnet: the local node has our stand-in at the same address. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const
/** The only account the local registry lets register (`LocalIdRegistry.REGISTRAR`), impersonated. */
export const ID_REGISTRAR = '0x000000000000000000000000000000000000Fc01' as const

const keyOf = (label: string): Hex => keccak256(toBytes(`modalkit local farcaster custody ${label}`))

export type TestFid = { fid: number; username: string; displayName: string; custodyKey: Hex; custody: Hex }

/**
 * The fids registered on every start of the local stack, in this order (fid 1, 2, 3), each owned by
 * a custody key derived from a fixed label: test keys, public by design, for the local chain only.
 */
export const TEST_FIDS: readonly TestFid[] = (['alice', 'bob', 'carol'] as const).map((username, index) => {
  const custodyKey = keyOf(username)
  return {
    fid: index + 1,
    username,
    displayName: username[0]!.toUpperCase() + username.slice(1),
    custodyKey,
    custody: privateKeyToAddress(custodyKey),
  }
})

/** A key that owns no fid: signing with it must never log anyone in. */
export const UNREGISTERED_KEY: Hex = keyOf('nobody')
