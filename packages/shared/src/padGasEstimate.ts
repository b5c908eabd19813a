/** A plain value transfer's gas: exact, nothing in it depends on state or time. */
const TRANSFER_GAS = 21_000n

/**
 * The gas limit to send for a node's `eth_estimateGas` answer. An estimate is exact for the state
 * and block it ran against; the mined block can differ (a later timestamp makes a Uniswap pair write
 * its price accumulators, another transaction lands first), and a limit set to the bare estimate
 * then runs out of gas and the user pays for a revert. So the limit is half again the estimate, as
 * MetaMask does, but never above 90% of the block's gas limit (a node refuses a transaction larger
 * than a block) nor below the estimate. A plain transfer's 21 000 stays exact.
 */
export function padGasEstimate(estimate: bigint, blockGasLimit?: bigint): bigint {
  if (estimate <= TRANSFER_GAS) return estimate
  const padded = (estimate * 3n) / 2n
  if (blockGasLimit === undefined) return padded
  const ceiling = (blockGasLimit * 9n) / 10n
  if (padded <= ceiling) return padded
  return estimate > ceiling ? estimate : ceiling
}
