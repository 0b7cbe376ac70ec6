import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The demo mall (issue 15 §4): goods in each of the four tabs, priced in coins, diamonds and cash, and one
 * claimable coupon, so a fresh `npm start` has a mall a new player can buy from. Each delivers what it
 * says through the mall's own checkout (coins, diamonds, bonus cash with its terms, or an item an operator
 * fulfils). Natural keys (slugs), inserted only where missing: an operator's edit stays.
 */
const GOODS = [
  {
    slug: 'demo-diamonds-10',
    type: 4,
    name: '10 diamonds',
    description: 'Ten diamonds for the diamond spin or the exchange, paid with your coins.',
    translations: {
      fr: {
        name: '10 diamants',
        description: 'Dix diamants pour la roue ou l’échange, payés avec vos pièces.',
      },
      pt: {
        name: '10 diamantes',
        description: 'Dez diamantes para a roleta ou a troca, pagos com suas moedas.',
      },
      sw: {
        name: 'Almasi 10',
        description: 'Almasi kumi za kuzungusha almasi au kubadilisha, zinazolipiwa kwa sarafu zako.',
      },
    },
    image: '/statics/menus/diamonds.webp',
    currency: 'coins' as const,
    price: 5_00,
    stock: 1000,
    member_limit: 5,
    deliverable: { kind: 'diamonds', amount: 10 },
    sort: 1,
  },
  {
    slug: 'demo-diamonds-50',
    type: 4,
    name: '50 diamonds',
    description: 'Fifty diamonds, paid with your coins.',
    translations: {
      fr: { name: '50 diamants', description: 'Cinquante diamants, payés avec vos pièces.' },
      pt: { name: '50 diamantes', description: 'Cinquenta diamantes, pagos com suas moedas.' },
      sw: { name: 'Almasi 50', description: 'Almasi hamsini, zinazolipiwa kwa sarafu zako.' },
    },
    image: '/statics/menus/diamonds.webp',
    currency: 'coins' as const,
    price: 20_00,
    original_price: 25_00,
    stock: null,
    member_limit: null,
    deliverable: { kind: 'diamonds', amount: 50 },
    sort: 2,
  },
  {
    slug: 'demo-bonus-10',
    type: 2,
    name: 'KES 10 bonus',
    description: 'KES 10 of bonus cash to play, withdrawable after wagering it 5 times within 7 days.',
    translations: {
      fr: {
        name: 'Bonus de 10 KES',
        description: '10 KES d’argent bonus à jouer, retirable après l’avoir misé 5 fois en 7 jours.',
      },
      pt: {
        name: 'Bônus de KES 10',
        description: 'KES 10 de bônus para jogar, sacável depois de apostá-lo 5 vezes em 7 dias.',
      },
      sw: {
        name: 'Bonasi ya KES 10',
        description:
          'KES 10 za bonasi za kuchezea, zinazoweza kutolewa baada ya kuziwekea dau mara 5 ndani ya siku 7.',
      },
    },
    image: '/statics/menus/cashback.webp',
    currency: 'diamonds' as const,
    price: 50,
    stock: 500,
    member_limit: 1,
    deliverable: { kind: 'bonus', amount: 10_00, wageringMultiple: 5, expiryDays: 7, maxConversion: 10_00 },
    sort: 1,
  },
  {
    slug: 'demo-coins-5',
    type: 2,
    name: '5 coins',
    description: 'Five coins for your diamonds.',
    translations: {
      fr: { name: '5 pièces', description: 'Cinq pièces pour vos diamants.' },
      pt: { name: '5 moedas', description: 'Cinco moedas pelos seus diamantes.' },
      sw: { name: 'Sarafu 5', description: 'Sarafu tano kwa almasi zako.' },
    },
    image: '/statics/menus/coin-spin.webp',
    currency: 'diamonds' as const,
    price: 20,
    stock: null,
    member_limit: null,
    deliverable: { kind: 'coins', amount: 5_00 },
    sort: 2,
  },
  {
    slug: 'demo-diamond-bundle',
    type: 1,
    name: 'Diamond bundle',
    description: 'One hundred diamonds at once. Coupons welcome.',
    translations: {
      fr: { name: 'Lot de diamants', description: 'Cent diamants d’un coup. Coupons acceptés.' },
      pt: { name: 'Pacote de diamantes', description: 'Cem diamantes de uma vez. Cupons aceitos.' },
      sw: {
        name: 'Kifurushi cha almasi',
        description: 'Almasi mia moja kwa mara moja. Kuponi zinakubaliwa.',
      },
    },
    image: '/statics/menus/mall.webp',
    currency: 'cash' as const,
    price: 20_00,
    stock: 200,
    member_limit: 3,
    deliverable: { kind: 'diamonds', amount: 100 },
    sort: 1,
  },
  {
    slug: 'demo-coins-pack',
    type: 3,
    name: 'Coins pack',
    description: 'Ten coins for KES 9: the VIP deal.',
    translations: {
      fr: { name: 'Paquet de pièces', description: 'Dix pièces pour 9 KES : l’offre VIP.' },
      pt: { name: 'Pacote de moedas', description: 'Dez moedas por KES 9: a oferta VIP.' },
      sw: { name: 'Kifurushi cha sarafu', description: 'Sarafu kumi kwa KES 9: ofa ya VIP.' },
    },
    image: '/statics/menus/coin-spin.webp',
    currency: 'cash' as const,
    price: 9_00,
    original_price: 10_00,
    stock: null,
    member_limit: 10,
    deliverable: { kind: 'coins', amount: 10_00 },
    sort: 1,
  },
  {
    slug: 'demo-t-shirt',
    type: 3,
    name: 'Team T-shirt',
    description:
      'A T-shirt in the brand’s colours, sent to you by our team: your order shows when it is on its way.',
    translations: {
      fr: {
        name: 'T-shirt de l’équipe',
        description:
          'Un T-shirt aux couleurs de la marque, envoyé par notre équipe : votre commande indique quand il part.',
      },
      pt: {
        name: 'Camiseta do time',
        description:
          'Uma camiseta nas cores da marca, enviada pela nossa equipe: seu pedido mostra quando ela sair.',
      },
      sw: {
        name: 'Fulana ya timu',
        description:
          'Fulana yenye rangi za chapa, utakayotumiwa na timu yetu: agizo lako litaonyesha ikiwa njiani.',
      },
    },
    image: '/statics/menus/vip.webp',
    currency: 'diamonds' as const,
    price: 500,
    stock: 20,
    member_limit: 1,
    deliverable: { kind: 'item' },
    sort: 2,
  },
];

