import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { nginxConfig } from './nginxConfig.ts'

it('is a configuration Debian’s nginx accepts, round-robin over every replica with no stickiness', () => {
  const dir = mkdtempSync(join(tmpdir(), 'modalkit-nginx-test-'))
  try {
    const text = nginxConfig({ dir, host: '127.0.0.1', port: 18787, replicaPorts: [18792, 18793] })
    expect(text).toContain('server 127.0.0.1:18792 max_fails=1 fail_timeout=1s;')
    expect(text).toContain('server 127.0.0.1:18793 max_fails=1 fail_timeout=1s;')
    expect(text).not.toMatch(/ip_hash|hash |sticky/)
    const file = join(dir, 'nginx.conf')
    writeFileSync(file, text)
    // `-t` parses and checks the file (paths included) without serving anything.
    execFileSync('/usr/sbin/nginx', ['-t', '-q', '-c', file, '-p', dir, '-e', join(dir, 'error.log')])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
