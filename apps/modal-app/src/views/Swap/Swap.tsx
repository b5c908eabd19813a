import { useAtomValue } from 'jotai/react'
import { useId, useState } from 'react'
import { swapArgsAtom } from '../../state/atoms.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Swap (lazy feature `swaps`), opened with swap arguments (SPEC §2). */
export default function Swap() {
  const args = useAtomValue(swapArgsAtom)
  const [from, setFrom] = useState(args?.fromToken ?? 'ETH')
  const [to, setTo] = useState(args?.toToken ?? '')
  const [amount, setAmount] = useState(args?.amount ?? '')
  const id = useId()
  return (
    <ViewRoot name="Swap">
      <label className="mk-field" htmlFor={`${id}-amount`}>
        <span>You pay</span>
        <input
          id={`${id}-amount`}
          className="mk-input"
          inputMode="decimal"
          placeholder="0"
          value={amount}
          onChange={(e) => setAmount(e.target.value.replace(/[^0-9.]/g, ''))}
          data-testid="swap-amount"
        />
      </label>
      <label className="mk-field" htmlFor={`${id}-from`}>
        <span>From</span>
        <input
          id={`${id}-from`}
          className="mk-input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          data-testid="swap-from"
        />
      </label>
      <label className="mk-field" htmlFor={`${id}-to`}>
        <span>To</span>
        <input
          id={`${id}-to`}
          className="mk-input"
          placeholder="Select token"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          data-testid="swap-to"
        />
      </label>
    </ViewRoot>
  )
}
