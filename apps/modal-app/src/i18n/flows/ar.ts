import type { flows as english } from './en.ts'
import type { flowsLater as englishLater } from './enLater.ts'
import { errors } from './errors/ar.ts'
import { compileErrorTable } from './errors/compileErrorTable.ts'
import { ERROR_TABLE, type WithErrorTable } from './errors/errorTable.ts'

/** Arabic: the connecting, sign-in and network views, alerts, toasts and errors. */
export const flows: Readonly<Record<keyof typeof english | keyof typeof englishLater, string>> &
  WithErrorTable = {
  [ERROR_TABLE]: compileErrorTable(errors),
  'frame.title': 'المحفظة المدمجة',
  'connecting.tryAgain': 'إعادة المحاولة',
  'connecting.continueIn': 'تابع في {wallet}',
  'walletConnect.openWallet': 'فتح {wallet}',
  'walletConnect.qrLabel': 'رمز QR لمسحه بتطبيق محفظتك. ألا يمكنك مسحه؟ استخدم «نسخ الرابط» أدناه.',
  'farcaster.qr': 'رمز QR لتسجيل الدخول عبر Farcaster',
  'farcaster.preparing': 'جارٍ تجهيز رمز QR',
  'farcaster.scan': 'امسح رمز QR هذا بهاتفك لتسجيل الدخول عبر Farcaster',
  'farcaster.open': 'فتح Farcaster',
  'farcaster.expiresIn': 'تنتهي الصلاحية خلال {time}',
  'farcaster.expired': 'انتهت الصلاحية',
  'email.recoveryHint':
    'لا يملك هذا الجهاز جزءًا من المفتاح بعد: استعد المحفظة بنص الاسترداد الخاص بك في الشاشة الآمنة.',
  'email.restore': 'استعادة المحفظة',
  'allWallets.loadFailed': 'تعذّر تحميل قائمة المحافظ.',
  'siwx.prompt': 'يطلب منك {site} توقيع رسالة بمحفظتك لإثبات أنك تملكها.',
  'siwx.promptRequired': 'يطلب منك {site} توقيع رسالة بمحفظتك لإثبات أنك تملكها. تسجيل الدخول مطلوب.',
  'siwx.promptThisSite': 'يطلب منك هذا الموقع توقيع رسالة بمحفظتك لإثبات أنك تملكها.',
  'siwx.promptThisSiteRequired':
    'يطلب منك هذا الموقع توقيع رسالة بمحفظتك لإثبات أنك تملكها. تسجيل الدخول مطلوب.',
  'siwx.waiting': 'تابع في محفظتك',
  'siwx.cancel': 'إلغاء',
  'siwx.retry': 'إعادة المحاولة',
  'siwx.signing': 'جارٍ التوقيع…',
  'siwx.sign': 'توقيع',
  'activeChain.pickFirst': 'اختر شبكة أولًا.',
  'activeChain.title': 'التبديل إلى {network}',
  'activeChain.hint':
    'لا تدعم محفظتك المتصلة شبكات {family}. اربط محفظة {family} لاستخدام {network}؛ ستبقى محفظة {active} متصلة.',
  'activeChain.confirm': 'التبديل إلى {family}',
  'activeChain.cancel': 'إلغاء',
  'unsupportedChain.notice': 'لا يدعم هذا التطبيق شبكتك الحالية. انتقل إلى أحد الخيارات المتاحة للمتابعة.',
  'approve.hint': 'راجع الطلب في النافذة الآمنة',
  'view.featureDisabled': 'هذه الميزة غير مفعّلة لهذا المشروع.',
  'view.loadFailed': 'تعذّر تحميل هذه الشاشة. تحقّق من الاتصال ثم أعد تحميل الصفحة.',
  'switchNetwork.done': 'تم تبديل الشبكة',
  'switchNetwork.failed': 'تعذّر تبديل الشبكة',
  'accountType.smartInUse': 'الحساب الذكي قيد الاستخدام',
  'accountType.eoaInUse': 'حساب EOA قيد الاستخدام',
  'alert.dismiss': 'تجاهل',
  'alert.invalidAppConfiguration':
    'أصل هذا الموقع غير مسموح به لهذا المشروع. يجب على مالك الموقع إضافته إلى الأصول المسموح بها في المشروع.',
  'alert.invalidProjectId': 'معرّف المشروع غير معروف. تحقّق من قيمة projectId الممرّرة إلى النافذة.',
  'alert.projectIdNotConfigured': 'مرّر projectId إلى النافذة.',
  'alert.serverError': 'تعذّر الحصول على إعدادات التطبيق. حاول مرة أخرى لاحقًا.',
  'alert.serviceUnavailable':
    'تعذّر الوصول إلى الخدمة، وقد تكون قيد إعادة التشغيل. لم يُفقد شيء: كرّر الخطوة نفسها بعد بضع ثوانٍ.',
  'alert.rateLimited': 'طلبات كثيرة جدًا. حاول مرة أخرى بعد لحظات.',
  'alert.networkNotFound': 'هذه الشبكة ليست من الشبكات التي أعدّها الموقع.',
  'alert.tryLater': 'حاول مرة أخرى لاحقًا.',
  'alert.sessionExpired': 'جلستك غير صالحة. تحقّق من إعدادات الوقت في جهازك ثم أعد الاتصال.',
  'alert.unverifiedDomain':
    'أصل هذا الموقع ليس ضمن النطاقات الموثّقة للمشروع. تأكّد من أنك تثق به قبل الاتصال.',
  'email.sending': 'جارٍ إرسال رسالة إلى {email}…',
  'email.device': 'وافق على هذا الجهاز: افتح الرابط الذي أرسلناه إلى {email}. ستتابع هذه النافذة تلقائيًا.',
  'email.codeHint': 'أدخل الرمز الذي أرسلناه إلى {email}',
  'email.alsoSignsIn': 'تسجيل الدخول يسجّلك أيضًا في {site}',
  'email.codeLabel': 'رمز لمرة واحدة',
  'email.verifying': 'جارٍ التحقق…',
  'email.resend': 'إعادة إرسال الرمز',
  'email.resendLink': 'إعادة إرسال الرابط',
  'email.resendWait': '{seconds} ث',
  'email.resendLater':
    'يمكنك طلب رمز جديد بعد {seconds, plural, zero {# ثانية} one {ثانية واحدة} two {ثانيتين} few {# ثوانٍ} many {# ثانية} other {# ثانية}}.',
  'email.resendReady': 'يمكنك طلب رمز جديد الآن.',
  'email.codeResent': 'أرسلنا رمزًا جديدًا إلى {email}. لم تعد الرموز السابقة صالحة.',
  'networks.active': 'نشطة',
  'networks.testnet': 'تجريبية',
  'allWallets.search': 'ابحث عن محفظة',
  'allWallets.list': 'المحافظ',
  'allWallets.noMatch': 'لا توجد محفظة تطابق «{query}»',
  'walletConnect.scan': 'امسح رمز QR هذا بهاتفك',
  'walletConnect.scanWith': 'امسح رمز QR هذا باستخدام {wallet}',
  'walletConnect.qr': 'رمز QR للاقتران',
  'walletConnect.preparing': 'جارٍ تجهيز رمز QR',
  'walletConnect.copy': 'نسخ الرابط',
  'walletConnect.copied': 'تم نسخ الرابط',
  'walletConnect.copyFailed': 'تعذّر نسخ الرابط',
}
