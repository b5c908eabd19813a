/** SPEC §5: e-mail must be a valid format (login and update): one @, a dotted domain, no spaces. */
export function isEmail(text: string): boolean {
  return /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/.test(text) && text.length <= 254
}
