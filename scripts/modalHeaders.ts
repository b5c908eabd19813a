import {
  isAllowlistEnforced,
  isOriginAllowed,
  type ProjectConfig,
  toFrameAncestors,
} from '@modalkit/protocol'

/**
 * The modal's `frame-ancestors`, per SECURITY.md: the project's allowlist, so a phisher with a
 * stolen project id cannot frame the modal. The iframe URL's `origin` hint (what the host page
 * claims) only picks which page to serve: a claim inside the allowlist gets the allowlist, which
 * the browser then enforces against the real ancestor; a claim outside it gets a page that may be
 * framed anywhere but refuses to work, because the modal checks the origin the browser reports in
 * the handshake and shows 'Invalid App Configuration'. A project without e-mail or socials has no
 * allowlist to enforce (SPEC §5), and an unknown project gets the page that shows 'Invalid Project ID'.
 */
export function modalFrameAncestors(
  project: ProjectConfig | undefined,
  claimedOrigin: string | null,
): string {
  if (!project || !isAllowlistEnforced(project.features)) return 'frame-ancestors *'
  if (claimedOrigin && isOriginAllowed(claimedOrigin, project.allowedOrigins)) {
    return toFrameAncestors(project.allowedOrigins)
  }
  return 'frame-ancestors *'
}

/** The modal page's CSP: only its own scripts, the API, the WalletConnect relay and the secure frame. */
export function modalCsp(
  frameAncestors: string,
  apiOrigin: string,
  authOrigin: string,
  relayUrl: string,
): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Wallet images come from the API's directory; host-announced icons are data: or https: only.
    `img-src 'self' data: https: ${apiOrigin}`,
    `connect-src 'self' ${apiOrigin} ${relayUrl}`,
    `frame-src ${authOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    frameAncestors,
  ].join('; ')
}

/**
 * The secure frame's `frame-ancestors`. CSP checks every ancestor, and the frame sits in the modal
 * inside the site's page: so the modal's origin plus the project's allowlist (the same list the
 * modal's own header enforces), and the modal's origin alone when the project has no allowlist to
 * enforce (then the embedded wallet is off: SPEC §5) or is unknown. A page framing the secure origin
 * directly, or the modal on a site off the list, is refused by the browser.
 */
export function authFrameAncestors(modalOrigin: string, project: ProjectConfig | undefined): string {
  if (!project || !isAllowlistEnforced(project.features)) return `frame-ancestors ${modalOrigin}`
  const sites = toFrameAncestors(project.allowedOrigins).replace(/^frame-ancestors /, '')
  return `frame-ancestors ${modalOrigin}${sites === "'none'" ? '' : ` ${sites}`}`
}

/** The secure frame's CSP: strict (SECURITY.md), framed only as `authFrameAncestors` says. */
export function authCsp(frameAncestors: string, apiOrigin: string, otherConnect: string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    // Besides the API: the Farcaster auth relay, when Farcaster login is on.
    `connect-src 'self' ${[apiOrigin, ...otherConnect].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    // Trusted Types with no policy: no string ever becomes markup or script here (innerHTML,
    // document.write, a script's src), so a bug that put a request's text into such a sink throws
    // instead of running. The frame writes text only (textContent), and its bundle has no such sink.
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
    frameAncestors,
  ].join('; ')
}
