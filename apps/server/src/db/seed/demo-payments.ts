import type { Insertable } from 'kysely';
import type { ExchangeOptionTable, PayChannelTable, PayItemTable } from '../schema.ts';

/**
 * Demo payment configuration for a Kenyan operator: deposit packages, the M-Pesa channels, and the coin
 * and diamond exchange. Amounts in minor units (KES cents).
 */

const KES = 100;

/** Safaricom's M-PESA prefixes in the national form (070x–072x, 0740–0748, 0757–0759, 0768–0769, 079x, 0110–0115). */
export const SAFARICOM_PATTERN = '^0(7[0-29]\\d|74[0-8]|75[7-9]|76[89]|11[0-5])';

export const PAY_ITEMS: Insertable<PayItemTable>[] = [
  { pay_money: 50 * KES, coins: 5 * KES, img: '/statics/payments/package-50.svg', sort: 1 },
  { pay_money: 100 * KES, coins: 12 * KES, img: '/statics/payments/package-100.svg', sort: 2 },
  { pay_money: 200 * KES, coins: 30 * KES, img: '/statics/payments/package-200.svg', hot: true, sort: 3 },
  { pay_money: 500 * KES, coins: 80 * KES, img: '/statics/payments/package-500.svg', hot: true, sort: 4 },
  { pay_money: 1000 * KES, coins: 200 * KES, img: '/statics/payments/package-1000.svg', sort: 5 },
  { pay_money: 2000 * KES, coins: 500 * KES, img: '/statics/payments/package-2000.svg', sort: 6 },
];

export const PAY_CHANNELS: Insertable<PayChannelTable>[] = [
  {
    direction: 'deposit',
    channel_code: 'MPESA',
    name: 'M-PESA',
    provider: 'mpesa',
    hall: 'mpesa',
    logo_url: '/statics/payments/mpesa.svg',
    memo: 'A prompt comes to your registered number: enter your M-PESA PIN to pay.',
    mobile_pattern: SAFARICOM_PATTERN,
    whole_units: true,
    min_amount: 10 * KES,
    max_amount: 250_000 * KES,
    sort: 1,
    translations: {
      fr: {
        memo: 'Une demande arrive sur votre numéro enregistré : saisissez votre code PIN M-PESA pour payer.',
      },
      pt: { memo: 'Uma solicitação chega ao seu número cadastrado: digite seu PIN M-PESA para pagar.' },
      sw: { memo: 'Ombi litakuja kwenye nambari yako iliyosajiliwa: weka PIN yako ya M-PESA ili ulipe.' },
    },
  },
  {
    direction: 'deposit',
    channel_code: 'MPESA_OTHER',
    name: 'M-PESA (other number)',
    provider: 'mpesa',
    hall: 'panpay',
    logo_url: '/statics/payments/mpesa-other.svg',
    memo: 'Pay from any M-PESA number: you enter it on the next page.',
    whole_units: true,
    min_amount: 10 * KES,
    max_amount: 250_000 * KES,
    sort: 2,
    translations: {
      fr: {
        name: 'M-PESA (autre numéro)',
        memo: "Payez depuis n'importe quel numéro M-PESA : vous le saisissez à la page suivante.",
      },
      pt: {
        name: 'M-PESA (outro número)',
        memo: 'Pague de qualquer número M-PESA: você o digita na próxima página.',
      },
      sw: {
        name: 'M-PESA (nambari nyingine)',
        memo: 'Lipa kutoka nambari yoyote ya M-PESA: utaiweka kwenye ukurasa unaofuata.',
      },
    },
  },
  {
    direction: 'withdraw',
    channel_code: 'MPESA',
    name: 'M-PESA',
    provider: 'mpesa',
    logo_url: '/statics/payments/mpesa.svg',
    memo: 'Paid to your registered M-PESA number.',
    mobile_pattern: SAFARICOM_PATTERN,
    whole_units: true,
    withdraw_fee_type: 1,
    withdraw_fee_value: 1,
    sort: 1,
    translations: {
      fr: { memo: 'Versé sur votre numéro M-PESA enregistré.' },
      pt: { memo: 'Pago no seu número M-PESA cadastrado.' },
      sw: { memo: 'Hulipwa kwenye nambari yako ya M-PESA iliyosajiliwa.' },
    },
  },
];

export const EXCHANGE_OPTIONS: Insertable<ExchangeOptionTable>[] = [
  { from_asset: 'coins', from_amount: 100 * KES, cash: 10 * KES, sort: 1 },
  { from_asset: 'coins', from_amount: 500 * KES, cash: 55 * KES, sort: 2 },
  { from_asset: 'diamonds', from_amount: 10 * KES, cash: 50 * KES, withdrawable: true, sort: 3 },
];
