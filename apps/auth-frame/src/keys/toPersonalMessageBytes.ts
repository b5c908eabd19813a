import { getBytes, toUtf8Bytes } from 'ethers'

/**
 * personal_sign's message as bytes, as MetaMask reads it: 0x-prefixed even-length hex is bytes,
 * anything else is UTF-8 text. (A text that happens to look like hex is therefore signed as bytes;
 * the approval shows the decoded form either way, so the user sees what is signed.)
 */
export function toPersonalMessageBytes(message: string): Uint8Array {
  return /^0x([0-9a-fA-F]{2})*$/.test(message) ? getBytes(message) : toUtf8Bytes(message)
}
