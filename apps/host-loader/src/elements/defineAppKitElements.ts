import type { Namespace } from '@modalkit/protocol'
import { formatBalance, formatUnits, hidesBalance, truncateAddress } from '@modalkit/shared'
import type { AppKit, AppKitAccount } from '../types.ts'
import { applyTheme, ELEMENT_CSS } from './elementStyle.ts'

const NAMESPACES: readonly string[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']

/** One of AppKit's buttons: a shadow root with one `<button>`, re-rendered from window.appkit's state. */
abstract class AppKitElement extends HTMLElement {
  static observedAttributes = ['size', 'label', 'loadinglabel', 'balance', 'disabled', 'namespace']
  protected readonly button = document.createElement('button')
  private stops: (() => void)[] = []

  constructor(protected readonly appkit: AppKit) {
    super()
    const root = this.attachShadow({ mode: 'open' })
    const style = document.createElement('style')
    style.textContent = ELEMENT_CSS
    this.button.type = 'button'
    this.button.setAttribute('part', 'button')
    this.button.addEventListener('click', () => void this.press())
    root.append(style, this.button)
  }

  protected get namespace(): Namespace | undefined {
    const value = this.getAttribute('namespace')
    return value && NAMESPACES.includes(value) ? (value as Namespace) : undefined
  }

  connectedCallback(): void {
    const render = () => this.render()
    this.stops = [
      this.appkit.subscribeAccount(render, this.namespace),
      this.appkit.subscribeNetwork(render),
      this.appkit.subscribeState(render),
      this.appkit.subscribeTheme((theme) => applyTheme(this, theme)),
    ]
    applyTheme(this, {
      themeMode: this.appkit.getThemeMode(),
      themeVariables: this.appkit.getThemeVariables(),
    })
    this.render()
  }

  disconnectedCallback(): void {
    for (const stop of this.stops) stop()
    this.stops = []
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.render()
  }

  protected account(): AppKitAccount {
    return this.appkit.getAccount(this.namespace)
  }

  /** Writes the button: text only (never markup from state), size and disabled from the attributes. */
  protected paint(parts: {
    text: string
    balance?: string | undefined
    secondary?: boolean
    avatar?: { url: string | undefined; seed: string }
  }): void {
    const label = document.createElement('span')
    label.textContent = parts.text
    const children: Node[] = parts.avatar
      ? [this.avatar(parts.avatar.url, parts.avatar.seed), label]
      : [label]
    if (parts.balance) {
      const balance = document.createElement('span')
      balance.className = 'balance'
      balance.textContent = parts.balance
      children.push(balance)
    }
    this.button.replaceChildren(...children)
    this.button.className = [
      this.getAttribute('size') === 'sm' ? 'sm' : '',
      parts.secondary ? 'secondary' : '',
    ]
      .filter(Boolean)
      .join(' ')
    this.button.disabled = this.hasAttribute('disabled') && this.getAttribute('disabled') !== 'false'
  }

  /** The account's name, else its truncated address, and its balance unless `balance="hide"`. */
  protected paintAccount(account: AppKitAccount): void {
    const network = this.appkit.getCaipNetwork()
    const { balance } = account
    const shown =
      balance && this.getAttribute('balance') !== 'hide'
        ? formatBalance(formatUnits(BigInt(balance.value), balance.decimals), balance.symbol, {
            testnet: hidesBalance(network),
          })
        : undefined
    this.paint({
      text: account.profileName ?? (account.address ? truncateAddress(account.address) : ''),
      balance: shown,
      secondary: true,
      // The snapshot's account (schema-checked), not a field of AppKit's getAccount(): the loader stays as small.
      avatar: {
        url: account.allAccounts.find((a) => a.caipAddress === account.caipAddress)?.profileAvatar,
        seed: account.address ?? '',
      },
    })
    this.button.dataset.address = account.address ?? ''
  }

  /** Images that failed or were late once: the placeholder stays for them. */
  private readonly badImages = new Set<string>()

  /**
   * The account's picture: a disc coloured from the address, with the identity's avatar over it
   * once it loads (a schema-checked http(s) or raster data URL, sized, no referrer). One that fails
   * or has not loaded within SPEC §9's 2 s is removed and not tried again.
   */
  private avatar(url: string | undefined, seed: string): HTMLElement {
    // A picture, not a span: the button's spans are its texts (the name, the balance).
    const disc = document.createElement('picture')
    disc.className = 'avatar'
    disc.setAttribute('part', 'avatar')
    disc.dataset.testid = 'account-button-avatar'
    const hue = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)
    disc.style.background = `linear-gradient(135deg, hsl(${hue} 70% 60%), hsl(${(hue + 60) % 360} 70% 45%))`
    if (!url || this.badImages.has(url)) return disc
    const image = document.createElement('img')
    image.width = 20
    image.height = 20
    image.alt = ''
    image.referrerPolicy = 'no-referrer'
    const drop = () => {
      if (image.complete && image.naturalWidth > 0) return
      this.badImages.add(url)
      image.remove()
    }
    image.addEventListener('error', drop)
    setTimeout(drop, 2_000)
    image.src = url
    disc.append(image)
    return disc
  }

  abstract render(): void
  abstract press(): Promise<void>
}

