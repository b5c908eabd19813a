import type { DirectoryEntry } from './walletDirectory.ts'

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

/** Black or white text, whichever reads on the brand colour (WCAG relative luminance). */
function textColor(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  return luminance > 0.4 ? '#000' : '#fff'
}

/** A wallet's monogram as a small SVG (no script, no external reference). */
export function walletImage(wallet: DirectoryEntry): string {
  const letters = escapeXml(
    wallet.name
      .replace(/[^\p{L}\p{N} ]/gu, '')
      .split(' ')
      .map((word) => word[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="${wallet.color}"/><text x="48" y="60" font-family="system-ui,sans-serif" font-size="36" font-weight="600" text-anchor="middle" fill="${textColor(wallet.color)}">${letters}</text></svg>`
}
