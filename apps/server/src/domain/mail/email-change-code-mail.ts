import type { TLanguage } from '@aidf/contract';

type CodeMail = Record<TLanguage, { subject: string; text: string }>;

/**
 * The e-mail with a code that proves a new address for an AIDF account ('change-email'); `{code}` is replaced. It
 * says what the code does, so that it is not handed over as a harmless sign-in code.
 */
export const EMAIL_CHANGE_CODE_MAIL: CodeMail = {
  en: {
    subject: 'Your AIDF code to confirm this e-mail address',
    text: 'Your code to make this address the e-mail of your AIDF account is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail and do not share the code.',
  },
  zhCN: {
    subject: '您的 AIDF 邮箱确认验证码',
    text: '将此地址设为您 AIDF 账户邮箱的验证码是 {code}，10 分钟内有效。如果这不是您本人的操作，请忽略此邮件，并勿将验证码告诉任何人。',
  },
  zhTW: {
    subject: '您的 AIDF 電子郵件確認驗證碼',
    text: '將此地址設為您 AIDF 帳戶電子郵件的驗證碼是 {code}，10 分鐘內有效。如果這不是您本人的操作，請忽略此郵件，並勿將驗證碼告訴任何人。',
  },
  ru: {
    subject: 'Код AIDF для подтверждения этого адреса',
    text: 'Ваш код, чтобы сделать этот адрес e-mail вашего аккаунта AIDF: {code}. Он действует 10 минут. Если вы его не запрашивали, проигнорируйте это письмо и никому не сообщайте код.',
  },
  vi: {
    subject: 'Mã AIDF để xác nhận địa chỉ email này',
    text: 'Mã để đặt địa chỉ này làm email của tài khoản AIDF của bạn là {code}, có hiệu lực trong 10 phút. Nếu bạn không yêu cầu, hãy bỏ qua email này và đừng chia sẻ mã với ai.',
  },
  th: {
    subject: 'รหัส AIDF สำหรับยืนยันอีเมลนี้',
    text: 'รหัสสำหรับตั้งที่อยู่นี้เป็นอีเมลของบัญชี AIDF ของคุณคือ {code} ใช้ได้ภายใน 10 นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่ออีเมลนี้และอย่าบอกรหัสนี้กับใคร',
  },
  ko: {
    subject: 'AIDF 이메일 주소 확인 인증 코드',
    text: '이 주소를 AIDF 계정의 이메일로 설정하기 위한 인증 코드는 {code}입니다. 10분 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하고 코드를 누구에게도 알려 주지 마세요.',
  },
  ja: {
    subject: 'AIDF メールアドレス確認の認証コード',
    text: 'このアドレスを AIDF アカウントのメールアドレスにするための認証コードは {code} です。有効期限は 10 分です。お心当たりがない場合は、このメールを無視し、コードを誰にも伝えないでください。',
  },
  sp: {
    subject: 'Tu código de AIDF para confirmar este correo',
    text: 'Tu código para que esta dirección sea el correo de tu cuenta de AIDF es {code}. Es válido durante 10 minutos. Si no lo has solicitado, ignora este correo y no compartas el código.',
  },
  fr: {
    subject: 'Votre code AIDF pour confirmer cette adresse e-mail',
    text: "Votre code pour faire de cette adresse l'e-mail de votre compte AIDF est {code}. Il est valable 10 minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail et ne communiquez ce code à personne.",
  },
  ar: {
    subject: 'رمز AIDF لتأكيد عنوان البريد الإلكتروني هذا',
    text: 'رمز جعل هذا العنوان البريد الإلكتروني لحسابك على AIDF هو {code}، وهو صالح لمدة 10 دقائق. إذا لم تطلبه، فتجاهل هذه الرسالة ولا تشارك الرمز مع أحد.',
  },
};

/**
 * The e-mail with a code to the account's current address that lets its e-mail be changed ('change-email-owner').
 * Whoever gets it unasked has someone else acting in their account: it says so.
 */
