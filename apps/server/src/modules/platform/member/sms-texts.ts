import type { Language } from '@app/contracts/config';

type CodeSms = { code: string; brandName: string; minutes: number };

/**
 * The verification code's SMS in the language the player asked in (the app's Accept-Language). The code
 * comes first in every language: phones that offer to fill in a one-time code read it from there, and
 * a player who reads none of the words still finds it.
 */
const CODE_SMS: Record<Language, (sms: CodeSms) => string> = {
  en: ({ code, brandName, minutes }) =>
    `${code} is your ${brandName} verification code. It expires in ${minutes} minutes. Never share it.`,
  fr: ({ code, brandName, minutes }) =>
    `${code} est votre code de vérification ${brandName}. Il expire dans ${minutes} minutes. Ne le partagez jamais.`,
  pt: ({ code, brandName, minutes }) =>
    `${code} é o seu código de verificação ${brandName}. Ele expira em ${minutes} minutos. Nunca o compartilhe.`,
  sw: ({ code, brandName, minutes }) =>
    `${code} ni msimbo wako wa uthibitisho wa ${brandName}. Utaisha baada ya dakika ${minutes}. Usimpe mtu yeyote.`,
};

export function codeSmsText(language: Language, sms: CodeSms): string {
  return CODE_SMS[language](sms);
}
