import { createRequire } from 'node:module'
import {
  DelegationManager,
  ERC20TransferAmountEnforcer,
  ExactCalldataEnforcer,
  LimitedCallsEnforcer,
  NativeTokenTransferAmountEnforcer,
  TimestampEnforcer,
  ValueLteEnforcer,
} from '@metamask/delegation-abis/bytecode'
import {
  Contract,
  concat,
  getCreate2Address,
  HDNodeWallet,
  Interface,
  JsonRpcProvider,
  keccak256,
  parseEther,
  toBeHex,
} from 'ethers'
import { compileSmartAccount } from './compileSmartAccount.ts'
import { TEST_MNEMONIC } from './deployChainWorld.ts'

const require = createRequire(import.meta.url)
type Artifact = { abi: unknown[]; bytecode: string }
const artifact = (name: string): Artifact =>
  require(`@account-abstraction/contracts/artifacts/${name}.json`) as Artifact

/** The deterministic deployment proxy anvil pre-deploys (and every public chain has). */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
/** The salt eth-infinitism used for EntryPoint v0.7: with it the artifact lands at the canonical address. */
const ENTRY_POINT_SALT = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const ZERO_SALT = `0x${'0'.repeat(64)}`
/** Account 11 of the test mnemonic sends the deployment and the paymaster's deposit. */
const FUNDER_PATH = "m/44'/60'/0'/0/11"
/** Account 12: the bundler's executor (it pays for bundles and is refunded by the EntryPoint). */
export const BUNDLER_EXECUTOR_PATH = "m/44'/60'/0'/0/12"
/** Account 14: the bundler's utility key (it deploys Alto's simulation helper). */
export const BUNDLER_UTILITY_PATH = "m/44'/60'/0'/0/14"
/** Account 13: the local API's paymaster signer (production sets its own key). */
export const PAYMASTER_SIGNER_PATH = "m/44'/60'/0'/0/13"
/** What the paymaster keeps at the EntryPoint, topped up on each start. */
const PAYMASTER_DEPOSIT = parseEther('1000')

export function testKey(path: string): string {
  return HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, path).privateKey
}

/**
 * The caveat enforcers of MetaMask's Delegation Framework that the embedded wallet's ERC-7715
 * permissions are made of (each from `@metamask/delegation-abis`' audited build, no constructor).
 */
export const PERMISSION_ENFORCERS = {
  nativeTokenTransferAmount: NativeTokenTransferAmountEnforcer,
  erc20TransferAmount: ERC20TransferAmountEnforcer,
  exactCalldata: ExactCalldataEnforcer,
  valueLte: ValueLteEnforcer,
  timestamp: TimestampEnforcer,
  limitedCalls: LimitedCallsEnforcer,
} as const satisfies Record<string, string>
const enforcerKeys = Object.keys(PERMISSION_ENFORCERS) as PermissionEnforcer[]
export type PermissionEnforcer = keyof typeof PERMISSION_ENFORCERS

export type AccountAbstractionAddresses = {
  entryPoint: string
  /** The Delegation Framework's DelegationManager (ERC-7710), which the account trusts to execute. */
  delegationManager: string
  accountImplementation: string
  accountFactory: string
  verifyingPaymaster: string
  enforcers: Record<PermissionEnforcer, string>
}

/** The DelegationManager's owner (it may pause redemptions): the deployment's funder on a local node. */
const delegationManagerOwner = () => HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, FUNDER_PATH).address

function initCodes(paymasterSigner: string) {
  const entryPoint = artifact('EntryPoint').bytecode
  const entryPointAddress = getCreate2Address(CREATE2_DEPLOYER, ENTRY_POINT_SALT, keccak256(entryPoint))
  const compiled = compileSmartAccount()
  const args = (a: { abi: unknown[] }, values: unknown[]) =>
    new Interface(a.abi as never).encodeDeploy(values).slice(2)
  const delegationManager =
    DelegationManager +
    args({ abi: [{ type: 'constructor', inputs: [{ name: 'owner', type: 'address' }] }] }, [
      delegationManagerOwner(),
    ])
  const delegationManagerAddress = getCreate2Address(
    CREATE2_DEPLOYER,
    ZERO_SALT,
    keccak256(delegationManager),
  )
  const account = compiled.LocalSmartAccount
  const implementation = account.bytecode + args(account, [delegationManagerAddress])
  const implementationAddress = getCreate2Address(CREATE2_DEPLOYER, ZERO_SALT, keccak256(implementation))
  const factory = compiled.LocalSmartAccountFactory
  const paymaster = artifact('VerifyingPaymaster')
  const enforcers = Object.fromEntries(
    enforcerKeys.map((key) => [key, { salt: ZERO_SALT, code: PERMISSION_ENFORCERS[key] }]),
  ) as Record<PermissionEnforcer, { salt: string; code: string }>
  return {
    entryPoint: { salt: ENTRY_POINT_SALT, code: entryPoint },
    delegationManager: { salt: ZERO_SALT, code: delegationManager },
    accountImplementation: { salt: ZERO_SALT, code: implementation },
    accountFactory: {
      salt: ZERO_SALT,
      code: factory.bytecode + args(factory, [implementationAddress]),
    },
    verifyingPaymaster: {
      salt: ZERO_SALT,
      code: paymaster.bytecode + args(paymaster, [entryPointAddress, paymasterSigner]),
    },
    enforcers,
  } as const
}

