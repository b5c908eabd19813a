/**
 * The kind of one process of an e2e run, by its command line (NUL-separated, as /proc/<pid>/cmdline):
 * what bench/cpuOfRun.ts sums CPU-seconds by. Chromium's children by their `--type`; the stack's parts
 * by the program scripts/start.ts starts for them.
 */
export function processKind(cmdline: string): string {
  const args = cmdline.split('\0').filter(Boolean)
  const program = args[0] ?? ''
  const line = args.join(' ')
  if (/chrom(e|ium)/.test(program)) {
    const type = /--type=([a-z-]+)/.exec(line)?.[1]
    if (!type) return 'Chromium browser'
    if (type === 'renderer') return 'Chromium renderers'
    if (type === 'gpu-process') return 'Chromium GPU'
    if (type === 'utility') return 'Chromium utility'
    return `Chromium ${type}`
  }
  if (/firefox/.test(program)) return 'Firefox'
  if (/(WebKit|MiniBrowser)/.test(line)) return 'WebKitGTK'
  if (/\banvil$/.test(program) || /\/anvil\b/.test(program)) return 'anvil (EVM nodes)'
  if (/\balto\b/.test(line)) return 'Alto bundlers'
  if (line.includes('apps/api/src/main.ts')) return 'API'
  if (line.includes('apps/local-solana/')) return 'Solana node'
  if (line.includes('apps/local-relay/')) return 'WalletConnect relay'
  if (line.includes('apps/local-farcaster/')) return 'Farcaster relay'
  if (line.includes('scripts/start.ts')) return 'start.ts (sites, SMTP, OpenID)'
  if (/playwright/.test(line)) return 'Playwright (node)'
  if (/\b(esbuild|tsx)\b/.test(line)) return 'esbuild / tsx'
  return 'other'
}
