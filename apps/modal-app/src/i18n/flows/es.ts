import type { flows as english } from './en.ts'
import type { flowsLater as englishLater } from './enLater.ts'
import { compileErrorTable } from './errors/compileErrorTable.ts'
import { ERROR_TABLE, type WithErrorTable } from './errors/errorTable.ts'
import { errors } from './errors/es.ts'

/** Spanish: the connecting, sign-in and network views, alerts, toasts and errors. */
export const flows: Readonly<Record<keyof typeof english | keyof typeof englishLater, string>> &
  WithErrorTable = {
  [ERROR_TABLE]: compileErrorTable(errors),
  'frame.title': 'Billetera integrada',
  'connecting.tryAgain': 'Reintentar',
  'connecting.continueIn': 'Continúa en {wallet}',
  'walletConnect.openWallet': 'Abrir {wallet}',
  'walletConnect.getWallet': 'Obtener {wallet}',
  'walletConnect.qrLabel':
    'Código QR para escanear con la app de tu billetera. ¿No puedes escanearlo? Usa Copiar enlace, más abajo.',
  'farcaster.qr': 'Código QR para iniciar sesión con Farcaster',
  'farcaster.preparing': 'Preparando el código QR',
  'farcaster.scan': 'Escanea este código QR con tu teléfono para iniciar sesión con Farcaster',
  'farcaster.open': 'Abrir Farcaster',
  'farcaster.expiresIn': 'Caduca en {time}',
  'farcaster.expired': 'Caducado',
  'email.recoveryHint':
    'Este dispositivo aún no tiene una parte de la clave: restaura la billetera con tu texto de recuperación en la pantalla segura.',
  'email.restore': 'Restaurar billetera',
  'allWallets.loadFailed': 'No se pudo cargar la lista de billeteras.',
  'siwx.prompt': '{site} te pide firmar un mensaje con tu billetera para demostrar que es tuya.',
  'siwx.promptRequired':
    '{site} te pide firmar un mensaje con tu billetera para demostrar que es tuya. Es obligatorio iniciar sesión.',
  'siwx.promptThisSite': 'Este sitio te pide firmar un mensaje con tu billetera para demostrar que es tuya.',
  'siwx.promptThisSiteRequired':
    'Este sitio te pide firmar un mensaje con tu billetera para demostrar que es tuya. Es obligatorio iniciar sesión.',
  'siwx.waiting': 'Continúa en tu billetera',
  'siwx.cancel': 'Cancelar',
  'siwx.retry': 'Reintentar',
  'siwx.signing': 'Firmando…',
  'siwx.sign': 'Firmar',
  'activeChain.pickFirst': 'Elige una red primero.',
  'activeChain.title': 'Cambiar a {network}',
  'activeChain.hint':
    'Tu billetera conectada no admite redes {family}. Conecta una billetera {family} para usar {network}; tu billetera {active} seguirá conectada.',
  'activeChain.confirm': 'Cambiar a {family}',
  'activeChain.cancel': 'Cancelar',
  'unsupportedChain.notice':
    'Esta app no admite tu red actual. Cambia a una de las opciones disponibles para continuar.',
  'approve.hint': 'Revisa la solicitud en la ventana segura',
  'view.featureDisabled': 'Esta función no está activada para este proyecto.',
  'view.loadFailed': 'No se pudo cargar esta pantalla. Comprueba la conexión y vuelve a cargar la página.',
  'switchNetwork.done': 'Red cambiada',
  'switchNetwork.failed': 'No se pudo cambiar de red',
  'accountType.smartInUse': 'Usando la cuenta inteligente',
  'accountType.eoaInUse': 'Usando la cuenta EOA',
  'alert.dismiss': 'Descartar',
  'alert.invalidAppConfiguration':
    'El origen de este sitio no está permitido en este proyecto. Su propietario debe añadirlo a los orígenes permitidos del proyecto.',
  'alert.invalidProjectId': 'El ID del proyecto no existe. Revisa el projectId que se pasa al modal.',
  'alert.projectIdNotConfigured': 'Pasa un projectId al modal.',
  'alert.serverError': 'No se pudo obtener la configuración de la app. Inténtalo de nuevo más tarde.',
  'alert.serviceUnavailable':
    'No se pudo contactar con el servicio; puede que se esté reiniciando. No se perdió nada: repite el mismo paso en unos segundos.',
  'alert.rateLimited': 'Demasiadas solicitudes. Inténtalo de nuevo en un momento.',
  'alert.networkNotFound': 'La red no está entre las que configuró el sitio.',
  'alert.tryLater': 'Inténtalo de nuevo más tarde.',
  'alert.sessionExpired': 'Tu sesión no es válida. Revisa la hora de tu dispositivo y vuelve a conectarte.',
  'alert.unverifiedDomain':
    'El origen de este sitio no está entre los dominios verificados del proyecto. Asegúrate de que confías en él antes de conectarte.',
  'email.sending': 'Enviando un mensaje a {email}…',
  'email.device':
    'Aprueba este dispositivo: abre el enlace que enviamos a {email}. Esta ventana seguirá sola.',
  'email.codeHint': 'Escribe el código que enviamos a {email}',
  'email.alsoSignsIn': 'Al iniciar sesión también inicias sesión en {site}',
  'email.codeLabel': 'Código de un solo uso',
  'email.verifying': 'Verificando…',
  'email.resend': 'Reenviar código',
  'email.resendLink': 'Reenviar enlace',
  'email.resendWait': '{seconds} seg',
  'email.resendLater': 'Podrás pedir otro en {seconds, plural, one {# segundo} other {# segundos}}.',
  'email.resendReady': 'Ya puedes pedir otro.',
  'email.codeResent': 'Enviamos un código nuevo a {email}. Los anteriores ya no sirven.',
  'networks.active': 'ACTIVA',
  'networks.testnet': 'PRUEBAS',
  'allWallets.search': 'Buscar billetera',
  'allWallets.list': 'Billeteras',
  'allWallets.noMatch': 'Ninguna billetera coincide con «{query}»',
  'walletConnect.scan': 'Escanea este código QR con tu teléfono',
  'walletConnect.scanWith': 'Escanea este código QR con {wallet}',
  'walletConnect.qr': 'Código QR de emparejamiento',
  'walletConnect.preparing': 'Preparando el código QR',
  'walletConnect.copy': 'Copiar enlace',
  'walletConnect.copied': 'Enlace copiado',
  'walletConnect.copyFailed': 'No se pudo copiar el enlace',
}
