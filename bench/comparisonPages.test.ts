import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { SITES, STACK_ENV } from '../e2e/sites.ts'
import { COMPARISON_PAGES, pageOrigin } from './comparisonPages.ts'
import { shiftPorts } from './shiftPorts.ts'
import { PORT_SHIFT } from './startStack.ts'

const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

describe('COMPARISON_PAGES', () => {
  it('names AppKit, RainbowKit and Privy, each on a port of its own beside the shifted stack', () => {
    expect(COMPARISON_PAGES.map((page) => page.id)).toEqual(['appkit', 'rainbowkit', 'privy'])
    const ports = COMPARISON_PAGES.map((page) => page.defaultPort)
    expect(new Set(ports).size).toBe(ports.length)
    const stack = JSON.stringify([shiftPorts(STACK_ENV, PORT_SHIFT), shiftPorts(SITES, PORT_SHIFT)])
    for (const port of ports) expect(stack).not.toContain(String(port))
  })

  it('keeps each page apart: its own package.json and lock, the product pinned, no workspace', () => {
    const root = resolve(import.meta.dirname, '..')
    const workspaces: string[] = json(join(root, 'package.json')).workspaces
    for (const page of COMPARISON_PAGES) {
      for (const file of ['package.json', 'package-lock.json', 'index.html', 'bare.html', 'vite.config.js'])
        expect(existsSync(join(page.dir, file)), `${page.id}: ${file}`).toBe(true)
      const manifest = json(join(page.dir, 'package.json'))
      expect(manifest.dependencies[page.package], page.id).toMatch(/^\d+\.\d+\.\d+$/)
      expect(json(join(page.dir, 'package-lock.json')).packages[''].dependencies).toEqual(
        manifest.dependencies,
      )
      expect(workspaces.some((w) => w.startsWith('bench'))).toBe(false)
    }
  })

  it('serves each page on its origin, the port from its variable when set', () => {
    vi.stubEnv('BENCH_RAINBOWKIT_PORT', '26181')
    try {
      const origins = Object.fromEntries(COMPARISON_PAGES.map((page) => [page.id, pageOrigin(page)]))
      expect(origins).toEqual({
        appkit: 'http://appkit.test:25180',
        rainbowkit: 'http://rainbowkit.test:26181',
        // Privy refuses plain http on any name but localhost and 127.0.0.1.
        privy: 'http://127.0.0.1:25182',
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })

  it('says why a product cannot be clicked here, and only Privy cannot', () => {
    expect(COMPARISON_PAGES.filter((page) => page.clickUnavailable).map((page) => page.id)).toEqual(['privy'])
  })
})
