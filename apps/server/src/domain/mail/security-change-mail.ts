import type { TLanguage } from '@aidf/contract';
import type { SecurityChangeKind } from '../../db/repositories/security-changes.ts';

/** One security change of an account, as its e-mail tells it. */
export interface SecurityNotice {
  kind: SecurityChangeKind;
  /** The wallet address bound or unbound; null for a password or e-mail change. */
  walletAddress: string | null;
  at: Date;
  holdUntil: Date;
}

interface NoticeTexts {
  subject: string;
  what: Record<SecurityChangeKind, string>;
  /** `{what}`, `{when}` and `{until}` are replaced. */
  text: string;
}

/** The notice in each interface language; `{address}` in `what` is the wallet address. */
export const SECURITY_CHANGE_MAIL: Record<TLanguage, NoticeTexts> = {
  en: {
    subject: 'Security change on your AIDF account',
    what: {
      'bind-address': 'A wallet ({address}) was bound to your AIDF account.',
      'unbind-address': 'A wallet ({address}) was unbound from your AIDF account.',
      password: 'The password of your AIDF account was set or changed.',
      email: 'The e-mail of your AIDF account was changed.',
    },
    text: '{what}\nWhen: {when}\nTransfers and withdrawals from your account are paused until {until}.\nIf this was not you, sign in, change your password and contact support before then.',
  },
  zhCN: {
    subject: 'AIDF 账户安全变更提醒',
    what: {
      'bind-address': '您的 AIDF 账户绑定了钱包地址 {address}。',
      'unbind-address': '您的 AIDF 账户解绑了钱包地址 {address}。',
      password: '您的 AIDF 账户密码已设置或修改。',
      email: '您的 AIDF 账户邮箱已更改。',
    },
    text: '{what}\n时间：{when}\n在 {until} 之前，您的账户暂停转账和提现。\n如果这不是您本人的操作，请立即登录、修改密码，并在此之前联系客服。',
  },
  zhTW: {
    subject: 'AIDF 帳戶安全變更提醒',
    what: {
      'bind-address': '您的 AIDF 帳戶綁定了錢包地址 {address}。',
      'unbind-address': '您的 AIDF 帳戶解除綁定了錢包地址 {address}。',
      password: '您的 AIDF 帳戶密碼已設定或修改。',
      email: '您的 AIDF 帳戶電子郵件已變更。',
    },
    text: '{what}\n時間：{when}\n在 {until} 之前，您的帳戶暫停轉帳和提現。\n如果這不是您本人的操作，請立即登入、修改密碼，並在此之前聯絡客服。',
  },
  ru: {
    subject: 'Изменение безопасности аккаунта AIDF',
    what: {
      'bind-address': 'К вашему аккаунту AIDF привязан кошелёк {address}.',
      'unbind-address': 'От вашего аккаунта AIDF отвязан кошелёк {address}.',
      password: 'Пароль вашего аккаунта AIDF установлен или изменён.',
      email: 'E-mail вашего аккаунта AIDF изменён.',
    },
    text: '{what}\nКогда: {when}\nПереводы и вывод средств с вашего аккаунта приостановлены до {until}.\nЕсли это были не вы, войдите, смените пароль и обратитесь в поддержку до этого времени.',
  },
  vi: {
    subject: 'Thay đổi bảo mật trên tài khoản AIDF của bạn',
    what: {
      'bind-address': 'Ví {address} đã được liên kết với tài khoản AIDF của bạn.',
      'unbind-address': 'Ví {address} đã được hủy liên kết khỏi tài khoản AIDF của bạn.',
      password: 'Mật khẩu tài khoản AIDF của bạn đã được đặt hoặc thay đổi.',
      email: 'Email của tài khoản AIDF của bạn đã được thay đổi.',
    },
    text: '{what}\nThời điểm: {when}\nChuyển tiền và rút tiền từ tài khoản của bạn bị tạm dừng đến {until}.\nNếu không phải bạn, hãy đăng nhập, đổi mật khẩu và liên hệ bộ phận hỗ trợ trước thời điểm đó.',
  },
  th: {
    subject: 'มีการเปลี่ยนแปลงด้านความปลอดภัยในบัญชี AIDF ของคุณ',
    what: {
      'bind-address': 'มีการผูกกระเป๋าเงิน {address} กับบัญชี AIDF ของคุณ',
      'unbind-address': 'มีการยกเลิกการผูกกระเป๋าเงิน {address} จากบัญชี AIDF ของคุณ',
      password: 'มีการตั้งหรือเปลี่ยนรหัสผ่านบัญชี AIDF ของคุณ',
      email: 'อีเมลของบัญชี AIDF ของคุณถูกเปลี่ยนแล้ว',
    },
    text: '{what}\nเวลา: {when}\nการโอนและการถอนเงินจากบัญชีของคุณถูกระงับไว้จนถึง {until}\nหากไม่ใช่คุณ โปรดเข้าสู่ระบบ เปลี่ยนรหัสผ่าน และติดต่อฝ่ายสนับสนุนก่อนเวลานั้น',
  },
  ko: {
    subject: 'AIDF 계정 보안 변경 알림',
    what: {
      'bind-address': 'AIDF 계정에 지갑 {address}이(가) 연결되었습니다.',
      'unbind-address': 'AIDF 계정에서 지갑 {address}의 연결이 해제되었습니다.',
      password: 'AIDF 계정의 비밀번호가 설정 또는 변경되었습니다.',
      email: 'AIDF 계정의 이메일이 변경되었습니다.',
    },
    text: '{what}\n일시: {when}\n{until}까지 계정의 이체와 출금이 중지됩니다.\n본인이 한 변경이 아니라면 로그인하여 비밀번호를 변경하고, 그 전에 고객센터에 문의하세요.',
  },
  ja: {
    subject: 'AIDF アカウントのセキュリティ変更のお知らせ',
    what: {
      'bind-address': 'AIDF アカウントにウォレット {address} が連携されました。',
      'unbind-address': 'AIDF アカウントからウォレット {address} の連携が解除されました。',
      password: 'AIDF アカウントのパスワードが設定または変更されました。',
      email: 'AIDF アカウントのメールアドレスが変更されました。',
    },
    text: '{what}\n日時: {when}\n{until} まで、アカウントからの送金と出金は停止されます。\nお心当たりがない場合は、ログインしてパスワードを変更し、それまでにサポートへご連絡ください。',
  },
  sp: {
    subject: 'Cambio de seguridad en tu cuenta de AIDF',
    what: {
      'bind-address': 'Se ha vinculado una billetera ({address}) a tu cuenta de AIDF.',
      'unbind-address': 'Se ha desvinculado una billetera ({address}) de tu cuenta de AIDF.',
      password: 'Se ha establecido o cambiado la contraseña de tu cuenta de AIDF.',
      email: 'Se ha cambiado el correo de tu cuenta de AIDF.',
    },
    text: '{what}\nCuándo: {when}\nLas transferencias y los retiros de tu cuenta están en pausa hasta {until}.\nSi no has sido tú, inicia sesión, cambia tu contraseña y contacta con soporte antes de esa hora.',
  },
  fr: {
    subject: 'Modification de sécurité sur votre compte AIDF',
    what: {
      'bind-address': 'Un portefeuille ({address}) a été associé à votre compte AIDF.',
      'unbind-address': 'Un portefeuille ({address}) a été dissocié de votre compte AIDF.',
      password: 'Le mot de passe de votre compte AIDF a été défini ou modifié.',
      email: "L'e-mail de votre compte AIDF a été modifié.",
    },
    text: "{what}\nQuand : {when}\nLes transferts et les retraits de votre compte sont suspendus jusqu'au {until}.\nSi ce n'était pas vous, connectez-vous, changez votre mot de passe et contactez le support avant cette date.",
  },
  ar: {
    subject: 'تغيير أمني في حسابك على AIDF',
    what: {
      'bind-address': 'تم ربط محفظة ({address}) بحسابك على AIDF.',
      'unbind-address': 'تم إلغاء ربط محفظة ({address}) من حسابك على AIDF.',
      password: 'تم تعيين كلمة مرور حسابك على AIDF أو تغييرها.',
      email: 'تم تغيير البريد الإلكتروني لحسابك على AIDF.',
    },
    text: '{what}\nالوقت: {when}\nالتحويلات والسحوبات من حسابك متوقفة مؤقتًا حتى {until}.\nإذا لم تكن أنت من قام بذلك، فسجّل الدخول وغيّر كلمة المرور وتواصل مع الدعم قبل ذلك الوقت.',
  },
};

/** '2026-11-24 07:40 UTC': one unambiguous form in every language. */
const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The subject and plain text of a notice in `language`. */
export function securityNoticeMail(notice: SecurityNotice, language: TLanguage) {
  const texts = SECURITY_CHANGE_MAIL[language];
  const what = texts.what[notice.kind].replace('{address}', notice.walletAddress ?? '');
  return {
    subject: texts.subject,
    text: texts.text
      .replace('{what}', what)
      .replace('{when}', utc(notice.at))
      .replace('{until}', utc(notice.holdUntil)),
  };
}
