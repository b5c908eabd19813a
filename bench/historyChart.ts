import type { HistoryPoint } from './history.ts'
import { BUDGET } from './tableRows.ts'

type Series = { name: string; colour: string; values: (number | null)[]; budget?: number }
type Panel = { title: string; unit: string; series: Series[] }

const WIDTH = 720
const PANEL_HEIGHT = 170
const LEFT = 56
const RIGHT = 150
const TOP = 28
const BOTTOM = 34

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const round = (value: number) => (Math.abs(value) < 10 ? value.toFixed(1) : String(Math.round(value)))

/** The panels docs/benchmarks.md charts: the figures that have a budget. */
function panels(history: readonly HistoryPoint[]): Panel[] {
  const of = (key: keyof HistoryPoint) =>
    history.map((point) => (point[key] as number | null | undefined) ?? null)
  return [
    {
      title: 'All JS before the first click (gzip)',
      unit: 'KB',
      series: [
        {
          name: 'before click',
          colour: '#3b6cf6',
          values: of('beforeClickKb'),
          budget: BUDGET.beforeClickGzip / 1024,
        },
        { name: 'loader', colour: '#7a4cc2', values: of('loaderKb'), budget: BUDGET.loaderGzip / 1024 },
      ],
    },
    {
      title: 'Connect button clickable, over the page without the loader',
      unit: 'ms',
      series: [
        {
          name: 'clickable +',
          colour: '#3b6cf6',
          values: of('clickableOverMs'),
          budget: BUDGET.clickableOverBareMs,
        },
        { name: 'with the click queue', colour: '#15803d', values: of('clickableQueuedOverMs') },
      ],
    },
    {
      title: 'Click → first view visible, warm iframe',
      unit: 'ms',
      series: [
        {
          name: 'no throttling',
          colour: '#3b6cf6',
          values: of('warmClickMs'),
          budget: BUDGET.clickToVisibleMs,
        },
        {
          name: '4x throttling',
          colour: '#c2410c',
          values: of('warmClick4xMs'),
          budget: BUDGET.clickToVisibleThrottledMs,
        },
      ],
    },
    {
      title: 'Click → first view visible, cold iframe',
      unit: 'ms',
      series: [
        { name: 'cold', colour: '#3b6cf6', values: of('coldClickMs'), budget: BUDGET.coldClickToVisibleMs },
      ],
    },
  ]
}

function drawPanel(panel: Panel, commits: readonly string[], top: number): string {
  const plotHeight = PANEL_HEIGHT - TOP - BOTTOM
  const plotWidth = WIDTH - LEFT - RIGHT
  const numbers = panel.series.flatMap((s) => [...s.values, s.budget ?? null]).filter((v) => v !== null)
  const max = Math.max(1, ...numbers) * 1.15
  const x = (index: number) =>
    LEFT + (commits.length === 1 ? plotWidth / 2 : (index * plotWidth) / (commits.length - 1))
  const y = (value: number) => top + TOP + plotHeight - (value / max) * plotHeight
  const parts = [
    `<text x="${LEFT}" y="${top + 18}" font-weight="600">${xmlText(panel.title)} (${panel.unit})</text>`,
    `<line x1="${LEFT}" y1="${y(0)}" x2="${LEFT + plotWidth}" y2="${y(0)}" stroke="#a1a1aa"/>`,
    `<text x="${LEFT - 6}" y="${y(0) + 4}" text-anchor="end" fill="#5c5c5c">0</text>`,
    `<text x="${LEFT - 6}" y="${y(max / 1.15) + 4}" text-anchor="end" fill="#5c5c5c">${round(max / 1.15)}</text>`,
  ]
  commits.forEach((commit, index) => {
    parts.push(
      `<text x="${x(index)}" y="${y(0) + 16}" text-anchor="middle" fill="#5c5c5c" font-family="ui-monospace, monospace">${xmlText(commit)}</text>`,
    )
  })
  panel.series.forEach((series, row) => {
    const legendY = top + TOP + 12 + row * 34
    if (series.budget !== undefined) {
      parts.push(
        `<line x1="${LEFT}" y1="${y(series.budget)}" x2="${LEFT + plotWidth}" y2="${y(series.budget)}" stroke="${series.colour}" stroke-dasharray="4 4" opacity="0.6"/>`,
      )
    }
    const points = series.values.flatMap((value, index) =>
      value === null ? [] : [[x(index), y(value)] as const],
    )
    if (points.length > 1) {
      parts.push(
        `<polyline fill="none" stroke="${series.colour}" stroke-width="2" points="${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}"/>`,
      )
    }
    for (const [px, py] of points)
      parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3" fill="${series.colour}"/>`)
    const latest = series.values.at(-1)
    const budget = series.budget === undefined ? '' : ` (budget ${round(series.budget)})`
    parts.push(
      `<text x="${LEFT + plotWidth + 12}" y="${legendY}" fill="${series.colour}">${xmlText(series.name)}</text>`,
      `<text x="${LEFT + plotWidth + 12}" y="${legendY + 15}" fill="#5c5c5c">${latest === null || latest === undefined ? '—' : `${round(latest)} ${panel.unit}`}${xmlText(budget)}</text>`,
    )
  })
  return parts.join('\n')
}

/**
 * The history of the headline figures across commits as one SVG (no script, no external resource):
 * a panel per budgeted figure, a line per series, its budget dashed, the latest value beside it.
 */
export function historyChart(history: readonly HistoryPoint[]): string {
  const commits = history.map((point) => point.commit)
  const all = panels(history)
  const height = all.length * PANEL_HEIGHT + 24
  const body = all.map((panel, index) => drawPanel(panel, commits, 24 + index * PANEL_HEIGHT)).join('\n')
  const first = history[0]?.date.slice(0, 10) ?? ''
  const last = history.at(-1)?.date.slice(0, 10) ?? ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img">
<title>Modalkit's headline npm run bench figures by commit, with their budgets</title>
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="${LEFT}" y="16" fill="#5c5c5c">npm run bench, Modalkit's medians by commit, ${xmlText(first)} to ${xmlText(last)}; dashed: the budget</text>
${body}
</svg>
`
}