/** The demo coupon: KES 5 off cash-priced goods of the featured and VIP tabs, one per member. */
const COUPON = {
  slug: 'demo-kes-5-off',
  name: 'KES 5 off',
  currency: 'cash' as const,
  discount_kind: 'amount' as const,
  discount: 5_00,
  goods_ids: '[]',
  goods_types: '[1,3]',
  platforms: '[]',
  themes: '[]',
  valid_from: new Date('2026-01-01T00:00:00Z'),
  valid_to: new Date('2031-01-01T00:00:00Z'),
  claimable: true,
};
const DEMO_CODES = 200;

export async function seedDemoMall(trx: Transaction<Database> | Kysely<Database>): Promise<void> {
  await trx
    .insertInto('mall_goods')
    .values(
      GOODS.map(({ deliverable, ...goods }) => ({ ...goods, deliverable: JSON.stringify(deliverable) })),
    )
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  await trx
    .insertInto('mall_coupon')
    .values(COUPON)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const coupon = await trx
    .selectFrom('mall_coupon')
    .selectAll()
    .where('slug', '=', COUPON.slug)
    .executeTakeFirstOrThrow();
  const issued = await trx
    .selectFrom('mall_member_coupon')
    .select('id')
    .where('coupon_id', '=', coupon.id)
    .limit(1)
    .executeTakeFirst();
  if (issued) return;
  const terms = JSON.stringify({
    name: coupon.name,
    currency: coupon.currency,
    discountKind: coupon.discount_kind,
    discount: coupon.discount,
    goodsIds: coupon.goods_ids,
    goodsTypes: coupon.goods_types,
    platforms: coupon.platforms,
    themes: coupon.themes,
    validFrom: coupon.valid_from.toISOString(),
    validTo: coupon.valid_to.toISOString(),
  });
  await trx
    .insertInto('mall_member_coupon')
    .values(
      Array.from({ length: DEMO_CODES }, (_, index) => ({
        coupon_id: coupon.id,
        member_id: null,
        source: 'claim' as const,
        code: `DEMO${String(index + 1).padStart(5, '0')}`,
        terms,
      })),
    )
    .execute();
}
