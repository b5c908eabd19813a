import { type AccountState, type FrameUser, loginSocialSchema } from '@modalkit/protocol'

/**
 * How a stored login logged in (AppKit's `authProvider`): the social provider kept in storage when it
 * is one the product knows (storage is read back unchecked otherwise, and one stale value would make
 * the site refuse the modal's whole account state), else e-mail when the user has one.
 */
export function authProviderOf(stored: string | undefined, user: FrameUser): AccountState['authProvider'] {
  const social = loginSocialSchema.safeParse(stored)
  if (social.success) return social.data
  return user.email ? 'email' : undefined
}
