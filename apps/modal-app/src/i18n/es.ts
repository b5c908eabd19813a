import { account } from './account/es.ts'
import type { Catalogue } from './en.ts'
import { flows } from './flows/es.ts'
import { money } from './money/es.ts'

/** Spanish. */
export const es: Catalogue = {
  ...account,
  ...money,
  ...flows,
  // Account's words that the first chunk's own code shows (enFirst.ts).
  'account.recovery.saved': 'Nuevo texto de recuperación guardado',
  'account.wallets.embedded': 'Billetera integrada',
  'account.wallets.bitcoin': 'Billetera de Bitcoin',
  'title.Connect': 'Conectar billetera',
  'title.Account': 'Cuenta',
  'title.AllWallets': 'Todas las billeteras',
  'title.ConnectingWalletConnect': 'WalletConnect',
  'title.ConnectingWalletConnectBasic': 'Conectar billetera',
  'title.ConnectingExternal': 'Conectando',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.EmailLogin': 'Correo electrónico',
  'title.UpdateEmailWallet': 'Cambiar correo',
  'title.ProfileWallets': 'Billeteras',
  'title.SIWXSignMessage': 'Iniciar sesión',
  'title.ApproveTransaction': 'Aprobar transacción',
  'title.Swap': 'Intercambiar',
  'title.SwitchNetwork': 'Elegir red',
  'title.SwitchActiveChain': 'Cambiar de cadena',
  'title.RegisterAccountName': 'Elegir nombre',
  'title.RegisterAccountNameSuccess': 'Nombre registrado',
  'title.UnsupportedChain': 'Cambiar de red',
  'title.OnRampProviders': 'Comprar',
  'title.BuyInProgress': 'Compra en curso',
  'title.WalletSend': 'Enviar',
  'title.WalletSendSelectToken': 'Elegir token',
  'title.WalletSendPreview': 'Revisar envío',
  'title.Pay': 'Pagar',
  'title.WalletReceive': 'Recibir',
  'header.back': 'Atrás',
  'header.close': 'Cerrar',
  'connect.or': 'o',
  'connect.qrCode': 'CÓDIGO QR',
  'connect.allWallets': 'Todas las billeteras',
  'email.label': 'Correo electrónico',
  'email.submit': 'Continuar',
  'email.invalid': 'Escribe una dirección de correo válida',
  'social.continueWith': 'Continuar con {provider}',
}
