import { resolve } from 'node:path'
import { createStaticSite } from '../scripts/serveStatic.ts'

/**
 * The AppKit comparison page's origin (`appkit-page/dist`, uncompressed), in a process of its own as
 * our origins are, so the bench's event loop never delays its files. Usage: `tsx serveAppkitPage.ts PORT`.
 */
const port = Number(process.argv[2])
const server = createStaticSite({ root: resolve(import.meta.dirname, 'appkit-page/dist') })
server.listen(port, '127.0.0.1', () => console.log(`AppKit page on 127.0.0.1:${port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