/**
 * Where the ERC-4337 v0.7 contracts live on every local node: the EntryPoint at its canonical
 * address; Solady's ERC-4337 account (implementation), its factory and the reference
 * VerifyingPaymaster (signer: `paymasterSigner`) by CREATE2 with a zero salt.
 */
export function accountAbstractionAddresses(paymasterSigner: string): AccountAbstractionAddresses {
  const codes = initCodes(paymasterSigner)
  const at = ({ salt, code }: { salt: string; code: string }) =>
    getCreate2Address(CREATE2_DEPLOYER, salt, keccak256(code))
  return {
    entryPoint: at(codes.entryPoint),
    delegationManager: at(codes.delegationManager),
    accountImplementation: at(codes.accountImplementation),
    accountFactory: at(codes.accountFactory),
    verifyingPaymaster: at(codes.verifyingPaymaster),
    enforcers: Object.fromEntries(enforcerKeys.map((key) => [key, at(codes.enforcers[key])])) as Record<
      PermissionEnforcer,
      string
    >,
  }
}

export type DeployAccountAbstractionParameters = { rpcUrl: string; paymasterSigner: string }

/**
 * Deploys ERC-4337 v0.7 on one anvil node through the CREATE2 deployer: the EntryPoint and the
 * VerifyingPaymaster from `@account-abstraction/contracts@0.7.0`'s artifacts, the account from Solady, funds the bundler's executor and tops up the paymaster's deposit.
 * Idempotent: a contract already at its address is left alone (CREATE2: same code, same address).
 */
export async function deployAccountAbstraction({
  rpcUrl,
  paymasterSigner,
}: DeployAccountAbstractionParameters): Promise<AccountAbstractionAddresses> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    staticNetwork: true,
    cacheTimeout: -1,
    pollingInterval: 50,
  })
  try {
    const funder = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, FUNDER_PATH).connect(provider)
    for (const path of [FUNDER_PATH, BUNDLER_EXECUTOR_PATH, BUNDLER_UTILITY_PATH]) {
      const { address } = HDNodeWallet.fromPhrase(TEST_MNEMONIC, undefined, path)
      await provider.send('anvil_setBalance', [address, toBeHex(parseEther('1000000'))])
    }
    if ((await provider.getCode(CREATE2_DEPLOYER)) === '0x') {
      throw new Error(`the chain at ${rpcUrl} has no CREATE2 deployer at ${CREATE2_DEPLOYER}`)
    }
    const codes = initCodes(paymasterSigner)
    const addresses = accountAbstractionAddresses(paymasterSigner)
    let nonce = await provider.getTransactionCount(funder.address, 'pending')
    const sent = []
    // In order: the paymaster checks the EntryPoint in its constructor.
    const deployments = [
      ...(
        [
          'entryPoint',
          'delegationManager',
          'accountImplementation',
          'accountFactory',
          'verifyingPaymaster',
        ] as const
      ).map((key) => ({ address: addresses[key], ...codes[key] })),
      ...enforcerKeys.map((key) => ({ address: addresses.enforcers[key], ...codes.enforcers[key] })),
    ]
    for (const { address, salt, code } of deployments) {
      if ((await provider.getCode(address)) !== '0x') continue
      const tx = await funder.sendTransaction({
        to: CREATE2_DEPLOYER,
        data: concat([salt, code]),
        gasLimit: 8_000_000n,
        nonce: nonce++,
      })
      sent.push(await tx.wait())
    }
    const entryPoint = new Contract(
      addresses.entryPoint,
      ['function balanceOf(address) view returns (uint256)', 'function depositTo(address) payable'],
      funder,
    )
    const deposit = (await entryPoint.getFunction('balanceOf')(addresses.verifyingPaymaster)) as bigint
    if (deposit < PAYMASTER_DEPOSIT) {
      const tx = await entryPoint.getFunction('depositTo')(addresses.verifyingPaymaster, {
        value: PAYMASTER_DEPOSIT - deposit,
        nonce: nonce++,
      })
      sent.push(await tx.wait())
    }
    if (sent.some((receipt) => receipt?.status !== 1)) {
      throw new Error(`an ERC-4337 deployment transaction failed on ${rpcUrl}`)
    }
    for (const { address } of deployments) {
      if ((await provider.getCode(address)) === '0x') {
        throw new Error(`no contract at ${address} on ${rpcUrl} after its deployment`)
      }
    }
    return addresses
  } finally {
    provider.destroy()
  }
}
