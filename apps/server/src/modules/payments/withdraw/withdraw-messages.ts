import { isLanguage, type Language } from '@app/contracts/language';

/**
 * The texts a withdrawal held for staff approval carries to its owner, in English and in French, Brazilian
 * Portuguese and Kenyan Swahili (issue 26 §3): under review while it waits, and declined with the reason
 * staff gave (as they wrote it) once rejected, approved while the payout queue sends it. The paused text is mpesa-pause.ts's.
 */
type Texts = Record<Language, string>;

const UNDER_REVIEW: Texts = {
  en: 'Under review: our team checks larger withdrawals before paying them. Your money is reserved meanwhile',
  fr: 'En cours de vérification : notre équipe contrôle les retraits importants avant de les payer. Votre argent est réservé en attendant',
  pt: 'Em análise: nossa equipe confere os saques maiores antes de pagá-los. Seu dinheiro fica reservado enquanto isso',
  sw: 'Inakaguliwa: timu yetu hukagua utoaji mkubwa kabla ya kuulipa. Pesa zako zimehifadhiwa kwa sasa',
};

/** Approved and in the payout queue (sent within seconds, or when M-Pesa's maintenance ends). */
const APPROVED: Texts = {
  en: 'Approved: your withdrawal is on its way to M-PESA',
  fr: 'Approuvé : votre retrait est en route vers M-PESA',
  pt: 'Aprovado: seu saque está a caminho do M-PESA',
  sw: 'Imeidhinishwa: pesa unayotoa iko njiani kwenda M-PESA',
};

const DECLINED: Texts = {
  en: 'Declined after review, the money is back in your balance. Reason: ',
  fr: "Refusé après vérification, l'argent est de retour sur votre solde. Motif : ",
  pt: 'Recusado após análise, o dinheiro voltou ao seu saldo. Motivo: ',
  sw: 'Imekataliwa baada ya ukaguzi, pesa zimerudi kwenye salio lako. Sababu: ',
};

const inLanguage = (texts: Texts, language: string) => texts[isLanguage(language) ? language : 'en'];

export function underReviewMessage(language: string): string {
  return inLanguage(UNDER_REVIEW, language);
}

export function approvedMessage(language: string): string {
  return inLanguage(APPROVED, language);
}

/** The text stored on a rejected withdrawal (English, for support) and shown to its owner in their language. */
export function rejectedMessage(reason: string, language = 'en'): string {
  return `${inLanguage(DECLINED, language)}${reason}`;
}
