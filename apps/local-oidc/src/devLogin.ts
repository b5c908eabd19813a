/**
 * Drives the stand-in's dev login form with plain HTTP, as a browser would: follows the redirects
 * from `authorizationUrl`, keeps cookies, posts `login`/`password`, and stops at the first redirect
 * to `redirectUri` (the secure frame's callback page, which need not be served; or any of several).
 * A `form_post` answer (Apple's page that posts hidden fields to the redirect URI) stops it too: the
 * URL returned is the form's action with the posted fields as its query. Tests use it where
 * Playwright would fill the form.
 */
export async function devLogin(
  authorizationUrl: string,
  redirectUri: string | string[],
  login: string,
): Promise<URL> {
  const stops = typeof redirectUri === 'string' ? [redirectUri] : redirectUri
  const isStop = (href: string) => stops.some((stop) => href.startsWith(stop))
  const jar = new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }
  let url = authorizationUrl
  let init: RequestInit = {}
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookie() },
      signal: AbortSignal.timeout(5_000),
    })
    keep(res)
    init = {}
    const location = res.headers.get('location')
    if (location) {
      const next = new URL(location, url)
      if (isStop(next.href)) return next
      url = next.href
      continue
    }
    const html = await res.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
    if (res.status === 200 && action && isStop(action) && !html.includes('name="login"')) {
      const posted = new URL(action)
      for (const [, name = '', value = ''] of html.matchAll(
        /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
      ))
        posted.searchParams.set(name, value.replaceAll('&amp;', '&'))
      return posted
    }
    if (res.status !== 200 || !action || !html.includes('name="login"')) {
      throw new Error(`devLogin: unexpected ${res.status} at ${url}: ${html.slice(0, 200)}`)
    }
    url = new URL(action, url).href
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    }
  }
  throw new Error('devLogin: too many redirects')
}
