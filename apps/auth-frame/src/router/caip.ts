/** A chain as CAIP-2 (`eip155:1`): an id the modal sends as a number or hex is put under its namespace. */
export const caip = (namespace: string, chainId: number | string) => {
  const text = String(chainId)
  return text.includes(':') ? text : `${namespace}:${/^0x/i.test(text) ? Number.parseInt(text, 16) : text}`
}
