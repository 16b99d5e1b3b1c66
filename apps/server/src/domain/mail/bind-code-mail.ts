import type { TLanguage } from '@aidf/contract';

/**
 * The e-mail with a code that confirms binding a wallet to an account without one; `{code}`
 * is replaced. It says what the code allows, so that it is not handed over as a harmless sign-in code.
 */
export const BIND_CODE_MAIL: Record<TLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'Your AIDF code to bind a wallet',
    text: 'Your code to bind a wallet to your AIDF account is {code}. It is valid for 10 minutes. A bound wallet can sign transfers and withdrawals: if you did not ask for this code, do not share it and change your password.',
  },
  zhCN: {
    subject: '您的 AIDF 绑定钱包验证码',
    text: '您用于为 AIDF 账户绑定钱包的验证码是 {code}，10 分钟内有效。绑定的钱包可以签署转账和提现：如果这不是您本人的操作，请勿将验证码告诉任何人，并修改密码。',
  },
  zhTW: {
    subject: '您的 AIDF 綁定錢包驗證碼',
    text: '您用於為 AIDF 帳戶綁定錢包的驗證碼是 {code}，10 分鐘內有效。綁定的錢包可以簽署轉帳和提現：如果這不是您本人的操作，請勿將驗證碼告訴任何人，並修改密碼。',
  },
  ru: {
    subject: 'Код AIDF для привязки кошелька',
    text: 'Ваш код для привязки кошелька к аккаунту AIDF: {code}. Он действует 10 минут. Привязанный кошелёк может подписывать переводы и вывод средств: если вы не запрашивали этот код, никому его не сообщайте и смените пароль.',
  },
  vi: {
    subject: 'Mã AIDF để liên kết ví',
    text: 'Mã để liên kết ví với tài khoản AIDF của bạn là {code}, có hiệu lực trong 10 phút. Ví đã liên kết có thể ký lệnh chuyển tiền và rút tiền: nếu bạn không yêu cầu mã này, đừng chia sẻ nó với ai và hãy đổi mật khẩu.',
  },
  th: {
    subject: 'รหัส AIDF สำหรับผูกกระเป๋าเงิน',
    text: 'รหัสสำหรับผูกกระเป๋าเงินกับบัญชี AIDF ของคุณคือ {code} ใช้ได้ภายใน 10 นาที กระเป๋าเงินที่ผูกไว้สามารถลงนามการโอนและการถอนเงินได้ หากคุณไม่ได้ขอรหัสนี้ อย่าบอกรหัสนี้กับใคร และโปรดเปลี่ยนรหัสผ่าน',
  },
  ko: {
    subject: 'AIDF 지갑 연결 인증 코드',
    text: 'AIDF 계정에 지갑을 연결하기 위한 인증 코드는 {code}입니다. 10분 동안 유효합니다. 연결된 지갑은 이체와 출금에 서명할 수 있습니다. 요청하지 않으셨다면 이 코드를 누구에게도 알려 주지 말고 비밀번호를 변경하세요.',
  },
  ja: {
    subject: 'AIDF ウォレット連携の認証コード',
    text: 'AIDF アカウントにウォレットを連携するための認証コードは {code} です。有効期限は 10 分です。連携したウォレットは送金と出金に署名できます。お心当たりがない場合は、このコードを誰にも伝えず、パスワードを変更してください。',
  },
  sp: {
    subject: 'Tu código de AIDF para vincular una billetera',
    text: 'Tu código para vincular una billetera a tu cuenta de AIDF es {code}. Es válido durante 10 minutos. Una billetera vinculada puede firmar transferencias y retiros: si no lo has solicitado, no compartas este código con nadie y cambia tu contraseña.',
  },
  fr: {
    subject: 'Votre code AIDF pour associer un portefeuille',
    text: "Votre code pour associer un portefeuille à votre compte AIDF est {code}. Il est valable 10 minutes. Un portefeuille associé peut signer des transferts et des retraits : si vous ne l'avez pas demandé, ne communiquez ce code à personne et changez votre mot de passe.",
  },
  ar: {
    subject: 'رمز AIDF لربط محفظة',
    text: 'رمز ربط محفظة بحسابك على AIDF هو {code}، وهو صالح لمدة 10 دقائق. يمكن للمحفظة المربوطة توقيع التحويلات والسحوبات: إذا لم تطلب هذا الرمز، فلا تشاركه مع أحد وغيّر كلمة المرور.',
  },
};
