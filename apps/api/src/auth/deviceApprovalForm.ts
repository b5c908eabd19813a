import { createHash } from 'node:crypto'

/**
 * The device-approval mail's link carries its token in the fragment (`#token=…`), which a browser
 * never sends: not in the request line (so no access log or proxy holds it), not in a Referer. This
 * script, the page's only one, moves it into the form the button posts and drops it from the address
 * bar; a link without one says so and shows no button.
 */
const SCRIPT =
  "const t=new URLSearchParams(location.hash.slice(1)).get('token');const f=document.forms[0];" +
  "if(t&&/^[-_A-Za-z0-9]{16,128}$/.test(t)){f.elements.token.value=t;history.replaceState(null,'',location.pathname)}" +
  "else{f.hidden=true;document.querySelector('p').textContent='This approval link is not complete.'}"

/** The page's CSP source for its one inline script, by hash: no other script runs there. */
export const DEVICE_APPROVAL_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`

/** The button, its form (the token filled in by the script) and the script. */
export const DEVICE_APPROVAL_FORM = `<form method="post" action="approve"><input type="hidden" name="token"><button type="submit">Approve this device</button></form><script>${SCRIPT}</script>`

/** The link mailed for one approval token. */
export const deviceApprovalLink = (apiOrigin: string, token: string) =>
  `${apiOrigin}/v1/auth/device/approve#token=${token}`
