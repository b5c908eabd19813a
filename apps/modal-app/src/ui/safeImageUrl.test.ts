import { expect, it } from 'vitest'
import { safeImageUrl } from './safeImageUrl.ts'

it('keeps http(s) and raster data: images; refuses script, SVG data, relative and malformed URLs', () => {
  for (const ok of [
    'https://img.test/a.png',
    'http://img.test/a.png?x=1',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/webp;base64,UklGRg==',
  ])
    expect(safeImageUrl(ok), ok).toBe(ok)
  for (const bad of [
    null,
    undefined,
    '',
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png,<script>',
    '/avatar.png',
    '//evil.test/a.png',
    'https://',
    'ftp://img.test/a.png',
    `https://img.test/${'a'.repeat(2048)}`,
  ])
    expect(safeImageUrl(bad), String(bad).slice(0, 40)).toBeUndefined()
})