export const EMAIL_CHANGE_OWNER_CODE_MAIL: CodeMail = {
  en: {
    subject: 'Your AIDF code to change your e-mail',
    text: 'Your code to change the e-mail of your AIDF account to another address is {code}. It is valid for 10 minutes. Once changed, sign-in codes and notices go to the new address: if you did not ask for this code, do not share it and change your password.',
  },
  zhCN: {
    subject: '您的 AIDF 更换邮箱验证码',
    text: '您用于将 AIDF 账户邮箱更换为其他地址的验证码是 {code}，10 分钟内有效。更换后，登录验证码和通知将发送到新地址：如果这不是您本人的操作，请勿将验证码告诉任何人，并修改密码。',
  },
  zhTW: {
    subject: '您的 AIDF 更換電子郵件驗證碼',
    text: '您用於將 AIDF 帳戶電子郵件更換為其他地址的驗證碼是 {code}，10 分鐘內有效。更換後，登入驗證碼和通知將寄送到新地址：如果這不是您本人的操作，請勿將驗證碼告訴任何人，並修改密碼。',
  },
  ru: {
    subject: 'Код AIDF для смены e-mail',
    text: 'Ваш код для смены e-mail аккаунта AIDF на другой адрес: {code}. Он действует 10 минут. После смены коды входа и уведомления будут приходить на новый адрес: если вы не запрашивали этот код, никому его не сообщайте и смените пароль.',
  },
  vi: {
    subject: 'Mã AIDF để đổi email',
    text: 'Mã để đổi email của tài khoản AIDF sang địa chỉ khác là {code}, có hiệu lực trong 10 phút. Sau khi đổi, mã đăng nhập và thông báo sẽ gửi đến địa chỉ mới: nếu bạn không yêu cầu mã này, đừng chia sẻ nó với ai và hãy đổi mật khẩu.',
  },
  th: {
    subject: 'รหัส AIDF สำหรับเปลี่ยนอีเมล',
    text: 'รหัสสำหรับเปลี่ยนอีเมลของบัญชี AIDF เป็นที่อยู่อื่นคือ {code} ใช้ได้ภายใน 10 นาที เมื่อเปลี่ยนแล้ว รหัสเข้าสู่ระบบและการแจ้งเตือนจะส่งไปยังที่อยู่ใหม่ หากคุณไม่ได้ขอรหัสนี้ อย่าบอกรหัสนี้กับใคร และโปรดเปลี่ยนรหัสผ่าน',
  },
  ko: {
    subject: 'AIDF 이메일 변경 인증 코드',
    text: 'AIDF 계정의 이메일을 다른 주소로 변경하기 위한 인증 코드는 {code}입니다. 10분 동안 유효합니다. 변경 후에는 로그인 코드와 알림이 새 주소로 전송됩니다. 요청하지 않으셨다면 이 코드를 누구에게도 알려 주지 말고 비밀번호를 변경하세요.',
  },
  ja: {
    subject: 'AIDF メールアドレス変更の認証コード',
    text: 'AIDF アカウントのメールアドレスを別のアドレスに変更するための認証コードは {code} です。有効期限は 10 分です。変更後はログインコードとお知らせが新しいアドレスに届きます。お心当たりがない場合は、このコードを誰にも伝えず、パスワードを変更してください。',
  },
  sp: {
    subject: 'Tu código de AIDF para cambiar tu correo',
    text: 'Tu código para cambiar el correo de tu cuenta de AIDF a otra dirección es {code}. Es válido durante 10 minutos. Tras el cambio, los códigos de inicio de sesión y los avisos irán a la nueva dirección: si no lo has solicitado, no compartas este código con nadie y cambia tu contraseña.',
  },
  fr: {
    subject: 'Votre code AIDF pour changer votre e-mail',
    text: "Votre code pour remplacer l'e-mail de votre compte AIDF par une autre adresse est {code}. Il est valable 10 minutes. Après le changement, les codes de connexion et les avis iront à la nouvelle adresse : si vous ne l'avez pas demandé, ne communiquez ce code à personne et changez votre mot de passe.",
  },
  ar: {
    subject: 'رمز AIDF لتغيير بريدك الإلكتروني',
    text: 'رمز تغيير البريد الإلكتروني لحسابك على AIDF إلى عنوان آخر هو {code}، وهو صالح لمدة 10 دقائق. بعد التغيير ستصل رموز الدخول والإشعارات إلى العنوان الجديد: إذا لم تطلب هذا الرمز، فلا تشاركه مع أحد وغيّر كلمة المرور.',
  },
};
