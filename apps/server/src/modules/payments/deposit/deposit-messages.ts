import { isLanguage, type Language } from '@app/contracts/language';
import { ERRORS } from '@app/contracts/errors';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { STK_RESULT_MESSAGES } from '../../../adapters/mpesa/daraja-callbacks.ts';
import { isMpesaPaused, pausedMessage } from '../channels/channels.service.ts';
import type { Db } from './deposit-shared.ts';

/**
 * The texts an order carries to its owner (why it failed, what it waits for), in English as stored, and
 * their French, Brazilian Portuguese and Kenyan Swahili: records, the deposit result and its page answer
 * in the caller's language, as operator content does. A text not listed here (an operator's own) is answered as stored.
 * HELD_AMOUNT_MESSAGE and PARTLY_PAID_MESSAGE are no longer written (a callback's amount is never credited
 * since issue 12) but stay for the orders that carry them.
 */
export const WAITING_MESSAGE = 'Check your phone and enter your M-PESA PIN';
/**
 * An order whose prompt is on its way to M-Pesa (state 0: just asked for, or taken from the queue for its
 * push), and one whose payment is being confirmed with M-Pesa (state 2): the player is told where it stands
 * rather than shown a blank (bench:mpesa saw pages poll a state 0 with no text while the queue pushed it).
 */
export const SENDING_MESSAGE = 'Sending the M-PESA prompt to your phone';
export const CONFIRMING_MESSAGE = 'Confirming your payment with M-PESA';
/** A queued order (state 5): M-Pesa is at its rate ceiling or busy, and the prompt waits its turn. */
export const QUEUED_MESSAGE = 'M-PESA is busy: we will prompt your phone shortly';
export const HELD_AMOUNT_MESSAGE = 'The amount paid does not match this order: it is being reviewed';
export const HELD_RECEIPT_MESSAGE = 'This M-PESA receipt was already used: it is being reviewed';
export const PARTLY_PAID_MESSAGE = 'M-PESA received less than this order: the amount received was credited';
export const REJECTED_MESSAGE = 'The payment could not be confirmed';
export const MATCHED_ELSEWHERE_MESSAGE =
  'This payment was matched to another deposit: please contact support';

type Translated = Record<Exclude<Language, 'en'>, string>;

