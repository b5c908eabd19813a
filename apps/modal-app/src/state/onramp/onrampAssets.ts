import type { OnrampOptions } from '@modalkit/protocol'

/** The contract of `asset` on `chainId` from the options ('' for the native currency), if sold there. */
export function onrampAssetContract(
  options: OnrampOptions,
  asset: string,
  chainId: string,
): string | undefined {
  return options.purchaseCurrencies.find((c) => c.id === asset)?.networks.find((n) => n.chain_id === chainId)
    ?.contract_address
}

/** The assets sold on `chainId`, in the options' order (SPEC §9: USDC first where it is sold). */
export function onrampAssetsOn(options: OnrampOptions, chainId: string): string[] {
  return options.purchaseCurrencies
    .filter((c) => c.networks.some((n) => n.chain_id === chainId))
    .map((c) => c.id)
}
