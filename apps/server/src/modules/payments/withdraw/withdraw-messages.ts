import { isLanguage, type Language } from '@app/contracts/language';

/**
 * The texts a withdrawal held for staff approval carries to its owner, in English and in French, Brazilian
 * Portuguese and Kenyan Swahili (issue 26 §3): under review while it waits, and declined with the reason
 * staff gave (as they wrote it) once rejected, approved while the payout queue sends it (or while it waits
 * for M-Pesa's maintenance to end). The text of a withdrawal queued by the pause is mpesa-pause.ts's.
 */
type Texts = Record<Language, string>;

const UNDER_REVIEW: Texts = {
  en: 'Under review: our team checks larger withdrawals before paying them. Your money is reserved meanwhile',
  fr: 'En cours de vérification : notre équipe contrôle les retraits importants avant de les payer. Votre argent est réservé en attendant',
  pt: 'Em análise: nossa equipe confere os saques maiores antes de pagá-los. Seu dinheiro fica reservado enquanto isso',
  sw: 'Inakaguliwa: timu yetu hukagua utoaji mkubwa kabla ya kuulipa. Pesa zako zimehifadhiwa kwa sasa',
};

/** Approved and in the payout queue, sent within seconds. */
const APPROVED: Texts = {
  en: 'Approved: your withdrawal is on its way to M-PESA',
  fr: 'Approuvé : votre retrait est en route vers M-PESA',
  pt: 'Aprovado: seu saque está a caminho do M-PESA',
  sw: 'Imeidhinishwa: pesa unayotoa iko njiani kwenda M-PESA',
};

/** Approved while M-Pesa payments are paused: in the payout queue until its maintenance ends. */
const APPROVED_PAUSED: Texts = {
  en: 'Approved: M-PESA is under maintenance, so your withdrawal is queued and will be paid when it is back',
  fr: 'Approuvé : M-PESA est en maintenance, votre retrait est donc en attente et sera payé dès son retour',
  pt: 'Aprovado: o M-PESA está em manutenção, então seu saque está na fila e será pago quando ele voltar',
  sw: 'Imeidhinishwa: M-PESA iko kwenye matengenezo, kwa hivyo pesa unayotoa inasubiri kwenye foleni na italipwa itakaporudi',
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

/** `paused`: M-Pesa payments are paused now, so the approved payout waits for the maintenance to end. */
export function approvedMessage(language: string, paused: boolean): string {
  return inLanguage(paused ? APPROVED_PAUSED : APPROVED, language);
}

/** The text stored on a rejected withdrawal (English, for support) and shown to its owner in their language. */
export function rejectedMessage(reason: string, language = 'en'): string {
  return `${inLanguage(DECLINED, language)}${reason}`;
}
