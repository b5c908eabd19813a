import type { FrameCatalogue } from './en.ts'
import { solanaEs } from './solanaEs.ts'

/** Spanish (neutral, "tú"). */
export const es: FrameCatalogue = {
  'approval.requestedBy': 'Solicitado por {site}',
  'approval.details': 'Detalles de la solicitud',
  'approval.reject': 'Rechazar',
  'approval.approve': 'Aprobar',
  'approval.approveArmed': 'Ya puedes aprobar.',
  'approval.approveWaiting':
    'Podrás aprobar cuando esta pantalla haya estado completamente visible durante un momento.',
  'approval.openWindow': 'Revisar en una ventana segura',
  'approval.windowNote':
    'Este navegador no puede confirmar que esta pantalla esté completamente visible, así que apruebas en una ventana aparte.',
  'approval.windowClosed': 'La ventana se cerró sin una decisión. Ábrela de nuevo o rechaza aquí.',
  'approval.windowBlocked':
    'Tu navegador bloqueó la ventana. Permite las ventanas emergentes para este sitio y vuelve a intentarlo.',

  'page.windowTitle': 'Aprobar una solicitud',
  'page.frameTitle': 'Marco seguro de la billetera',
  'page.callbackTitle': 'Iniciando sesión…',
  'page.windowLoading': 'Cargando la solicitud…',
  'page.windowAlone': 'Las aprobaciones se abren aquí desde la billetera. Puedes cerrar esta ventana.',
  'page.frameAlone': 'Esta página solo funciona dentro del modal de la billetera.',
  'page.callbackAlone': 'El inicio de sesión terminó en otra ventana. Puedes cerrar esta.',

  'recovery.title': 'Guarda tu texto de recuperación',
  'recovery.hint':
    'Guárdalo en un lugar seguro y privado. Con él abres esta billetera en un dispositivo nuevo; sin él, perder el dispositivo puede significar perder la billetera. Nadie te lo pedirá nunca.',
  'recovery.typedBack': 'Tu texto de recuperación, escrito de nuevo',
  'recovery.typeBackHint': 'Escribe o pega tu texto de recuperación para confirmar que lo guardaste',
  'recovery.copy': 'Copiar',
  'recovery.copied': 'Copiado',
  'recovery.copyFailed': 'Selecciona el texto y cópialo',
  'recovery.saved': 'Ya lo guardé',
  'recovery.mismatch': 'Este no es el texto de recuperación que se muestra arriba. Revisa lo que guardaste.',
  'recovery.windowHint':
    'Tu nueva billetera tiene un texto de recuperación. Guárdalo antes de usar la billetera.',
  'recovery.windowNote':
    'Este navegador no puede confirmar que esta pantalla se vea completa, así que tu texto de recuperación se muestra en una ventana aparte.',
  'recovery.openWindow': 'Mostrar en una ventana segura',
  'recovery.windowClosed':
    'La ventana se cerró antes de que confirmaras tu texto de recuperación. Ábrela de nuevo para terminar.',
  'page.recoveryLoading': 'Cargando tu texto de recuperación…',
  'page.recoveryAlone':
    'Los textos de recuperación se abren aquí desde la billetera. Puedes cerrar esta ventana.',

  'restore.title': 'Restaura tu billetera',
  'restore.hint':
    'Este navegador aún no tiene ninguna clave de tu billetera en este sitio. Pega el texto de recuperación que guardaste al crear la billetera.',
  'restore.input': 'Texto de recuperación',
  'restore.submit': 'Restaurar billetera',
  'restore.failed': 'No se pudo restaurar la billetera',
  'restore.invalidCode': 'Código de recuperación no válido',
  'restore.failedToConnect': 'No se pudo conectar',
  'restore.rateLimited': 'Demasiados intentos',
  'restore.unavailable': 'Servicio no disponible: inténtalo de nuevo en breve',
  'restore.serverError': 'Error del servidor',
  'restore.sessionExpired': 'La sesión caducó',
  'restore.noShare': 'No hay ninguna parte de autenticación guardada',
  'restore.staleSession': 'Vuelve a iniciar sesión para reemplazar la parte de autenticación',
  'restore.notConnected': 'No has iniciado sesión con correo ni con una red social',
  'restore.invalidStatus': 'Estado de conexión no válido',

  'title.signMessage': 'Firmar mensaje',
  'title.signTypedData': 'Firmar datos estructurados',
  'title.signTransaction': 'Firmar transacción',
  'title.sendTransaction': 'Enviar transacción',
  'title.signTransactions': '{count, plural, one {Firmar # transacción} other {Firmar # transacciones}}',
  'title.deployContract': 'Desplegar contrato',
  'title.sendCalls': '{count, plural, one {Enviar # llamada} other {Enviar # llamadas}}',
  'title.sendUserOperation': 'Enviar operación de usuario',
  'title.grantPermissions': '{count, plural, one {Conceder un permiso} other {Conceder # permisos}}',
  'title.revokePermission': 'Revocar un permiso',
  'title.shareBitcoinAddress': '{site} quiere ver tu dirección de Bitcoin',

  'field.numbered': '#{n} {label}',
  'field.message': 'Mensaje',
  'field.account': 'Cuenta',
  'field.bitcoinAddress': 'Dirección de Bitcoin',
  'field.shareEffect': 'Compartido con el sitio',
  'field.domain': 'Dominio',
  'field.chain': 'Cadena',
  'field.verifyingContract': 'Contrato verificador',
  'field.version': 'Versión',
  'field.salt': 'Sal',
  'field.primaryType': 'Tipo principal',
  'field.network': 'Red',
  'field.to': 'Para',
  'field.value': 'Valor',
  'field.data': 'Datos',
  'field.functionSelector': 'Selector de función',
  'field.nonce': 'Nonce',
  'field.gasLimit': 'Límite de gas',
  'field.gasPrice': 'Precio del gas',
  'field.maxFeePerGas': 'Comisión máxima por gas',
  'field.maxPriorityFeePerGas': 'Comisión de prioridad máxima por gas',
  'field.maxFee': 'Comisión máxima',
  'field.total': 'Importe total',
  'field.warning': 'Advertencia',
  'field.approval': 'Autorización',
  'field.permit': 'Permiso',
  'field.calls': 'Llamadas',
  'field.totalValue': 'Valor total',
  'field.estimatedTotalFee': 'Comisión total estimada',
  'field.smartAccount': 'Cuenta inteligente',
  'field.grantedTo': 'Concedido a',
  'field.permission': 'Permiso',
  'field.callLimit': 'Llamadas',
  'field.expires': 'Hasta',
  'field.revokes': 'Se revoca a',
  'field.networkFee': 'Comisión de red',
  'field.instructions': 'Instrucciones',
  'field.programs': 'Programas',
  'field.transfer': 'Transferencia',
  'field.signInput': 'Entrada que firmas',

  'value.none': '(ninguno)',
  'value.shareBitcoinAddress':
    'Una vez compartida, este sitio puede ver todos los pagos desde y hacia esta dirección',
  'value.any': '(cualquiera)',
  'value.newContract': '(contrato nuevo)',
  'value.noData': 'ninguno',
  'value.bytes': '{count, plural, one {# byte} other {# bytes}}',
  'value.items': '{count, plural, one {# elemento} other {# elementos}}',
  'value.upTo': 'hasta {amount}',
  'value.nativeUnits': '{amount} unidades nativas',
  'value.list': '{first}, {rest}',
  'value.lookupAccount': 'cuenta de la tabla de búsqueda n.º {index}',
  'value.feeUnknown': 'desconocida: una entrada no es de esta billetera y su importe no se puede comprobar',

  'network.known': '{name} ({id})',
  'network.namedBySite': '«{name}» (nombre que puso el sitio; red desconocida para la billetera) ({id})',
  'network.unknown': 'Red desconocida ({id})',

  'allowance.undecodable': '{function} con datos que no se pueden decodificar',
  'allowance.allowCollection':
    'Permitir que {spender} transfiera TODOS tus tokens de la colección {collection}, hasta que lo revoques',
  'allowance.revokeCollection':
    'Revocar el derecho de {spender} a transferir tus tokens de la colección {collection}',
  'allowance.allowSpend': 'Permitir que {spender} gaste {amount} hasta que lo revoques',
  'allowance.allowSpendMore':
    'Permitir que {spender} gaste (además de lo ya permitido) {amount} hasta que lo revoques',
  'allowance.unlimited': 'Cantidad ilimitada de {symbol}',
  'allowance.unlimitedOfToken': 'Cantidad ilimitada del token {token}',
  'allowance.rawOfToken': '{amount} (unidades sin formato) del token {token}',
  'allowance.noExpiry': 'sin límite',

  'field.call': 'Llamada',
  'field.callData': 'Datos de la llamada',
  'call.showData': 'Mostrar datos',
  'call.hideData': 'Ocultar datos',
  'call.unknown': 'Llamada desconocida a {contract}: {selector}, {size}',
  'call.warningUnknown':
    'La cartera no puede leer todas las llamadas de esta solicitud (ver «Llamada desconocida»): aprueba solo si confías al sitio lo que hacen',
  'call.transfer': 'Transferir {amount} a {recipient}',
  'call.transferFrom':
    'Transferir {amount} (cantidad de tokens o id de NFT) de {contract} de {from} a {recipient}',
  'call.transferNft': 'Transferir el NFT con id {id} de la colección {collection} de {from} a {recipient}',
  'call.transferNfts':
    'Transferir {amount} del token con id {id} de la colección {collection} de {from} a {recipient}',
  'call.transferNftBatch': 'Transferir tokens de la colección {collection} de {from} a {recipient}: {items}',
  'call.nftItem': '{amount} del id {id}',
  'call.permit2Approve': 'Permitir que {spender} gaste {amount} mediante Permit2 (válido hasta: {until})',
  'call.withdrawDeposit': 'Retirar {amount} del depósito en el EntryPoint {contract} a {recipient}',
  'call.multicall': '{count} llamadas a {contract} en una, cada una abajo',

  'permit.revoke': 'Revocar la autorización de {spender} sobre el token {token}',
  'permit.allowSpend': 'Permitir que {spender} gaste {amount} (válido hasta: {until})',
  'permit.allowSpendUntilRevoked':
    'Permitir que {spender} gaste {amount} hasta que lo revoques (firma válida hasta: {until})',
  'permit.allowTransferOnce':
    'Permitir que {spender} transfiera una sola vez {amount} (válido hasta: {until})',

  'calls.oneAfterAnother': '{count}, enviadas una tras otra (no atómicas)',
  'operation.deploysAccount': 'Se crea en la cadena con esta operación',
  'operation.atomic': '{count}, se ejecutan todas o ninguna (atómicas)',
  'operation.feeFromAccount': 'hasta {amount}, a cargo de la cuenta inteligente',
  'operation.feeSitePaymaster': 'La paga el paymaster {paymaster}, indicado por {site}',
  'operation.feeSponsored': 'La paga {site} (patrocinada)',
  'permission.nativeTransfer':
    'Enviar hasta {amount} en total desde esta cuenta, a cualquier dirección (solo transferencias simples)',
  'permission.tokenTransfer':
    'Transferir hasta {amount} del token {token} en total desde esta cuenta, a cualquier dirección',
  'permission.callLimit': '{count, plural, one {Como máximo # vez} other {Como máximo # veces}}',
  'permission.noApproval':
    '{site} puede usar este permiso sin volver a preguntarte hasta que termine o lo revoques',

  'fee.gasPriceHigh':
    'El sitio fijó un precio del gas de {price}, más de {factor}× el de la red, que es de {estimate}',
  'fee.gasPriceUnchecked': 'No se pudo comparar el precio del gas del sitio con el de la red',
  'fee.feeCapHigh':
    'El sitio fijó una comisión máxima de {cap} por gas, más de {factor}× la estimación de la red, que es de {estimate}',
  'fee.feeCapUnchecked': 'No se pudo comparar la comisión máxima del sitio con la de la red',
  'fee.unchecked': 'No se pudo comparar la comisión del sitio con la de la red',
  'fee.wholeCap':
    'El sitio fijó la comisión de prioridad igual a la comisión máxima ({cap} por gas): la operación paga la comisión máxima entera, sea cual sea la comisión base de la red',

  ...solanaEs,
}
