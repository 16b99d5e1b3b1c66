import type { TLanguage } from '@aidf/contract';

/**
 * The e-mail with a code that confirms a change of the withdrawal address book (a new address, or letting
 * withdrawals go outside the book); `{code}` is replaced. It says what the code allows, so that it is not handed
 * over as a harmless sign-in code.
 */
export const ADDRESS_BOOK_CODE_MAIL: Record<TLanguage, { subject: string; text: string }> = {
  en: {
    subject: 'Your AIDF code to change your withdrawal address book',
    text: 'Your code to confirm a change of your AIDF withdrawal address book is {code}. It is valid for 10 minutes. It lets withdrawals go to a new address: if you did not ask for this code, do not share it and change your password.',
  },
  zhCN: {
    subject: '您的 AIDF 提现地址簿验证码',
    text: '您用于确认 AIDF 提现地址簿变更的验证码是 {code}，10 分钟内有效。它允许向新地址提现：如果这不是您本人的操作，请勿将验证码告诉任何人，并修改密码。',
  },
  zhTW: {
    subject: '您的 AIDF 提現地址簿驗證碼',
    text: '您用於確認 AIDF 提現地址簿變更的驗證碼是 {code}，10 分鐘內有效。它允許向新地址提現：如果這不是您本人的操作，請勿將驗證碼告訴任何人，並修改密碼。',
  },
  ru: {
    subject: 'Код AIDF для изменения адресной книги вывода',
    text: 'Ваш код для подтверждения изменения адресной книги вывода AIDF: {code}. Он действует 10 минут. Он позволяет выводить средства на новый адрес: если вы не запрашивали этот код, никому его не сообщайте и смените пароль.',
  },
  vi: {
    subject: 'Mã AIDF để thay đổi sổ địa chỉ rút tiền',
    text: 'Mã xác nhận thay đổi sổ địa chỉ rút tiền AIDF của bạn là {code}, có hiệu lực trong 10 phút. Mã này cho phép rút tiền đến một địa chỉ mới: nếu bạn không yêu cầu mã này, đừng chia sẻ nó với ai và hãy đổi mật khẩu.',
  },
  th: {
    subject: 'รหัส AIDF สำหรับเปลี่ยนสมุดที่อยู่ถอนเงิน',
    text: 'รหัสยืนยันการเปลี่ยนสมุดที่อยู่ถอนเงิน AIDF ของคุณคือ {code} ใช้ได้ภายใน 10 นาที รหัสนี้อนุญาตให้ถอนเงินไปยังที่อยู่ใหม่ หากคุณไม่ได้ขอรหัสนี้ อย่าบอกรหัสนี้กับใคร และโปรดเปลี่ยนรหัสผ่าน',
  },
  ko: {
    subject: 'AIDF 출금 주소록 변경 인증 코드',
    text: 'AIDF 출금 주소록 변경을 확인하는 인증 코드는 {code}입니다. 10분 동안 유효합니다. 이 코드로 새 주소로 출금할 수 있게 됩니다. 요청하지 않으셨다면 이 코드를 누구에게도 알려 주지 말고 비밀번호를 변경하세요.',
  },
  ja: {
    subject: 'AIDF 出金アドレス帳変更の認証コード',
    text: 'AIDF の出金アドレス帳の変更を確認する認証コードは {code} です。有効期限は 10 分です。このコードで新しいアドレスへの出金が可能になります。お心当たりがない場合は、このコードを誰にも伝えず、パスワードを変更してください。',
  },
  sp: {
    subject: 'Tu código de AIDF para cambiar tu libreta de direcciones de retiro',
    text: 'Tu código para confirmar un cambio en tu libreta de direcciones de retiro de AIDF es {code}. Es válido durante 10 minutos. Permite retirar a una dirección nueva: si no lo has solicitado, no compartas este código con nadie y cambia tu contraseña.',
  },
  fr: {
    subject: 'Votre code AIDF pour modifier votre carnet d’adresses de retrait',
    text: "Votre code pour confirmer une modification de votre carnet d'adresses de retrait AIDF est {code}. Il est valable 10 minutes. Il permet des retraits vers une nouvelle adresse : si vous ne l'avez pas demandé, ne communiquez ce code à personne et changez votre mot de passe.",
  },
  ar: {
    subject: 'رمز AIDF لتغيير دفتر عناوين السحب',
    text: 'رمز تأكيد تغيير دفتر عناوين السحب في AIDF هو {code}، وهو صالح لمدة 10 دقائق. يسمح بالسحب إلى عنوان جديد: إذا لم تطلب هذا الرمز، فلا تشاركه مع أحد وغيّر كلمة المرور.',
  },
};
