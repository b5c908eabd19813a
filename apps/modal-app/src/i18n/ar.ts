import { account } from './account/ar.ts'
import type { Catalogue } from './en.ts'
import { flows } from './flows/ar.ts'
import { money } from './money/ar.ts'

/** Arabic (right to left: the modal mirrors). */
export const ar: Catalogue = {
  ...account,
  ...money,
  ...flows,
  // Account's words that the first chunk's own code shows (enFirst.ts).
  'account.recovery.saved': 'تم حفظ نص الاسترداد الجديد',
  'account.wallets.embedded': 'المحفظة المدمجة',
  'account.wallets.bitcoin': 'محفظة بيتكوين',
  'title.Connect': 'ربط المحفظة',
  'title.Account': 'الحساب',
  'title.AllWallets': 'كل المحافظ',
  'title.ConnectingWalletConnect': 'WalletConnect',
  'title.ConnectingWalletConnectBasic': 'ربط المحفظة',
  'title.ConnectingExternal': 'جارٍ الربط',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.EmailLogin': 'البريد الإلكتروني',
  'title.UpdateEmailWallet': 'تعديل البريد الإلكتروني',
  'title.ProfileWallets': 'المحافظ',
  'title.SIWXSignMessage': 'تسجيل الدخول',
  'title.ApproveTransaction': 'الموافقة على المعاملة',
  'title.Swap': 'مبادلة',
  'title.SwitchNetwork': 'اختر الشبكة',
  'title.SwitchActiveChain': 'تبديل السلسلة',
  'title.RegisterAccountName': 'اختر اسمًا',
  'title.RegisterAccountNameSuccess': 'تم تسجيل الاسم',
  'title.UnsupportedChain': 'تبديل الشبكة',
  'title.OnRampProviders': 'شراء',
  'title.BuyInProgress': 'الشراء قيد التنفيذ',
  'title.WalletSend': 'إرسال',
  'title.WalletSendSelectToken': 'اختر الرمز',
  'title.WalletSendPreview': 'مراجعة الإرسال',
  'title.Pay': 'دفع',
  'title.WalletReceive': 'استلام',
  'header.back': 'رجوع',
  'header.close': 'إغلاق',
  'connect.or': 'أو',
  'connect.qrCode': 'رمز QR',
  'connect.allWallets': 'كل المحافظ',
  'email.label': 'البريد الإلكتروني',
  'email.submit': 'متابعة',
  'email.invalid': 'أدخل عنوان بريد إلكتروني صالحًا',
  'social.continueWith': 'المتابعة باستخدام {provider}',
}
