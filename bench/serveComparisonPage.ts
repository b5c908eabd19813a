import { resolve } from 'node:path'
import { createStaticSite } from '../scripts/serveStatic.ts'

/**
 * A comparison page's origin (`bench/<id>-page/dist`, uncompressed), in a process of its own as our
 * origins are, so the bench's event loop never delays its files. Usage: `tsx serveComparisonPage.ts ID PORT`.
 */
const [id, port] = process.argv.slice(2)
if (!id || !/^[a-z]+$/.test(id) || !port) throw new Error('usage: serveComparisonPage.ts ID PORT')
const server = createStaticSite({ root: resolve(import.meta.dirname, `${id}-page/dist`) })
server.listen(Number(port), '127.0.0.1', () => console.log(`${id} page on 127.0.0.1:${port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
