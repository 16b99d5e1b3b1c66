import type { TLanguage } from '@aidf/contract';

/** The sign-in code e-mail in each interface language; `{code}` is replaced. */
export const LOGIN_CODE_MAIL: Record<TLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'Your AIDF sign-in code',
    text: 'Your AIDF sign-in code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
  },
  zhCN: {
    subject: '您的 AIDF 登录验证码',
    text: '您的 AIDF 登录验证码是 {code}，10 分钟内有效。如果这不是您本人的操作，请忽略此邮件。',
  },
  zhTW: {
    subject: '您的 AIDF 登入驗證碼',
    text: '您的 AIDF 登入驗證碼是 {code}，10 分鐘內有效。如果這不是您本人的操作，請忽略此郵件。',
  },
  ru: {
    subject: 'Ваш код входа в AIDF',
    text: 'Ваш код входа в AIDF: {code}. Он действует 10 минут. Если вы его не запрашивали, просто проигнорируйте это письмо.',
  },
  vi: {
    subject: 'Mã đăng nhập AIDF của bạn',
    text: 'Mã đăng nhập AIDF của bạn là {code}, có hiệu lực trong 10 phút. Nếu bạn không yêu cầu mã này, hãy bỏ qua email này.',
  },
  th: {
    subject: 'รหัสเข้าสู่ระบบ AIDF ของคุณ',
    text: 'รหัสเข้าสู่ระบบ AIDF ของคุณคือ {code} ใช้ได้ภายใน 10 นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้',
  },
  ko: {
    subject: 'AIDF 로그인 인증 코드',
    text: 'AIDF 로그인 인증 코드는 {code}입니다. 10분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하세요.',
  },
  ja: {
    subject: 'AIDF ログイン認証コード',
    text: 'AIDF のログイン認証コードは {code} です。有効期限は 10 分です。お心当たりがない場合は、このメールを無視してください。',
  },
  sp: {
    subject: 'Tu código de acceso a AIDF',
    text: 'Tu código de acceso a AIDF es {code}. Es válido durante 10 minutos. Si no lo has solicitado, ignora este correo.',
  },
  fr: {
    subject: 'Votre code de connexion AIDF',
    text: "Votre code de connexion AIDF est {code}. Il est valable 10 minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.",
  },
  ar: {
    subject: 'رمز تسجيل الدخول إلى AIDF',
    text: 'رمز تسجيل الدخول إلى AIDF هو {code}، وهو صالح لمدة 10 دقائق. إذا لم تطلبه، فتجاهل هذه الرسالة.',
  },
};
