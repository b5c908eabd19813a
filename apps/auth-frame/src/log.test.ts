import { createLogger } from '@modalkit/shared'
import { expect, it } from 'vitest'
import { applyFrameLogSetting } from './log.ts'

it('the frame URL’s `enableLogger=false` silences the frame’s log (SPEC §7); otherwise it keeps errors', () => {
  const printed: string[] = []
  const sink = { error: (l: string) => printed.push(l), warn: () => {}, info: () => {}, debug: () => {} }
  const log = createLogger({ prefix: '[f]', sink, level: 'debug' })
  applyFrameLogSetting(new URLSearchParams('projectId=p&enableLogger=false'), log)
  log.error('unheard')
  expect(printed).toEqual([])
  expect(log.exportText()).toBe('')
  for (const query of ['projectId=p&enableLogger=true', 'projectId=p']) {
    applyFrameLogSetting(new URLSearchParams(query), log)
    expect(log.getLevel()).toBe('error')
  }
  log.error('heard')
  expect(printed).toEqual(['[f] heard'])
})
