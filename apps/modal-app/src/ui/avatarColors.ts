/**
 * The two colours and the light's position of a generated avatar (something with no image
 * gets a picture, not a letter): FNV-1a of the seed, so one network, wallet or token always looks
 * the same and two differ. The hues are at least 40° apart, so each avatar is a visible gradient.
 */
export function avatarColors(seed: string): { from: string; to: string; x: number; y: number } {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  const hue = hash % 360
  const second = (hue + 40 + ((hash >>> 9) % 160)) % 360
  return {
    from: `hsl(${hue} 85% 72%)`,
    to: `hsl(${second} 70% 44%)`,
    x: 25 + ((hash >>> 17) % 30),
    y: 20 + ((hash >>> 23) % 30),
  }
}
