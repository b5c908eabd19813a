/**
 * The secure origin: the only place embedded-wallet key material will exist (issue: embedded wallet).
 * Until that lands it loads nothing and answers nothing; it is served with its own strict CSP and
 * `frame-ancestors` limited to the modal origin, so the boundary exists from the first line.
 */
document.documentElement.dataset.secureFrame = 'ready'