const TRANSLATIONS: Record<string, Translated> = {
  [WAITING_MESSAGE]: {
    fr: 'Regardez votre téléphone et saisissez votre code PIN M-PESA',
    pt: 'Confira seu celular e digite seu PIN M-PESA',
    sw: 'Angalia simu yako na uweke PIN yako ya M-PESA',
  },
  [SENDING_MESSAGE]: {
    fr: 'Envoi de la demande M-PESA sur votre téléphone',
    pt: 'Enviando a solicitação M-PESA ao seu celular',
    sw: 'Tunatuma ombi la M-PESA kwenye simu yako',
  },
  [CONFIRMING_MESSAGE]: {
    fr: 'Confirmation de votre paiement auprès de M-PESA',
    pt: 'Confirmando seu pagamento com o M-PESA',
    sw: 'Tunathibitisha malipo yako na M-PESA',
  },
  [QUEUED_MESSAGE]: {
    fr: 'M-PESA est très sollicité : nous enverrons la demande sur votre téléphone dans un instant',
    pt: 'O M-PESA está ocupado: enviaremos a solicitação ao seu celular em instantes',
    sw: 'M-PESA ina shughuli nyingi: tutatuma ombi kwenye simu yako baada ya muda mfupi',
  },
  [HELD_AMOUNT_MESSAGE]: {
    fr: 'Le montant payé ne correspond pas à cette commande : il est en cours de vérification',
    pt: 'O valor pago não corresponde a este pedido: ele está em análise',
    sw: 'Kiasi ulicholipa hakilingani na ombi hili: kinakaguliwa',
  },
  [HELD_RECEIPT_MESSAGE]: {
    fr: 'Ce reçu M-PESA a déjà été utilisé : il est en cours de vérification',
    pt: 'Este comprovante M-PESA já foi usado: ele está em análise',
    sw: 'Risiti hii ya M-PESA imeshatumika: inakaguliwa',
  },
  [PARTLY_PAID_MESSAGE]: {
    fr: 'M-PESA a reçu moins que cette commande : le montant reçu a été crédité',
    pt: 'O M-PESA recebeu menos que este pedido: o valor recebido foi creditado',
    sw: 'M-PESA ilipokea kiasi kidogo kuliko ombi hili: kiasi kilichopokelewa kimewekwa kwenye salio lako',
  },
  [REJECTED_MESSAGE]: {
    fr: "Le paiement n'a pas pu être confirmé",
    pt: 'Não foi possível confirmar o pagamento',
    sw: 'Malipo hayakuweza kuthibitishwa',
  },
  [MATCHED_ELSEWHERE_MESSAGE]: {
    fr: 'Ce paiement a été rattaché à un autre dépôt : veuillez contacter le service client',
    pt: 'Este pagamento foi vinculado a outro depósito: fale com o atendimento',
    sw: 'Malipo haya yamehusishwa na uwekaji pesa mwingine: tafadhali wasiliana na huduma kwa wateja',
  },
  [STK_RESULT_MESSAGES[0]]: {
    fr: 'Paiement reçu. Votre solde sera mis à jour dans un instant.',
    pt: 'Pagamento recebido. Seu saldo será atualizado em instantes.',
    sw: 'Malipo yamepokelewa. Salio lako litasasishwa baada ya muda mfupi.',
  },
  [STK_RESULT_MESSAGES[1]]: {
    fr: 'Votre solde M-PESA est insuffisant pour ce paiement. Rechargez M-PESA et réessayez.',
    pt: 'Seu saldo M-PESA é insuficiente para este pagamento. Recarregue o M-PESA e tente novamente.',
    sw: 'Salio lako la M-PESA halitoshi kwa malipo haya. Ongeza pesa kwenye M-PESA kisha ujaribu tena.',
  },
  [STK_RESULT_MESSAGES[1032]]: {
    fr: 'Vous avez annulé le paiement sur votre téléphone.',
    pt: 'Você cancelou o pagamento no seu celular.',
    sw: 'Umeghairi malipo kwenye simu yako.',
  },
  [STK_RESULT_MESSAGES[1037]]: {
    fr: "Nous n'avons pas pu joindre votre téléphone. Vérifiez qu'il est allumé et a du réseau, puis réessayez.",
    pt: 'Não conseguimos falar com o seu celular. Verifique se ele está ligado e com sinal e tente novamente.',
    sw: 'Hatukuweza kufikia simu yako. Hakikisha imewashwa na ina mtandao, kisha ujaribu tena.',
  },
  [STK_RESULT_MESSAGES[2001]]: {
    fr: 'Le code PIN M-PESA était incorrect. Veuillez réessayer.',
    pt: 'O PIN M-PESA estava errado. Tente novamente.',
    sw: 'PIN ya M-PESA haikuwa sahihi. Tafadhali jaribu tena.',
  },
  [STK_RESULT_MESSAGES.default]: {
    fr: "Le paiement n'a pas abouti. Veuillez réessayer.",
    pt: 'O pagamento não foi concluído. Tente novamente.',
    sw: 'Malipo hayakukamilika. Tafadhali jaribu tena.',
  },
  [ERRORS.PROVIDER_UNAVAILABLE.msg]: {
    fr: 'Le prestataire de paiement ne répond pas, veuillez réessayer plus tard',
    pt: 'O provedor de pagamentos não responde, tente novamente mais tarde',
    sw: 'Mtoa huduma wa malipo hajibu, tafadhali jaribu tena baadaye',
  },
  [ERRORS.PAYMENT_IN_PROGRESS.msg]: {
    fr: 'Un paiement attend déjà sur ce téléphone : terminez-le ou patientez une minute, puis réessayez',
    pt: 'Já há um pagamento aguardando neste celular: conclua-o ou espere um minuto e tente novamente',
    sw: 'Tayari kuna malipo yanayosubiri kwenye simu hii: yakamilishe au subiri dakika moja, kisha ujaribu tena',
  },
  [ERRORS.INVALID_MOBILE.msg]: {
    fr: 'Format du numéro de mobile incorrect',
    pt: 'Formato de celular incorreto',
    sw: 'Nambari ya simu si sahihi',
  },
};

/** What an order under way without a text of its own says, by its state ('' for the states that end). */
export function pendingMessageOf(state: number): string {
  if (state === DEPOSIT_STATE.created) return SENDING_MESSAGE;
  if (state === DEPOSIT_STATE.waiting) return WAITING_MESSAGE;
  if (state === DEPOSIT_STATE.confirming) return CONFIRMING_MESSAGE;
  return '';
}

/** An order's text in the caller's language (`fr`, `pt`, `sw`; anything else is English). */
export function depositMessageIn(message: string, language: string): string {
  const translated = Object.hasOwn(TRANSLATIONS, message) ? TRANSLATIONS[message] : undefined;
  if (isLanguage(language) && language !== 'en') return translated?.[language] ?? message;
  return message;
}

/**
 * What a queued order (state 5) tells its owner now: while M-Pesa payments are paused, that the deposit
 * waits for the end of M-Pesa's maintenance; otherwise that the prompt comes shortly.
 */
export async function queuedMessage(db: Db, language: string): Promise<string> {
  return (await isMpesaPaused(db))
    ? pausedMessage('deposit', language)
    : depositMessageIn(QUEUED_MESSAGE, language);
}