/**
 * `<appkit-connect-button>`: always the Connect button (label, loadingLabel while connecting); opens
 * Connect, or Account once connected (as AppKit's).
 */
class AppKitConnectButton extends AppKitElement {
  render(): void {
    const connecting = this.account().status === 'connecting'
    this.paint({
      text: connecting
        ? (this.getAttribute('loadingLabel') ?? 'Connecting...')
        : (this.getAttribute('label') ?? 'Connect Wallet'),
    })
  }
  press(): Promise<void> {
    const namespace = this.namespace
    const view = this.account().isConnected ? 'Account' : 'Connect'
    return this.appkit.open({ view, ...(namespace ? { namespace } : {}) })
  }
}

/** `<appkit-button>`: the Connect button while disconnected, then the account. */
class AppKitButton extends AppKitConnectButton {
  override render(): void {
    const account = this.account()
    if (account.isConnected) this.paintAccount(account)
    else super.render()
  }
}

/** `<appkit-account-button>`: the account's name or address and balance; opens Account. */
class AppKitAccountButton extends AppKitElement {
  render(): void {
    const account = this.account()
    this.hidden = !account.isConnected
    this.paintAccount(account)
  }
  press(): Promise<void> {
    const namespace = this.namespace
    return this.appkit.open({ view: 'Account', ...(namespace ? { namespace } : {}) })
  }
}

/** `<appkit-network-button>`: the selected network's name (or `label`); opens SwitchNetwork. */
class AppKitNetworkButton extends AppKitElement {
  render(): void {
    this.paint({
      text: this.appkit.getCaipNetwork()?.name ?? this.getAttribute('label') ?? 'Network',
      secondary: true,
    })
  }
  press(): Promise<void> {
    return this.appkit.open({ view: 'SwitchNetwork' })
  }
}

/**
 * Defines `<appkit-button>`, `<appkit-connect-button>`, `<appkit-account-button>` and
 * `<appkit-network-button>` over the page's
 * `window.appkit` (AppKit's names and attributes: size, label, loadingLabel, balance, disabled,
 * namespace). A tag the page already defined itself is left alone.
 */
export function defineAppKitElements(appkit: AppKit): void {
  const define = (tag: string, base: new (appkit: AppKit) => HTMLElement) => {
    if (customElements.get(tag)) return
    customElements.define(
      tag,
      class extends base {
        constructor() {
          super(appkit)
        }
      },
    )
  }
  define('appkit-button', AppKitButton)
  define('appkit-connect-button', AppKitConnectButton)
  define('appkit-account-button', AppKitAccountButton)
  define('appkit-network-button', AppKitNetworkButton)
}
