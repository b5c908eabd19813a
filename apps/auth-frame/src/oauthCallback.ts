import { FRAME_PREFIX } from '@modalkit/protocol'
import { readFrameEnv } from './env/readFrameEnv.ts'
import { browserMessages, showPageText, showPageTitle } from './i18n/messages.ts'

/**
 * The social provider's redirect lands here, in the popup, on the secure origin. The page hands the
 * URL (code, state, iss) to the modal that opened the popup, to the modal's exact origin only, and
 * closes. The PKCE verifier stays in the secure frame, so the code alone signs nobody in.
 */
const { modalOrigin } = readFrameEnv()
const opener = window.opener as Window | null
if (opener) {
  opener.postMessage({ type: `${FRAME_PREFIX}SOCIAL_CALLBACK`, url: location.href }, modalOrigin)
  window.close()
} else {
  void browserMessages().then((messages) => {
    showPageTitle(messages, 'page.callbackTitle')
    showPageText(messages, 'page.callbackAlone')
  })
}
