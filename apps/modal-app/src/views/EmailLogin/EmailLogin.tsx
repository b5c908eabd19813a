import { useId, useState } from 'react'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** E-mail login (lazy feature `email`): the one-time code step. */
export default function EmailLogin() {
  const [otp, setOtp] = useState('')
  const id = useId()
  return (
    <ViewRoot name="EmailLogin">
      <p className="mk-hint">Enter the code we sent to your email</p>
      <label htmlFor={id} className="mk-visually-hidden">
        One-time code
      </label>
      <input
        id={id}
        className="mk-input mk-otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        data-testid="otp-input"
      />
    </ViewRoot>
  )
}
