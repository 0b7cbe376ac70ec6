import { FAQ_TYPE, POSITION, SYSTEM_OPTION, VIP_MENU_HOOK } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { formatMoney } from '@app/contracts/money';
import type { Translations } from '../schema.ts';
import { withLocalisedArt } from './demo-art.ts';
import { PAY_ITEMS } from './demo-payments.ts';

/**
 * Demo content for a Kenyan operator: what a fresh `npm start` shows. Real operators replace it; the
 * seed never overwrites a row that already exists. `{brand}`, `{operator}`, `{licence}`, `{address}`,
 * `{domain}` and `{handle}` are the running brand's (contracts/brand.ts), filled in by the seed.
 */

type OptionSeed = { type: number; name: string; content: string; translations?: Translations };

/**
 * What the demo leaves empty until its feature is built, since demo content there could only promise what
 * nothing pays: nothing now. (The promotion images, popup and menu and the coin and diamond event pages are
 * seeded since issue 14 built the programmes they describe, the task tips (4057) since issue 22.)
 */
export const NOT_SEEDED_UNTIL_BUILT = {
  advertPositions: [] as readonly number[],
  optionTypes: [] as readonly number[],
};

export const SYSTEM_OPTIONS: OptionSeed[] = [
  {
    type: SYSTEM_OPTION.WITHDRAW_CONFIG,
    name: 'withdraw config',
    // The fee is the withdraw channels' (served into this option from them, contracts/rule-texts.ts).
    content: JSON.stringify({ dailyCount: 5 }),
  },
  // min:max:rate — KES 100 to KES 150,000, rate 1 (spec §5).
  { type: SYSTEM_OPTION.WITHDRAW_LIMIT, name: 'withdraw limit', content: '100:150000:1' },
  { type: SYSTEM_OPTION.SMS_CODE_SWITCH, name: 'sms code on register', content: '1' },
  {
    type: SYSTEM_OPTION.REGISTER_TIPS,
    name: 'register tips',
    content: 'Register with your Safaricom or Airtel number. You must be 18 or older to play.',
    translations: {
      fr: {
        content:
          'Inscrivez-vous avec votre numéro Safaricom ou Airtel. Vous devez avoir 18 ans ou plus pour jouer.',
      },
      pt: {
        content:
          'Cadastre-se com seu número Safaricom ou Airtel. Você precisa ter 18 anos ou mais para jogar.',
      },
      sw: {
        content:
          'Jisajili kwa nambari yako ya Safaricom au Airtel. Lazima uwe na umri wa miaka 18 au zaidi ili kucheza.',
      },
    },
  },
  {
    type: SYSTEM_OPTION.TOP_UP_TIPS,
    name: 'top-up tips',
    content:
      'Enter your M-PESA PIN on the prompt that appears on your phone. Your balance updates as soon as M-PESA confirms. If no prompt appears, check that your phone is on and try again.',
    translations: {
      fr: {
        content:
          "Saisissez votre code PIN M-PESA dans la fenêtre qui s'affiche sur votre téléphone. Votre solde est mis à jour dès que M-PESA confirme. Si rien ne s'affiche, vérifiez que votre téléphone est allumé et réessayez.",
      },
      pt: {
        content:
          'Digite seu PIN M-PESA no aviso que aparece no seu telefone. Seu saldo é atualizado assim que o M-PESA confirmar. Se nenhum aviso aparecer, verifique se o telefone está ligado e tente de novo.',
      },
      sw: {
        content:
          'Weka PIN yako ya M-PESA kwenye ombi litakalotokea kwenye simu yako. Salio lako linasasishwa mara tu M-PESA inapothibitisha. Ombi lisipotokea, hakikisha simu yako imewashwa kisha ujaribu tena.',
      },
    },
  },
  { type: SYSTEM_OPTION.USSD, name: 'ussd', content: '*334#' },
  { type: SYSTEM_OPTION.HOTLINE, name: 'hotline', content: '0709 123 456' },
  { type: SYSTEM_OPTION.WHATSAPP, name: 'whatsapp', content: '254709123456,254711223344' },
  {
    type: SYSTEM_OPTION.SOCIAL_LINKS,
    name: 'social links',
    content: JSON.stringify([
      {
        name: 'facebook',
        url: 'https://www.facebook.com/{handle}',
        image: '/statics/social/facebook.webp',
      },
      { name: 'x', url: 'https://x.com/{handle}', image: '/statics/social/x.webp' },
      {
        name: 'instagram',
        url: 'https://www.instagram.com/{handle}',
        image: '/statics/social/instagram.webp',
      },
      { name: 'tiktok', url: 'https://www.tiktok.com/@{handle}', image: '/statics/social/tiktok.webp' },
      { name: 'telegram', url: 'https://t.me/{handle}', image: '/statics/social/telegram.webp' },
    ]),
  },
  withLocalisedArt<OptionSeed>(
    {
      type: SYSTEM_OPTION.CHANNEL_IMAGE,
      name: 'channel image',
      content: '/statics/adverts/deposit-swipe-mpesa.svg',
    },
    ['content'],
  ),
  {
    type: SYSTEM_OPTION.LICENCE,
    name: 'licence',
    content:
      '{brand} is operated by {operator}, licensed and regulated by the Betting Control and Licensing Board of Kenya (BCLB), licence No. {licence}. Gambling can be addictive: play responsibly. Only persons aged 18 and over may play.',
    translations: {
      fr: {
        content:
          "{brand} est exploité par {operator}, titulaire d'une licence délivrée et contrôlée par le Betting Control and Licensing Board du Kenya (BCLB), licence n° {licence}. Les jeux d'argent peuvent créer une dépendance : jouez de manière responsable. Réservé aux personnes de 18 ans et plus.",
      },
      pt: {
        content:
          '{brand} é operado pela {operator}, licenciada e regulamentada pelo Betting Control and Licensing Board do Quênia (BCLB), licença nº {licence}. Jogos de azar podem viciar: jogue com responsabilidade. Somente maiores de 18 anos podem jogar.',
      },
      sw: {
        content:
          '{brand} inaendeshwa na {operator}, yenye leseni na inayosimamiwa na Bodi ya Kudhibiti na Kutoa Leseni za Kamari ya Kenya (BCLB), leseni Na. {licence}. Kamari inaweza kuleta uraibu: cheza kwa kuwajibika. Ni watu wenye umri wa miaka 18 na zaidi pekee wanaoruhusiwa kucheza.',
      },
    },
  },
  { type: SYSTEM_OPTION.EMAIL, name: 'email', content: 'support@{domain}' },
  {
    type: SYSTEM_OPTION.INVITATION_TEXT,
    name: 'invitation text',
    content: 'Invite friends to {brand}: they register with your invitation code.',
    translations: {
      fr: { content: 'Invitez vos amis sur {brand} : ils s’inscrivent avec votre code de parrainage.' },
      pt: { content: 'Convide amigos para o {brand}: eles se cadastram com o seu código de convite.' },
      sw: { content: 'Alika marafiki kwenye {brand}: wanajisajili kwa msimbo wako wa mwaliko.' },
    },
  },
  {
    type: SYSTEM_OPTION.INVITATION_SHARE_TEXT,
    name: 'invitation share text',
    content: 'Join me on {brand}, Kenya’s home of slots and crash. Register with my link:',
    translations: {
      fr: {
        content:
          'Rejoins-moi sur {brand}, la maison des machines à sous et du crash au Kenya. Inscris-toi avec mon lien :',
      },
      pt: {
        content:
          'Venha jogar comigo no {brand}, a casa dos slots e do crash no Quênia. Cadastre-se pelo meu link:',
      },
      sw: {
        content:
          'Jiunge nami kwenye {brand}, nyumbani kwa sloti na crash Kenya. Jisajili kupitia kiungo changu:',
      },
    },
  },
  // In major units (KES), as the deposit screen shows it beside the amount input.
  { type: SYSTEM_OPTION.MIN_DEPOSIT, name: 'minimum deposit', content: '10' },
  { type: SYSTEM_OPTION.WITHDRAW_TAX_SWITCH, name: 'withdraw tax switch', content: '1' },
  // A tax on winnings for markets whose law sets no withdrawal tax; where the country profile sets one
  // (Kenya: 5 % of every withdrawal since the Finance Act 2025) the law's applies and these change nothing.
  { type: SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT, name: 'withdraw tax rate percent', content: '20' },
  {
    type: SYSTEM_OPTION.COIN_BONUS_TYPES,
    name: 'coin and bonus types',
    content: JSON.stringify([
      { type: 1, isbonus: 1 },
      { type: 2, isbonus: 0 },
      { type: 3, isbonus: 1 },
    ]),
  },
  {
    type: SYSTEM_OPTION.ADDRESS,
    name: 'address',
    content: '{operator}, {address}',
    translations: {
      fr: { content: '{operator}, {address}' },
      pt: { content: '{operator}, {address}' },
      sw: { content: '{operator}, {address}' },
    },
  },
  {
    type: SYSTEM_OPTION.GAME_LIST,
    name: 'featured games',
    content: JSON.stringify(['crash', 'slot', 'dice', 'mines', 'plinko', 'wheel']),
  },
  {
    // Task tips (spec platform-core §9, 4057): how the diamond tasks pay (docs/promotions.md "Diamonds"),
    // shown on /diamond/tasks.
    type: SYSTEM_OPTION.TASK_TIPS,
    name: 'task tips',
    content:
      'Stake on any game or make a paid deposit to move today’s tasks forward, then tap Receive to collect the diamonds. Tasks start again every day.',
    translations: {
      fr: {
        content:
          'Misez sur n’importe quel jeu ou faites un dépôt payé pour avancer dans les tâches du jour, puis touchez Recevoir pour récupérer les diamants. Les tâches recommencent chaque jour.',
      },
      pt: {
        content:
          'Aposte em qualquer jogo ou faça um depósito pago para avançar nas tarefas de hoje e toque em Receber para pegar os diamantes. As tarefas recomeçam todos os dias.',
      },
      sw: {
        content:
          'Weka dau kwenye mchezo wowote au weka pesa ili kusogeza mbele kazi za leo, kisha gusa Pokea ili upokee almasi. Kazi zinaanza upya kila siku.',
      },
    },
  },
  {
    type: SYSTEM_OPTION.DIAMOND_TO_CASH_TIPS,
    name: 'diamond to cash tips',
    content: 'Exchange diamonds for cash in your balance. Exchanged cash can be played or withdrawn.',
    translations: {
      fr: {
        content:
          'Échangez vos diamants contre de l’argent sur votre solde. Cet argent peut être joué ou retiré.',
      },
      pt: {
        content: 'Troque diamantes por dinheiro no seu saldo. O valor trocado pode ser jogado ou sacado.',
      },
      sw: {
        content:
          'Badilisha almasi kuwa pesa kwenye salio lako. Pesa ulizobadilisha zinaweza kuchezewa au kutolewa.',
      },
    },
  },
  // Served as the text the tax rules generate for the market (contracts/rule-texts.ts), whatever is stored:
  // this stored text, the pre-2025 one, is what an operator's old database still holds.
  {
    type: SYSTEM_OPTION.TAX_EXPLANATION,
    name: 'tax explanation',
    content:
      'Under the Kenya Income Tax Act, 20% withholding tax is deducted from winnings when you withdraw and paid to the Kenya Revenue Authority on your behalf.',
    translations: {
      fr: {
        content:
          "Conformément à la loi kényane sur l'impôt sur le revenu, une retenue de 20 % est prélevée sur les gains lors du retrait et versée pour vous à la Kenya Revenue Authority.",
      },
      pt: {
        content:
          'Conforme a Lei do Imposto de Renda do Quênia, 20% de imposto retido na fonte é descontado dos ganhos no saque e pago em seu nome à Kenya Revenue Authority.',
      },
      sw: {
        content:
          'Kwa mujibu wa Sheria ya Kodi ya Mapato ya Kenya, kodi ya zuio ya 20% hukatwa kwenye ushindi unapotoa pesa na hulipwa kwa Mamlaka ya Ushuru Kenya (KRA) kwa niaba yako.',
      },
    },
  },
  {
    type: SYSTEM_OPTION.WITHDRAW_TIPS,
    name: 'withdraw tips',
    content:
      'Withdrawals are paid to your registered M-PESA number, usually within minutes. Minimum KES 100.',
    translations: {
      fr: {
        content:
          'Les retraits sont versés sur votre numéro M-PESA enregistré, généralement en quelques minutes. Minimum 100 KES.',
      },
      pt: {
        content:
          'Os saques são pagos no seu número M-PESA cadastrado, geralmente em minutos. Mínimo de KES 100.',
      },
      sw: {
        content:
          'Pesa unazotoa hulipwa kwenye nambari yako ya M-PESA iliyosajiliwa, kwa kawaida ndani ya dakika chache. Kiwango cha chini ni KES 100.',
      },
    },
  },
  {
    type: SYSTEM_OPTION.WITHDRAW_ENABLE,
    name: 'withdraw switch',
    content: JSON.stringify({
      enable: true,
      message: 'Withdrawals are temporarily unavailable. Please try again later.',
    }),
  },
];

type ItemSeed = {
  slug: string;
  position: number;
  title: string;
  url: string;
  image: string;
  content?: string;
  sort: number;
  translations?: Translations;
};
type AdvertSeed = ItemSeed & { season?: 'always' | 'christmas' };

const t = (fr: string, pt: string, sw: string): Translations => ({
  fr: { title: fr },
  pt: { title: pt },
  sw: { title: sw },
});

/**
 * Every entry leads to a built page (collect cards, lucky refund and the lottery since issue 16; the VIP
 * Club's entry carries the HOOK-VIP mark, spec §3): a menu entry leads to a working page or is not there
 * (docs/decisions.md, "The demo content
 * promises only what the product does"; the seed's test checks every url against the app's routes).
 */
export const MENUS: ItemSeed[] = [
  {
    slug: 'home-promotions',
    position: POSITION.HOME_MENU,
    title: 'Promotions',
    url: '/promotion',
    image: '/statics/menus/promotions.webp',
    sort: 1,
    translations: t('Promotions', 'Promoções', 'Ofa'),
  },
  {
    slug: 'home-cash-rain',
    position: POSITION.HOME_MENU,
    title: 'Cash Rain',
    url: '/activities/cash-rain',
    image: '/statics/menus/cash-rain.webp',
    sort: 3,
    translations: t("Pluie d'argent", 'Chuva de dinheiro', 'Mvua ya Pesa'),
  },
  {
    slug: 'home-invite',
    position: POSITION.HOME_MENU,
    title: 'Invite',
    url: '/activities/refer-friend/1',
    image: '/statics/menus/invite.webp',
    sort: 4,
    translations: t('Inviter', 'Convidar', 'Alika'),
  },
  // Issue 16 §2: lucky refund's rounds and the Saturday raffle's jackpot.
  {
    slug: 'home-lucky-refund',
    position: POSITION.HOME_MENU,
    title: 'Lucky Refund',
    url: '/activities/lucky-refund/index',
    image: '/statics/menus/jackpot.webp',
    sort: 5,
    translations: t('Remboursement chanceux', 'Reembolso da sorte', 'Marejesho ya Bahati'),
  },
  {
    slug: 'home-daily-bonus',
    position: POSITION.HOME_MENU,
    title: 'Daily Bonus',
    url: '/activities/daily-bonus',
    image: '/statics/menus/daily-bonus.webp',
    sort: 6,
    translations: t('Bonus du jour', 'Bônus diário', 'Bonasi ya kila siku'),
  },
  {
    slug: 'home-coin-spin',
    position: POSITION.HOME_MENU,
    title: 'Coin Spin',
    url: '/games/coin-spin/1',
    image: '/statics/menus/coin-spin.webp',
    sort: 7,
    translations: t('Roue des pièces', 'Roleta de moedas', 'Gurudumu la Sarafu'),
  },
  {
    slug: 'home-diamond-tasks',
    position: POSITION.HOME_MENU,
    title: 'Diamond Tasks',
    url: '/diamond/tasks',
    image: '/statics/menus/diamonds.webp',
    sort: 8,
    translations: t('Missions diamants', 'Tarefas de diamantes', 'Kazi za almasi'),
  },
  {
    slug: 'home-diamond-spin',
    position: POSITION.HOME_MENU,
    title: 'Diamond Spin',
    url: '/diamond/spin',
    image: '/statics/menus/coin-spin.webp',
    sort: 9,
    translations: t('Roue des diamants', 'Roleta de diamantes', 'Gurudumu la almasi'),
  },
  {
    slug: 'home-diamond-exchange',
    position: POSITION.HOME_MENU,
    title: 'Exchange',
    url: '/diamond/exchange',
    image: '/statics/menus/cashback.webp',
    sort: 10,
    translations: t('Échange', 'Troca', 'Badilisha'),
  },
  {
    slug: 'home-vip',
    position: POSITION.HOME_MENU,
    title: 'VIP Club',
    url: '/subscriber/memberCenter',
    image: '/statics/menus/vip.webp',
    sort: 12,
    // Spec §3: the menu entry whose content is HOOK-VIP marks the VIP link.
    content: VIP_MENU_HOOK,
    translations: t('Club VIP', 'Clube VIP', 'Klabu ya VIP'),
  },
  {
    slug: 'home-messages',
    position: POSITION.HOME_MENU,
    title: 'Messages',
    url: '/member/messages',
    image: '/statics/menus/messages.webp',
    sort: 11,
    translations: t('Messages', 'Mensagens', 'Ujumbe'),
  },
  {
    slug: 'home-mall',
    position: POSITION.HOME_MENU,
    title: 'Mall',
    url: '/mall',
    image: '/statics/menus/mall.webp',
    sort: 12,
    translations: t('Boutique', 'Loja', 'Duka'),
  },
  // Issue 16 §3: collect-cards (visitors see the activity; drawing asks them to log in). Behind More.
  {
    slug: 'home-collect-cards',
    position: POSITION.HOME_MENU,
    title: 'Collect Cards',
    url: '/activities/collect-cards',
    image: '/statics/menus/collect-cards.webp',
    sort: 13,
    translations: t('Collection de cartes', 'Coleção de cartas', 'Kusanya kadi'),
  },
  {
    slug: 'home2-crash',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Crash',
    url: '/home',
    image: '/statics/menus/crash.webp',
    sort: 1,
    translations: t('Crash', 'Crash', 'Crash'),
  },
  {
    slug: 'home2-slots',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Slots',
    url: '/home',
    image: '/statics/menus/slots.webp',
    sort: 2,
    translations: t('Machines à sous', 'Caça-níqueis', 'Sloti'),
  },
  {
    slug: 'home2-dice',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Dice',
    url: '/home',
    image: '/statics/menus/dice.webp',
    sort: 3,
    translations: t('Dés', 'Dados', 'Kete'),
  },
  {
    slug: 'home2-mines',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Mines',
    url: '/home',
    image: '/statics/menus/mines.webp',
    sort: 4,
    translations: t('Mines', 'Minas', 'Mabomu'),
  },
  {
    slug: 'me-deposit-records',
    position: POSITION.PROFILE_MENU,
    title: 'Deposit records',
    url: '/account/records/deposit',
    image: '/statics/menus/deposit-records.webp',
    sort: 1,
    translations: t('Historique des dépôts', 'Histórico de depósitos', 'Rekodi za kuweka pesa'),
  },
  {
    slug: 'me-withdraw-records',
    position: POSITION.PROFILE_MENU,
    title: 'Withdrawal records',
    url: '/account/records/withdraw',
    image: '/statics/menus/withdraw-records.webp',
    sort: 2,
    translations: t('Historique des retraits', 'Histórico de saques', 'Rekodi za kutoa pesa'),
  },
  {
    slug: 'me-game-records',
    position: POSITION.PROFILE_MENU,
    title: 'Game records',
    url: '/me/game-records',
    image: '/statics/menus/game-records.webp',
    sort: 3,
    translations: t('Historique de jeu', 'Histórico de jogos', 'Rekodi za michezo'),
  },
  {
    slug: 'me-kyc',
    position: POSITION.PROFILE_MENU,
    title: 'Verify identity',
    url: '/me/settings/kyc',
    image: '/statics/menus/kyc.webp',
    sort: 4,
    translations: t("Vérifier l'identité", 'Verificar identidade', 'Thibitisha utambulisho'),
  },
  {
    slug: 'me-faq',
    position: POSITION.PROFILE_MENU,
    title: 'FAQ',
    url: '/me/faq',
    image: '/statics/menus/faq.webp',
    sort: 5,
    translations: t('FAQ', 'Perguntas frequentes', 'Maswali'),
  },
  {
    slug: 'me-support',
    position: POSITION.PROFILE_MENU,
    title: 'Customer support',
    url: '/supports',
    image: '/statics/menus/support.webp',
    sort: 6,
    translations: t('Service client', 'Atendimento', 'Huduma kwa wateja'),
  },
  {
    slug: 'me-licence',
    position: POSITION.PROFILE_MENU,
    title: 'Licence',
    url: '/me/settings/license',
    image: '/statics/menus/licence.webp',
    sort: 7,
    translations: t('Licence', 'Licença', 'Leseni'),
  },
  {
    slug: 'me-settings',
    position: POSITION.PROFILE_MENU,
    title: 'Settings',
    url: '/me/settings',
    image: '/statics/menus/settings.webp',
    sort: 8,
    translations: t('Paramètres', 'Configurações', 'Mipangilio'),
  },
  {
    slug: 'promo-all',
    position: POSITION.PROMOTION_MENU,
    title: 'All',
    url: '/promotion',
    image: '/statics/menus/all-promotions.webp',
    sort: 1,
    translations: t('Toutes', 'Todas', 'Zote'),
  },
  // `/promotion?tag=…` filters the promotion images by the tags in their `content` (docs/promotions.md).
  {
    slug: 'promo-daily-tag',
    position: POSITION.PROMOTION_MENU,
    title: 'Every day',
    url: '/promotion?tag=daily',
    image: '/statics/menus/daily-bonus.webp',
    sort: 2,
    translations: t('Chaque jour', 'Todo dia', 'Kila siku'),
  },
  {
    slug: 'promo-diamonds-tag',
    position: POSITION.PROMOTION_MENU,
    title: 'Diamonds',
    url: '/promotion?tag=diamonds',
    image: '/statics/menus/diamonds.webp',
    sort: 3,
    translations: t('Diamants', 'Diamantes', 'Almasi'),
  },
  {
    slug: 'promo-coins-tag',
    position: POSITION.PROMOTION_MENU,
    title: 'Coins',
    url: '/promotion?tag=coins',
    image: '/statics/menus/coin-spin.webp',
    sort: 4,
    translations: t('Pièces', 'Moedas', 'Sarafu'),
  },
  // Issue 15 §3: the weekly cash back page (members; a visitor is asked to log in).
  {
    slug: 'promo-cash-back',
    position: POSITION.PROMOTION_MENU,
    title: 'Cash back',
    url: '/subscriber/cashBack',
    image: '/statics/menus/cashback.webp',
    sort: 5,
    translations: t('Cashback', 'Cashback', 'Cashback'),
  },
  // Issue 16 §4 §5: the 6+1 lottery and the cash draw (their pages say so where the market turns them off).
  {
    slug: 'promo-lottery',
    position: POSITION.PROMOTION_MENU,
    title: '6+1 Lottery',
    url: '/lottery',
    image: '/statics/menus/lottery.webp',
    sort: 7,
    translations: t('Loto 6+1', 'Loteria 6+1', 'Bahati Nasibu 6+1'),
  },
  {
    slug: 'promo-cash-draw',
    position: POSITION.PROMOTION_MENU,
    title: 'Cash draw',
    url: '/cash-draw',
    image: '/statics/menus/cash-draw.webp',
    sort: 8,
    translations: t('Tirage cash', 'Sorteio em dinheiro', 'Droo ya pesa'),
  },
  {
    slug: 'promo-collect-cards',
    position: POSITION.PROMOTION_MENU,
    title: 'Collect cards',
    url: '/activities/collect-cards',
    image: '/statics/menus/collect-cards.webp',
    sort: 6,
    translations: t('Collection de cartes', 'Coleção de cartas', 'Kusanya kadi'),
  },
  {
    slug: 'promo-lucky-refund',
    position: POSITION.PROMOTION_MENU,
    title: 'Lucky Refund',
    url: '/activities/lucky-refund/index',
    image: '/statics/menus/jackpot.webp',
    sort: 9,
    translations: t('Remboursement chanceux', 'Reembolso da sorte', 'Marejesho ya Bahati'),
  },
];

/**
 * The package the coin adverts name, with its own figures: an advert never promises other coins than the
 * package pays (it once said "get 50 free coins" for a package paying 80).
 */
const ADVERTISED_PACKAGE = PAY_ITEMS.filter((item) => item.hot).at(-1) ?? PAY_ITEMS[0]!;
const kenya = COUNTRY_PROFILES.KE;
const kes = (minorUnits: number) =>
  formatMoney(minorUnits, { scale: kenya.scale, decimals: kenya.decimals, locale: kenya.locale });
const PACKAGE_PAY = kes(ADVERTISED_PACKAGE.pay_money);
const PACKAGE_COINS = kes(ADVERTISED_PACKAGE.coins ?? 0);

type PromotionPageSeed = {
  id: number;
  slug: string;
  title: string;
  image: string;
  description: string;
  rules: string;
  url: string;
  action: string;
  sort: number;
  /** The promotion images' menu filters this page's image is under (`/promotion?tag=…`). */
  tags: string;
  translations: Translations;
};

type PromoTexts = { title: string; description: string; rules: string; action: string };
const promo = (fr: PromoTexts, pt: PromoTexts, sw: PromoTexts): Translations => ({ fr, pt, sw });

/**
 * The promotion pages (`/activities/promotion/{id}`) of the programmes issue 14 built, each with its own
 * image on the promotion tab (900103). Fixed ids, so the adverts can lead to them; no figures, which are
 * the operator's settings and shown by each programme's own screen.
 */
const PROMOTION_PAGE_TEXTS: PromotionPageSeed[] = [
  {
    id: 1,
    slug: 'daily-bonus',
    title: 'Daily Bonus',
    image: '/statics/adverts/promotion-daily-bonus.svg',
    description:
      'Check in once a day to collect coins. Each day of the seven-day cycle has its own reward, and the seventh is the biggest.',
    rules:
      '1. One check-in per day. The day starts at midnight, Nairobi time.\n\n2. Checking in on consecutive days moves you along the seven-day cycle. Missing a day starts the cycle again from day 1.\n\n3. Coins are credited to your account at once.\n\n4. Once you have checked in, the coin spin is one tap away.',
    url: '/activities/daily-bonus',
    action: 'Check in',
    sort: 1,
    tags: 'daily,coins',
    translations: promo(
      {
        title: 'Bonus du jour',
        description:
          'Connectez-vous une fois par jour pour recevoir des pièces. Chaque jour du cycle de sept jours a sa récompense, et le septième est le plus généreux.',
        rules:
          '1. Une connexion par jour. La journée commence à minuit, heure de Nairobi.\n\n2. Se connecter des jours consécutifs fait avancer le cycle de sept jours. Un jour manqué fait recommencer le cycle au jour 1.\n\n3. Les pièces sont créditées sur votre compte immédiatement.\n\n4. Une fois connecté, la roue des pièces est à portée de main.',
        action: 'Me connecter',
      },
      {
        title: 'Bônus diário',
        description:
          'Faça check-in uma vez por dia para ganhar moedas. Cada dia do ciclo de sete dias tem sua recompensa, e o sétimo é o maior.',
        rules:
          '1. Um check-in por dia. O dia começa à meia-noite, horário de Nairóbi.\n\n2. Fazer check-in em dias seguidos avança o ciclo de sete dias. Perder um dia reinicia o ciclo no dia 1.\n\n3. As moedas são creditadas na sua conta na hora.\n\n4. Depois do check-in, a roleta de moedas está a um toque.',
        action: 'Fazer check-in',
      },
      {
        title: 'Bonasi ya kila siku',
        description:
          'Ingia mara moja kila siku upokee sarafu. Kila siku ya mzunguko wa siku saba ina zawadi yake, na ya saba ndiyo kubwa zaidi.',
        rules:
          '1. Kuingia mara moja kwa siku. Siku inaanza saa sita usiku, saa za Nairobi.\n\n2. Kuingia siku mfululizo kunakusogeza mbele katika mzunguko wa siku saba. Ukikosa siku moja, mzunguko unaanza upya kuanzia siku ya 1.\n\n3. Sarafu zinawekwa kwenye akaunti yako papo hapo.\n\n4. Ukishaingia, Gurudumu la Sarafu liko mguso mmoja tu.',
        action: 'Ingia leo',
      },
    ),
  },
  {
    id: 2,
    slug: 'coin-spin',
    title: 'Coin Spin',
    image: '/statics/adverts/promotion-coin-spin.svg',
    description:
      'Spin the prize wheel to win coins. Every spin is provably fair: you can check its outcome in the fairness verifier.',
    rules:
      '1. Log in to spin.\n\n2. The prizes on the wheel and their chances are published with the wheel.\n\n3. Each outcome comes from the server seed, your seed and the spin number, and can be verified after the seed is revealed.\n\n4. Coins won are credited at once.',
    url: '/games/coin-spin/1',
    action: 'Spin',
    sort: 2,
    tags: 'daily,coins',
    translations: promo(
      {
        title: 'Roue des pièces',
        description:
          'Tournez la roue pour gagner des pièces. Chaque tour est équitable et vérifiable : vous pouvez contrôler son résultat dans le vérificateur.',
        rules:
          '1. Connectez-vous pour tourner la roue.\n\n2. Les lots de la roue et leurs chances sont publiés avec la roue.\n\n3. Chaque résultat découle de la graine du serveur, de votre graine et du numéro du tour, et peut être vérifié une fois la graine révélée.\n\n4. Les pièces gagnées sont créditées immédiatement.',
        action: 'Tourner',
      },
      {
        title: 'Roleta de moedas',
        description:
          'Gire a roleta para ganhar moedas. Cada giro é comprovadamente justo: você pode conferir o resultado no verificador.',
        rules:
          '1. Entre na sua conta para girar.\n\n2. Os prêmios da roleta e suas chances são publicados com a roleta.\n\n3. Cada resultado vem da semente do servidor, da sua semente e do número do giro, e pode ser verificado depois que a semente é revelada.\n\n4. As moedas ganhas são creditadas na hora.',
        action: 'Girar',
      },
      {
        title: 'Gurudumu la Sarafu',
        description:
          'Zungusha gurudumu la zawadi ujishindie sarafu. Kila mzunguko ni wa haki inayothibitishwa: unaweza kukagua matokeo yake kwenye kithibitishaji.',
        rules:
          '1. Ingia kwenye akaunti yako ili uzungushe.\n\n2. Zawadi za gurudumu na nafasi zake zinatangazwa pamoja na gurudumu.\n\n3. Kila matokeo yanatokana na mbegu ya seva, mbegu yako na nambari ya mzunguko, na yanaweza kuthibitishwa mbegu ikishafichuliwa.\n\n4. Sarafu unazoshinda zinawekwa papo hapo.',
        action: 'Zungusha',
      },
    ),
  },
  {
    id: 3,
    slug: 'cash-rain',
    title: 'Cash Rain',
    image: '/statics/adverts/promotion-cash-rain.svg',
    description:
      'At set times each day the rain opens for a few minutes. Tap the falling drops for 15 seconds and open your gift.',
    rules:
      '1. The rain times of the day are shown on the cash rain page: Grab Now while one is open.\n\n2. One try per member in each rain.\n\n3. Each rain shares a budget among the players who take part; a gift may be cash, coins, diamonds or a try-again.\n\n4. Log in to take part.',
    url: '/activities/cash-rain',
    action: 'Grab now',
    sort: 3,
    tags: 'daily',
    translations: promo(
      {
        title: "Pluie d'argent",
        description:
          'À heures fixes chaque jour, la pluie s’ouvre pendant quelques minutes. Touchez les gouttes qui tombent pendant 15 secondes et ouvrez votre cadeau.',
        rules:
          '1. Les horaires de la journée sont affichés sur la page de la pluie d’argent : « Attraper » tant qu’une pluie est ouverte.\n\n2. Un essai par membre à chaque pluie.\n\n3. Chaque pluie partage un budget entre les joueurs qui y participent ; un cadeau peut être de l’argent, des pièces, des diamants ou « réessayez ».\n\n4. Connectez-vous pour participer.',
        action: 'Attraper',
      },
      {
        title: 'Chuva de dinheiro',
        description:
          'Em horários fixos todos os dias, a chuva abre por alguns minutos. Toque nas gotas que caem por 15 segundos e abra seu presente.',
        rules:
          '1. Os horários do dia aparecem na página da chuva de dinheiro: « Pegar agora » enquanto uma chuva estiver aberta.\n\n2. Uma tentativa por membro em cada chuva.\n\n3. Cada chuva divide um orçamento entre os jogadores que participam; um presente pode ser dinheiro, moedas, diamantes ou « tente de novo ».\n\n4. Entre na sua conta para participar.',
        action: 'Pegar agora',
      },
      {
        title: 'Mvua ya Pesa',
        description:
          'Kwa nyakati maalum kila siku mvua inafunguka kwa dakika chache. Gusa matone yanayoanguka kwa sekunde 15 kisha ufungue zawadi yako.',
        rules:
          '1. Nyakati za mvua za siku zinaonyeshwa kwenye ukurasa wa Mvua ya Pesa: « Chukua sasa » wakati mvua iko wazi.\n\n2. Jaribio moja kwa kila mwanachama katika kila mvua.\n\n3. Kila mvua inagawa bajeti kati ya wachezaji wanaoshiriki; zawadi inaweza kuwa pesa, sarafu, almasi au « jaribu tena ».\n\n4. Ingia kwenye akaunti yako ili ushiriki.',
        action: 'Chukua sasa',
      },
    ),
  },
  {
    id: 4,
    slug: 'diamond-tasks',
    title: 'Diamond Tasks',
    image: '/statics/adverts/promotion-diamond-tasks.svg',
    description:
      'Complete tasks by playing and collect diamonds for each one. Your progress counts the bets of every game.',
    rules:
      '1. Tasks are done in order: the next one opens when you collect the last.\n\n2. A task shows its progress; tap Receive when it is complete.\n\n3. Each task pays its diamonds once.\n\n4. Log in to see your tasks.',
    url: '/diamond/tasks',
    action: 'See my tasks',
    sort: 4,
    tags: 'diamonds',
    translations: promo(
      {
        title: 'Missions diamants',
        description:
          'Accomplissez des missions en jouant et recevez des diamants pour chacune. Votre progression compte les mises de tous les jeux.',
        rules:
          '1. Les missions se font dans l’ordre : la suivante s’ouvre quand vous recevez la précédente.\n\n2. Une mission affiche sa progression ; touchez Recevoir quand elle est terminée.\n\n3. Chaque mission paie ses diamants une seule fois.\n\n4. Connectez-vous pour voir vos missions.',
        action: 'Voir mes missions',
      },
      {
        title: 'Tarefas de diamantes',
        description:
          'Complete tarefas jogando e receba diamantes por cada uma. Seu progresso conta as apostas de todos os jogos.',
        rules:
          '1. As tarefas são feitas em ordem: a próxima abre quando você recebe a anterior.\n\n2. Cada tarefa mostra seu progresso; toque em Receber quando estiver completa.\n\n3. Cada tarefa paga seus diamantes uma única vez.\n\n4. Entre na sua conta para ver suas tarefas.',
        action: 'Ver minhas tarefas',
      },
      {
        title: 'Kazi za almasi',
        description:
          'Kamilisha kazi kwa kucheza na upokee almasi kwa kila moja. Maendeleo yako yanahesabu beti za kila mchezo.',
        rules:
          '1. Kazi zinafanywa kwa mpangilio: inayofuata inafunguka ukipokea ya mwisho.\n\n2. Kila kazi inaonyesha maendeleo yake; gusa Pokea ikikamilika.\n\n3. Kila kazi inalipa almasi zake mara moja tu.\n\n4. Ingia kwenye akaunti yako uone kazi zako.',
        action: 'Angalia kazi zangu',
      },
    ),
  },
  {
    id: 5,
    slug: 'diamond-spin',
    title: 'Diamond Spin',
    image: '/statics/adverts/promotion-diamond-spin.svg',
    description:
      'Spend diamonds on the prize wheel. Every spin is provably fair and drawn from a prize pool published each day.',
    rules:
      '1. Each spin costs the diamonds shown on the wheel.\n\n2. The day’s prize pool is published with the wheel.\n\n3. Each outcome can be checked in the fairness verifier.\n\n4. The wheel cannot be closed while it is spinning.',
    url: '/diamond/spin',
    action: 'Spin',
    sort: 5,
    tags: 'diamonds',
    translations: promo(
      {
        title: 'Roue des diamants',
        description:
          'Dépensez des diamants sur la roue des lots. Chaque tour est équitable et vérifiable, tiré d’un lot de prix publié chaque jour.',
        rules:
          '1. Chaque tour coûte les diamants indiqués sur la roue.\n\n2. Les lots du jour sont publiés avec la roue.\n\n3. Chaque résultat peut être contrôlé dans le vérificateur.\n\n4. La roue ne peut pas être fermée pendant qu’elle tourne.',
        action: 'Tourner',
      },
      {
        title: 'Roleta de diamantes',
        description:
          'Use diamantes na roleta de prêmios. Cada giro é comprovadamente justo e sorteado de um conjunto de prêmios publicado todo dia.',
        rules:
          '1. Cada giro custa os diamantes mostrados na roleta.\n\n2. Os prêmios do dia são publicados com a roleta.\n\n3. Cada resultado pode ser conferido no verificador.\n\n4. A roleta não pode ser fechada enquanto gira.',
        action: 'Girar',
      },
      {
        title: 'Gurudumu la almasi',
        description:
          'Tumia almasi kwenye gurudumu la zawadi. Kila mzunguko ni wa haki inayothibitishwa na unachaguliwa kutoka kwa hazina ya zawadi inayotangazwa kila siku.',
        rules:
          '1. Kila mzunguko unagharimu almasi zinazoonyeshwa kwenye gurudumu.\n\n2. Hazina ya zawadi ya siku inatangazwa pamoja na gurudumu.\n\n3. Kila matokeo yanaweza kukaguliwa kwenye kithibitishaji.\n\n4. Gurudumu haliwezi kufungwa likiwa linazunguka.',
        action: 'Zungusha',
      },
    ),
  },
  {
    id: 6,
    slug: 'diamond-exchange',
    title: 'Diamond Exchange',
    image: '/statics/adverts/promotion-diamond-exchange.svg',
    description: 'Turn your diamonds into cash in your balance, at the rates shown on the exchange page.',
    rules:
      '1. Choose an option on the exchange page; its diamonds are taken and its cash credited in one step.\n\n2. Exchanged cash can be played or withdrawn.\n\n3. Log in to exchange.',
    url: '/diamond/exchange',
    action: 'Exchange',
    sort: 6,
    tags: 'diamonds',
    translations: promo(
      {
        title: 'Échange de diamants',
        description:
          'Transformez vos diamants en argent sur votre solde, aux taux affichés sur la page d’échange.',
        rules:
          '1. Choisissez une option sur la page d’échange ; ses diamants sont retirés et son argent crédité en une seule fois.\n\n2. L’argent échangé peut être joué ou retiré.\n\n3. Connectez-vous pour échanger.',
        action: 'Échanger',
      },
      {
        title: 'Troca de diamantes',
        description: 'Troque seus diamantes por dinheiro no saldo, nas taxas mostradas na página de troca.',
        rules:
          '1. Escolha uma opção na página de troca; os diamantes são descontados e o dinheiro creditado de uma só vez.\n\n2. O dinheiro trocado pode ser jogado ou sacado.\n\n3. Entre na sua conta para trocar.',
        action: 'Trocar',
      },
      {
        title: 'Badilisha almasi',
        description:
          'Geuza almasi zako kuwa pesa kwenye salio lako, kwa viwango vinavyoonyeshwa kwenye ukurasa wa kubadilisha.',
        rules:
          '1. Chagua chaguo kwenye ukurasa wa kubadilisha; almasi zake zinatolewa na pesa zake zinawekwa kwa hatua moja.\n\n2. Pesa ulizobadilisha zinaweza kuchezewa au kutolewa.\n\n3. Ingia kwenye akaunti yako ili ubadilishe.',
        action: 'Badilisha',
      },
    ),
  },
  {
    id: 7,
    slug: 'giveaway',
    title: 'Giveaway',
    image: '/statics/adverts/promotion-giveaway.svg',
    description:
      'Received a gift link on your phone? Register with that mobile number and the gift is yours.',
    rules:
      '1. The gift is for new players: register with the mobile number the gift was sent to.\n\n2. Each gift is received once.\n\n3. The gift is credited as soon as your account is created.',
    url: '/activities/giveaway/1',
    action: 'Get my gift',
    sort: 7,
    tags: '',
    translations: promo(
      {
        title: 'Cadeau',
        description:
          'Vous avez reçu un lien cadeau sur votre téléphone ? Inscrivez-vous avec ce numéro de mobile et le cadeau est à vous.',
        rules:
          '1. Le cadeau est réservé aux nouveaux joueurs : inscrivez-vous avec le numéro de mobile auquel il a été envoyé.\n\n2. Chaque cadeau n’est reçu qu’une fois.\n\n3. Le cadeau est crédité dès la création de votre compte.',
        action: 'Recevoir mon cadeau',
      },
      {
        title: 'Presente',
        description:
          'Recebeu um link de presente no celular? Cadastre-se com esse número e o presente é seu.',
        rules:
          '1. O presente é para novos jogadores: cadastre-se com o número de celular para o qual ele foi enviado.\n\n2. Cada presente é recebido uma única vez.\n\n3. O presente é creditado assim que sua conta é criada.',
        action: 'Receber meu presente',
      },
      {
        title: 'Zawadi',
        description:
          'Umepokea kiungo cha zawadi kwenye simu yako? Jisajili kwa nambari hiyo ya simu na zawadi ni yako.',
        rules:
          '1. Zawadi ni kwa wachezaji wapya: jisajili kwa nambari ya simu ambayo zawadi ilitumwa.\n\n2. Kila zawadi inapokelewa mara moja tu.\n\n3. Zawadi inawekwa mara tu akaunti yako inapofunguliwa.',
        action: 'Pokea zawadi yangu',
      },
    ),
  },
];

/** Each page with its image in the player's language (demo-art.ts). */
export const PROMOTION_PAGES: PromotionPageSeed[] = PROMOTION_PAGE_TEXTS.map((page) =>
  withLocalisedArt(page, ['image']),
);

/** Each promotion page's image on the promotion tab, leading to its page. */
const PROMOTION_IMAGES: AdvertSeed[] = PROMOTION_PAGES.map((page) => ({
  slug: `promotion-image-${page.slug}`,
  position: POSITION.PROMOTION_IMAGES,
  title: page.title,
  url: `/activities/promotion/${page.id}`,
  image: page.image,
  content: page.tags,
  sort: page.sort,
  translations: {
    fr: { title: page.translations.fr?.title ?? page.title },
    pt: { title: page.translations.pt?.title ?? page.title },
    sw: { title: page.translations.sw?.title ?? page.title },
  },
}));

/**
 * Every advert says only what the product does today: no welcome bonus, cash back, spins, draws or
 * events that nothing pays (docs/decisions.md, "The demo content promises only what the product does").
 */
const ADVERT_TEXTS: AdvertSeed[] = [
  ...PROMOTION_IMAGES,
  {
    slug: 'home-swipe-christmas-greetings',
    position: POSITION.HOME_SWIPE,
    title: 'Merry Christmas and happy holidays',
    url: '/publicize/christmas',
    image: '/statics/adverts/home-swipe-christmas.svg',
    sort: 0,
    season: 'christmas',
    translations: t(
      'Joyeux Noël et bonnes fêtes',
      'Feliz Natal e boas festas',
      'Heri ya Krismasi na sikukuu njema',
    ),
  },
  {
    slug: 'home-swipe-package-coins',
    position: POSITION.HOME_SWIPE,
    title: `Deposit ${kenya.currencySymbol} ${PACKAGE_PAY}, get ${PACKAGE_COINS} coins`,
    url: '/deposit',
    image: '/statics/adverts/home-swipe-coins.svg',
    sort: 1,
    translations: t(
      `Déposez ${PACKAGE_PAY} ${kenya.currencySymbol}, recevez ${PACKAGE_COINS} pièces`,
      `Deposite ${kenya.currencySymbol} ${PACKAGE_PAY} e ganhe ${PACKAGE_COINS} moedas`,
      `Weka pesa ${kenya.currencySymbol} ${PACKAGE_PAY}, upate sarafu ${PACKAGE_COINS}`,
    ),
  },
  {
    slug: 'home-swipe-crash',
    position: POSITION.HOME_SWIPE,
    title: 'Crash: cash out before it flies away',
    url: '/home',
    image: '/statics/adverts/home-swipe-crash.svg',
    sort: 3,
    translations: t(
      "Crash : encaissez avant l'envol",
      'Crash: saque antes que ele voe',
      'Crash: chukua kabla haijapaa mbali',
    ),
  },
  {
    slug: 'sponsor-savanna-united',
    position: POSITION.HOME_SPONSORS,
    title: 'Savanna United FC',
    url: '',
    image: '/statics/adverts/sponsor-savanna-united.webp',
    sort: 1,
  },
  {
    slug: 'sponsor-rift-valley-runners',
    position: POSITION.HOME_SPONSORS,
    title: 'Rift Valley Runners',
    url: '',
    image: '/statics/adverts/sponsor-rift-valley-runners.webp',
    sort: 2,
  },
  {
    slug: 'sponsor-coast-stars',
    position: POSITION.HOME_SPONSORS,
    title: 'Coast Stars',
    url: '',
    image: '/statics/adverts/sponsor-coast-stars.webp',
    sort: 3,
  },
  {
    slug: 'sponsor-lakeside-rugby',
    position: POSITION.HOME_SPONSORS,
    title: 'Lakeside Rugby Club',
    url: '',
    image: '/statics/adverts/sponsor-lakeside-rugby.webp',
    sort: 4,
  },
  {
    slug: 'floating-coin-spin',
    position: POSITION.FLOATING,
    title: 'Coin Spin: spin the wheel for coins',
    url: '/games/coin-spin/1',
    image: '/statics/adverts/floating-coin-spin.webp',
    sort: 1,
    translations: t(
      'Roue des pièces : tournez la roue',
      'Roleta de moedas: gire a roleta',
      'Gurudumu la Sarafu: zungusha upate sarafu',
    ),
  },
  {
    slug: 'popup-register',
    position: POSITION.HOME_POPUP,
    title: 'Register with your mobile number in a minute',
    url: '/register',
    image: '/statics/adverts/popup-register.webp',
    sort: 1,
    translations: t(
      'Inscrivez-vous en une minute avec votre numéro de mobile',
      'Cadastre-se em um minuto com seu número de celular',
      'Jisajili kwa dakika moja ukitumia nambari yako ya simu',
    ),
  },
  {
    slug: 'deposit-swipe-mpesa',
    position: POSITION.DEPOSIT_SWIPE,
    title: 'Deposit instantly with M-PESA',
    url: '/deposit',
    image: '/statics/adverts/deposit-swipe-mpesa.svg',
    sort: 1,
    translations: t(
      'Déposez instantanément avec M-PESA',
      'Deposite na hora com M-PESA',
      'Weka pesa papo hapo kwa M-PESA',
    ),
  },
  {
    slug: 'deposit-swipe-package-coins',
    position: POSITION.DEPOSIT_SWIPE,
    title: 'Every package adds coins',
    url: '/deposit',
    image: '/statics/adverts/deposit-swipe-coins.svg',
    sort: 2,
    translations: t(
      'Chaque forfait ajoute des pièces',
      'Todo pacote dá moedas',
      'Kila kifurushi kinaongeza sarafu',
    ),
  },
  {
    slug: 'deposit-popup-package-coins',
    position: POSITION.DEPOSIT_POPUP,
    title: `Deposit ${kenya.currencySymbol} ${PACKAGE_PAY}, get ${PACKAGE_COINS} coins`,
    // Shown on the deposit page: it picks its package there rather than leading back to the same page.
    url: `/deposit?amount=${ADVERTISED_PACKAGE.pay_money}`,
    image: '/statics/adverts/deposit-popup-coins.svg',
    sort: 1,
    translations: t(
      `Déposez ${PACKAGE_PAY} ${kenya.currencySymbol}, recevez ${PACKAGE_COINS} pièces`,
      `Deposite ${kenya.currencySymbol} ${PACKAGE_PAY} e ganhe ${PACKAGE_COINS} moedas`,
      `Weka pesa ${kenya.currencySymbol} ${PACKAGE_PAY}, upate sarafu ${PACKAGE_COINS}`,
    ),
  },
  {
    slug: 'promotion-popup-daily-bonus',
    position: POSITION.PROMOTION_POPUP,
    title: 'Check in every day and collect coins',
    url: '/activities/promotion/1',
    image: '/statics/adverts/promotion-popup-daily-bonus.svg',
    sort: 1,
    translations: t(
      'Réclamez chaque jour votre bonus en pièces',
      'Faça check-in todo dia e ganhe moedas',
      'Ingia kila siku upate sarafu',
    ),
  },
  // The coin and diamond event information (spec §7: 700101, 700201): what the Me page shows when the
  // player taps their coins or diamonds, and the coins event popup.
  {
    slug: 'coin-event-info',
    position: POSITION.COIN_EVENT_INFO,
    title: 'Coins',
    url: '/promotion?tag=coins',
    image: '/statics/adverts/coins-info.svg',
    content:
      'Coins are bonus money. You get them with deposit packages, the daily sign-in, the coin spin and cash rain. Play them in the games, or exchange them for cash from the Me page. Each promotion’s rules say what it gives.',
    sort: 1,
    translations: {
      fr: {
        title: 'Pièces',
        content:
          'Les pièces sont de l’argent bonus. Vous les obtenez avec les forfaits de dépôt, le bonus du jour, la roue des pièces et la pluie d’argent. Jouez-les dans les jeux, ou échangez-les contre de l’argent depuis la page Moi. Le règlement de chaque promotion dit ce qu’elle donne.',
      },
      pt: {
        title: 'Moedas',
        content:
          'Moedas são dinheiro de bônus. Você as ganha com os pacotes de depósito, o bônus diário, a roleta de moedas e a chuva de dinheiro. Jogue com elas nos jogos ou troque-as por dinheiro na página Eu. As regras de cada promoção dizem o que ela dá.',
      },
      sw: {
        title: 'Sarafu',
        content:
          'Sarafu ni pesa za bonasi. Unazipata kwa vifurushi vya kuweka pesa, bonasi ya kila siku, Gurudumu la Sarafu na Mvua ya Pesa. Zichezee kwenye michezo, au uzibadilishe kuwa pesa kwenye ukurasa wa Mimi. Masharti ya kila ofa yanaeleza inachotoa.',
      },
    },
  },
  {
    slug: 'diamond-event-info',
    position: POSITION.DIAMOND_EVENT_INFO,
    title: 'Diamonds',
    url: '/promotion?tag=diamonds',
    image: '/statics/adverts/diamonds-info.svg',
    content:
      'You collect diamonds by completing tasks, and cash rain can drop some too. Spend them on the diamond spin, or exchange them for cash on the diamond exchange.',
    sort: 1,
    translations: {
      fr: {
        title: 'Diamants',
        content:
          'Vous recevez des diamants en accomplissant des missions, et la pluie d’argent peut aussi en faire tomber. Dépensez-les sur la roue des diamants, ou échangez-les contre de l’argent.',
      },
      pt: {
        title: 'Diamantes',
        content:
          'Você ganha diamantes completando tarefas, e a chuva de dinheiro também pode trazer alguns. Use-os na roleta de diamantes ou troque-os por dinheiro.',
      },
      sw: {
        title: 'Almasi',
        content:
          'Unakusanya almasi kwa kukamilisha kazi, na Mvua ya Pesa inaweza kuleta baadhi pia. Zitumie kwenye gurudumu la almasi, au uzibadilishe kuwa pesa.',
      },
    },
  },
];

/** The adverts, each picture with words in it served in the player's language (demo-art.ts). */
export const ADVERTS: AdvertSeed[] = ADVERT_TEXTS.map((advert) => withLocalisedArt(advert, ['image']));

type FaqSeed = {
  slug: string;
  type: number;
  question: string;
  answer: string;
  sort: number;
  translations: Translations;
};

const qa = (frQ: string, frA: string, ptQ: string, ptA: string, swQ: string, swA: string): Translations => ({
  fr: { question: frQ, answer: frA },
  pt: { question: ptQ, answer: ptA },
  sw: { question: swQ, answer: swA },
});

export const FAQS: FaqSeed[] = [
  {
    slug: 'general-register',
    type: FAQ_TYPE.GENERAL,
    sort: 1,
    question: 'How do I register?',
    answer:
      'Tap Register, enter your mobile number (07… or 01…) and choose a password. We send a 6-digit code by SMS to confirm the number.',
    translations: qa(
      'Comment m’inscrire ?',
      'Touchez S’inscrire, saisissez votre numéro de mobile (07… ou 01…) et choisissez un mot de passe. Nous envoyons un code à 6 chiffres par SMS pour confirmer le numéro.',
      'Como me cadastro?',
      'Toque em Cadastrar, informe seu número de celular (07… ou 01…) e escolha uma senha. Enviamos um código de 6 dígitos por SMS para confirmar o número.',
      'Ninajisajili vipi?',
      'Gusa Jisajili, weka nambari yako ya simu (07… au 01…) na uchague nenosiri. Tutakutumia msimbo wa tarakimu 6 kwa SMS ili kuthibitisha nambari.',
    ),
  },
  {
    slug: 'general-age',
    type: FAQ_TYPE.GENERAL,
    sort: 2,
    question: 'Who can play?',
    answer:
      'Only people aged 18 or older who live in Kenya. We may ask you to verify your identity before a withdrawal.',
    translations: qa(
      'Qui peut jouer ?',
      'Uniquement les personnes de 18 ans ou plus résidant au Kenya. Nous pouvons vous demander de vérifier votre identité avant un retrait.',
      'Quem pode jogar?',
      'Somente pessoas com 18 anos ou mais que moram no Quênia. Podemos pedir que você verifique sua identidade antes de um saque.',
      'Nani anaweza kucheza?',
      'Watu wenye umri wa miaka 18 au zaidi wanaoishi Kenya pekee. Huenda tukakuomba uthibitishe utambulisho wako kabla ya kutoa pesa.',
    ),
  },
  {
    slug: 'general-password',
    type: FAQ_TYPE.GENERAL,
    sort: 3,
    question: 'I forgot my password. What do I do?',
    answer:
      'On the login screen tap Forgot password, enter your number and the SMS code we send, then choose a new password.',
    translations: qa(
      'J’ai oublié mon mot de passe. Que faire ?',
      'Sur l’écran de connexion, touchez Mot de passe oublié, saisissez votre numéro et le code reçu par SMS, puis choisissez un nouveau mot de passe.',
      'Esqueci minha senha. O que faço?',
      'Na tela de login, toque em Esqueci a senha, informe seu número e o código que enviamos por SMS e escolha uma nova senha.',
      'Nimesahau nenosiri langu. Nifanye nini?',
      'Kwenye skrini ya kuingia gusa Umesahau nenosiri, weka nambari yako na msimbo wa SMS tutakaokutumia, kisha uchague nenosiri jipya.',
    ),
  },
  {
    slug: 'general-responsible',
    type: FAQ_TYPE.GENERAL,
    sort: 4,
    question: 'How can I take a break from playing?',
    answer:
      'Go to Me › Settings › Account closure to exclude yourself for a period you choose. You can also call our hotline for help.',
    translations: qa(
      'Comment faire une pause dans le jeu ?',
      'Allez dans Moi › Paramètres › Fermeture du compte pour vous exclure pendant la durée de votre choix. Vous pouvez aussi appeler notre assistance.',
      'Como faço uma pausa no jogo?',
      'Vá em Eu › Configurações › Encerramento da conta para se autoexcluir pelo período que escolher. Você também pode ligar para nosso atendimento.',
      'Ninawezaje kupumzika kucheza?',
      'Nenda Mimi › Mipangilio › Funga akaunti yangu ili ujizuie kwa muda utakaochagua. Unaweza pia kupiga simu kwa nambari yetu ya msaada.',
    ),
  },
  {
    slug: 'deposit-how',
    type: FAQ_TYPE.DEPOSIT,
    sort: 1,
    question: 'How do I deposit with M-PESA?',
    answer:
      'Open Deposit, choose an amount and tap Pay. Enter your M-PESA PIN on the prompt on your phone. The minimum deposit is KES 10.',
    translations: qa(
      'Comment déposer avec M-PESA ?',
      'Ouvrez Dépôt, choisissez un montant et touchez Payer. Saisissez votre code PIN M-PESA dans la fenêtre sur votre téléphone. Le dépôt minimum est de 10 KES.',
      'Como deposito com M-PESA?',
      'Abra Depósito, escolha um valor e toque em Pagar. Digite seu PIN M-PESA no aviso do seu telefone. O depósito mínimo é KES 10.',
      'Ninawekaje pesa kwa M-PESA?',
      'Fungua Weka pesa, chagua kiasi kisha gusa Lipa. Weka PIN yako ya M-PESA kwenye ombi litakalotokea kwenye simu yako. Kiwango cha chini cha kuweka ni KES 10.',
    ),
  },
  {
    slug: 'deposit-missing',
    type: FAQ_TYPE.DEPOSIT,
    sort: 2,
    question: 'I paid but my balance did not change.',
    answer:
      'M-PESA confirmations can take a minute. If your balance is still unchanged after 10 minutes, open the deposit record and submit an appeal with your M-PESA message.',
    translations: qa(
      'J’ai payé mais mon solde n’a pas changé.',
      'La confirmation M-PESA peut prendre une minute. Si votre solde n’a pas changé après 10 minutes, ouvrez l’historique du dépôt et déposez une réclamation avec votre message M-PESA.',
      'Paguei, mas meu saldo não mudou.',
      'A confirmação do M-PESA pode levar um minuto. Se o saldo não mudar após 10 minutos, abra o registro do depósito e envie uma contestação com sua mensagem do M-PESA.',
      'Nimelipa lakini salio langu halijabadilika.',
      'Uthibitisho wa M-PESA unaweza kuchukua dakika moja. Ikiwa salio lako bado halijabadilika baada ya dakika 10, fungua rekodi ya kuweka pesa na uwasilishe rufaa pamoja na ujumbe wako wa M-PESA.',
    ),
  },
  {
    slug: 'withdraw-how',
    type: FAQ_TYPE.WITHDRAW,
    sort: 1,
    question: 'How do I withdraw my winnings?',
    answer:
      'Open Withdraw, enter the amount and confirm. The money is sent to your registered M-PESA number, usually within minutes.',
    translations: qa(
      'Comment retirer mes gains ?',
      'Ouvrez Retrait, saisissez le montant et confirmez. L’argent est envoyé sur votre numéro M-PESA enregistré, généralement en quelques minutes.',
      'Como saco meus ganhos?',
      'Abra Saque, informe o valor e confirme. O dinheiro é enviado ao seu número M-PESA cadastrado, geralmente em minutos.',
      'Ninatoaje pesa nilizoshinda?',
      'Fungua Toa pesa, weka kiasi kisha uthibitishe. Pesa zinatumwa kwenye nambari yako ya M-PESA iliyosajiliwa, kwa kawaida ndani ya dakika chache.',
    ),
  },
  // Answered with the text the tax rules generate (config.service TAX_FAQ_SLUG), whatever is stored.
  {
    slug: 'withdraw-tax',
    type: FAQ_TYPE.WITHDRAW,
    sort: 2,
    question: 'Why is tax deducted from my withdrawal?',
    answer:
      'Kenyan law requires a 20% withholding tax on gaming winnings. We deduct it when you withdraw and pay it to the Kenya Revenue Authority.',
    translations: qa(
      'Pourquoi un impôt est-il déduit de mon retrait ?',
      'La loi kényane impose une retenue de 20 % sur les gains de jeu. Nous la déduisons lors du retrait et la versons à la Kenya Revenue Authority.',
      'Por que há imposto no meu saque?',
      'A lei do Quênia exige 20% de imposto retido na fonte sobre ganhos em jogos. Descontamos no saque e pagamos à Kenya Revenue Authority.',
      'Kwa nini kodi inakatwa ninapotoa pesa?',
      'Sheria ya Kenya inataka kodi ya zuio ya 20% kwenye ushindi wa michezo ya kubahatisha. Tunaikata unapotoa pesa na kuilipa kwa Mamlaka ya Ushuru Kenya (KRA).',
    ),
  },
  {
    slug: 'games-fair',
    type: FAQ_TYPE.GAMES,
    sort: 1,
    question: 'Are the games fair?',
    answer:
      'Our own games are provably fair: every round can be checked with the server seed, your seed and the round number. Each game shows its return to player.',
    translations: qa(
      'Les jeux sont-ils équitables ?',
      'Nos jeux sont équitables et vérifiables : chaque partie peut être contrôlée avec la graine du serveur, votre graine et le numéro de la partie. Chaque jeu affiche son taux de retour au joueur.',
      'Os jogos são justos?',
      'Nossos jogos são comprovadamente justos: cada rodada pode ser verificada com a semente do servidor, a sua semente e o número da rodada. Cada jogo mostra seu retorno ao jogador.',
      'Je, michezo ni ya haki?',
      'Michezo yetu wenyewe ni ya haki inayothibitishwa: kila raundi inaweza kukaguliwa kwa mbegu ya seva, mbegu yako na nambari ya raundi. Kila mchezo unaonyesha kiwango chake cha kurudishiwa mchezaji.',
    ),
  },
  {
    slug: 'games-demo',
    type: FAQ_TYPE.GAMES,
    sort: 2,
    question: 'Can I try a game for free?',
    answer: 'Yes. Tap Demo on a game card to play with demo money. Demo winnings cannot be withdrawn.',
    translations: qa(
      'Puis-je essayer un jeu gratuitement ?',
      'Oui. Touchez Démo sur la carte d’un jeu pour jouer avec de l’argent fictif. Les gains en démo ne peuvent pas être retirés.',
      'Posso testar um jogo de graça?',
      'Sim. Toque em Demo no cartão do jogo para jogar com dinheiro de demonstração. Ganhos em demo não podem ser sacados.',
      'Naweza kujaribu mchezo bure?',
      'Ndiyo. Gusa Demo kwenye kadi ya mchezo ili ucheze kwa pesa za majaribio. Ushindi wa majaribio hauwezi kutolewa.',
    ),
  },
];

type PageSeed = { type: string; title: string; body: string; translations: Translations };

const page = (
  frTitle: string,
  frBody: string,
  ptTitle: string,
  ptBody: string,
  swTitle: string,
  swBody: string,
): Translations => ({
  fr: { title: frTitle, body: frBody },
  pt: { title: ptTitle, body: ptBody },
  sw: { title: swTitle, body: swBody },
});

export const CONTENT_PAGES: PageSeed[] = [
  {
    type: 'about-us',
    title: 'About us',
    body: '{brand} is a Kenyan online casino built for your phone. We offer slots, crash and classic games, instant M-PESA deposits and fast withdrawals.\n\nWe are licensed by the Betting Control and Licensing Board of Kenya and we take fair play and responsible gaming seriously: our own games are provably fair, and you can set limits or take a break at any time.',
    translations: page(
      'À propos de nous',
      '{brand} est un casino en ligne kényan conçu pour votre téléphone. Nous proposons des machines à sous, le crash et des jeux classiques, des dépôts M-PESA instantanés et des retraits rapides.\n\nNous sommes agréés par le Betting Control and Licensing Board du Kenya et prenons au sérieux le jeu équitable et responsable : nos jeux sont équitables et vérifiables, et vous pouvez fixer des limites ou faire une pause à tout moment.',
      'Sobre nós',
      '{brand} é um cassino online queniano feito para o seu celular. Oferecemos caça-níqueis, crash e jogos clássicos, depósitos instantâneos por M-PESA e saques rápidos.\n\nSomos licenciados pelo Betting Control and Licensing Board do Quênia e levamos a sério o jogo justo e responsável: nossos jogos são comprovadamente justos, e você pode definir limites ou fazer uma pausa quando quiser.',
      'Kuhusu sisi',
      '{brand} ni kasino ya mtandaoni ya Kenya iliyoundwa kwa ajili ya simu yako. Tunatoa sloti, crash na michezo ya kawaida, kuweka pesa papo hapo kwa M-PESA na kutoa pesa haraka.\n\nTuna leseni ya Bodi ya Kudhibiti na Kutoa Leseni za Kamari ya Kenya (BCLB) na tunachukulia kwa uzito mchezo wa haki na kucheza kwa kuwajibika: michezo yetu wenyewe ni ya haki inayothibitishwa, na unaweza kuweka vikomo au kupumzika wakati wowote.',
    ),
  },
  {
    type: 'contact-us',
    title: 'Contact us',
    body: 'Our support team is available every day from 7:00 to 23:00 (Nairobi time).\n\nCall 0709 123 456, chat with us on WhatsApp at +254 709 123 456, or e-mail support@{domain}. Please include your registered mobile number so we can help you quickly.',
    translations: page(
      'Nous contacter',
      'Notre équipe d’assistance est disponible tous les jours de 7 h à 23 h (heure de Nairobi).\n\nAppelez le 0709 123 456, écrivez-nous sur WhatsApp au +254 709 123 456 ou par e-mail à support@{domain}. Indiquez votre numéro de mobile enregistré pour que nous puissions vous aider rapidement.',
      'Fale conosco',
      'Nossa equipe de suporte atende todos os dias das 7h às 23h (horário de Nairóbi).\n\nLigue para 0709 123 456, fale conosco no WhatsApp pelo +254 709 123 456 ou envie um e-mail para support@{domain}. Informe seu número de celular cadastrado para agilizar o atendimento.',
      'Wasiliana nasi',
      'Timu yetu ya huduma kwa wateja inapatikana kila siku kuanzia saa 1:00 asubuhi hadi saa 5:00 usiku (saa za Nairobi).\n\nPiga simu 0709 123 456, tuandikie WhatsApp kwa +254 709 123 456, au tuma barua pepe kwa support@{domain}. Tafadhali taja nambari yako ya simu iliyosajiliwa ili tukusaidie haraka.',
    ),
  },
  {
    type: 'how-to-play',
    title: 'How to play',
    body: '1. Register with your mobile number and confirm it with the SMS code.\n\n2. Deposit with M-PESA from the Deposit tab: choose an amount and enter your PIN on your phone.\n\n3. Pick a game on the home screen and tap Play. Try Demo first to learn a game for free.\n\n4. Withdraw your winnings from the Withdraw tab to your M-PESA number.',
    translations: page(
      'Comment jouer',
      '1. Inscrivez-vous avec votre numéro de mobile et confirmez-le avec le code SMS.\n\n2. Déposez avec M-PESA depuis l’onglet Dépôt : choisissez un montant et saisissez votre code PIN sur votre téléphone.\n\n3. Choisissez un jeu sur l’accueil et touchez Jouer. Essayez d’abord la démo pour apprendre gratuitement.\n\n4. Retirez vos gains depuis l’onglet Retrait vers votre numéro M-PESA.',
      'Como jogar',
      '1. Cadastre-se com seu número de celular e confirme com o código SMS.\n\n2. Deposite com M-PESA na aba Depósito: escolha um valor e digite seu PIN no telefone.\n\n3. Escolha um jogo na tela inicial e toque em Jogar. Experimente a demo primeiro para aprender de graça.\n\n4. Saque seus ganhos na aba Saque para o seu número M-PESA.',
      'Jinsi ya kucheza',
      '1. Jisajili kwa nambari yako ya simu na uithibitishe kwa msimbo wa SMS.\n\n2. Weka pesa kwa M-PESA kupitia kichupo cha Weka pesa: chagua kiasi na uweke PIN yako kwenye simu.\n\n3. Chagua mchezo kwenye skrini ya mwanzo kisha gusa Cheza. Jaribu Demo kwanza ujifunze mchezo bure.\n\n4. Toa pesa ulizoshinda kupitia kichupo cha Toa pesa kwenda kwenye nambari yako ya M-PESA.',
    ),
  },
  {
    type: 'responsible-gaming',
    title: 'Responsible gaming',
    body: 'Gambling should be entertainment, never a way to make money. Only play with money you can afford to lose, set yourself a budget and a time limit, and never chase losses.\n\nIf gambling stops being fun, take a break: you can exclude yourself from Me › Settings › Account closure. Free, confidential help is available from our hotline 0709 123 456. Under-18s may not play.',
    translations: page(
      'Jeu responsable',
      'Le jeu doit rester un divertissement, jamais un moyen de gagner de l’argent. Ne jouez qu’avec l’argent que vous pouvez vous permettre de perdre, fixez-vous un budget et une limite de temps, et ne cherchez jamais à vous refaire.\n\nSi le jeu n’est plus un plaisir, faites une pause : vous pouvez vous exclure depuis Moi › Paramètres › Fermeture du compte. Une aide gratuite et confidentielle est disponible au 0709 123 456. Interdit aux moins de 18 ans.',
      'Jogo responsável',
      'Jogar deve ser diversão, nunca uma forma de ganhar dinheiro. Jogue apenas com o que pode perder, defina um orçamento e um limite de tempo e nunca tente recuperar perdas.\n\nSe o jogo deixar de ser divertido, faça uma pausa: você pode se autoexcluir em Eu › Configurações › Encerramento da conta. Ajuda gratuita e confidencial pelo 0709 123 456. Proibido para menores de 18 anos.',
      'Kucheza kwa kuwajibika',
      'Kamari inapaswa kuwa burudani, kamwe si njia ya kutafuta pesa. Cheza tu kwa pesa unazoweza kumudu kupoteza, jiwekee bajeti na kikomo cha muda, na usijaribu kamwe kurudisha pesa ulizopoteza.\n\nKamari ikiacha kuwa burudani, pumzika: unaweza kujizuia kupitia Mimi › Mipangilio › Funga akaunti yangu. Msaada wa bure na wa siri unapatikana kwa nambari yetu ya msaada 0709 123 456. Walio chini ya miaka 18 hawaruhusiwi kucheza.',
    ),
  },
  {
    type: 'terms',
    title: 'Terms and conditions',
    body: 'By registering you confirm that you are 18 or older, that you play for yourself, and that the mobile number you register is yours.\n\nOne account per person. Bonuses carry the conditions shown with each promotion. We may ask for proof of identity before paying out and may close accounts that break these terms.',
    translations: page(
      'Conditions générales',
      'En vous inscrivant, vous confirmez avoir 18 ans ou plus, jouer pour vous-même et être titulaire du numéro de mobile enregistré.\n\nUn compte par personne. Les bonus sont soumis aux conditions indiquées dans chaque promotion. Nous pouvons demander une pièce d’identité avant tout paiement et fermer les comptes qui ne respectent pas ces conditions.',
      'Termos e condições',
      'Ao se cadastrar, você confirma ter 18 anos ou mais, jogar por conta própria e ser o titular do número de celular cadastrado.\n\nUma conta por pessoa. Os bônus seguem as condições mostradas em cada promoção. Podemos pedir comprovante de identidade antes de pagar e encerrar contas que descumpram estes termos.',
      'Sheria na masharti',
      'Kwa kujisajili unathibitisha kuwa una umri wa miaka 18 au zaidi, kwamba unajichezea mwenyewe, na kwamba nambari ya simu unayosajili ni yako.\n\nAkaunti moja kwa kila mtu. Bonasi zina masharti yanayoonyeshwa pamoja na kila ofa. Huenda tukakuomba uthibitisho wa utambulisho kabla ya kulipa na tunaweza kufunga akaunti zinazovunja masharti haya.',
    ),
  },
  {
    type: 'privacy',
    title: 'Privacy policy',
    body: 'We collect your mobile number, your transactions and the identity details you give us, to run your account, pay you and meet our legal duties under the Kenya Data Protection Act, 2019.\n\nWe never sell your data. You may ask for a copy of your data or its correction by writing to support@{domain}.',
    translations: page(
      'Politique de confidentialité',
      'Nous collectons votre numéro de mobile, vos transactions et les informations d’identité que vous nous fournissez, pour gérer votre compte, vous payer et respecter nos obligations légales au titre du Kenya Data Protection Act de 2019.\n\nNous ne vendons jamais vos données. Vous pouvez en demander une copie ou une correction en écrivant à support@{domain}.',
      'Política de privacidade',
      'Coletamos seu número de celular, suas transações e os dados de identidade que você nos fornece, para manter sua conta, pagar você e cumprir nossas obrigações legais segundo a Lei de Proteção de Dados do Quênia de 2019.\n\nNunca vendemos seus dados. Você pode pedir uma cópia ou a correção deles escrevendo para support@{domain}.',
      'Sera ya faragha',
      'Tunakusanya nambari yako ya simu, miamala yako na taarifa za utambulisho unazotupa, ili kuendesha akaunti yako, kukulipa na kutimiza wajibu wetu wa kisheria chini ya Sheria ya Ulinzi wa Data ya Kenya, 2019.\n\nHatuuzi kamwe data yako. Unaweza kuomba nakala ya data yako au irekebishwe kwa kuandika kwa support@{domain}.',
    ),
  },
  {
    type: 'app-download',
    title: 'Get the app',
    body: 'Install {brand} on your home screen: it opens in one tap, starts faster and uses less data than the website.\n\nTap Install below. If no button appears, open your browser menu and choose "Add to Home screen".',
    translations: page(
      'Installer l’application',
      'Installez {brand} sur votre écran d’accueil : elle s’ouvre d’un geste, démarre plus vite et consomme moins de données que le site.\n\nTouchez Installer ci-dessous. Si aucun bouton n’apparaît, ouvrez le menu du navigateur et choisissez « Ajouter à l’écran d’accueil ».',
      'Baixe o app',
      'Instale o {brand} na sua tela inicial: ele abre com um toque, inicia mais rápido e gasta menos dados que o site.\n\nToque em Instalar abaixo. Se nenhum botão aparecer, abra o menu do navegador e escolha "Adicionar à tela inicial".',
      'Pata programu',
      'Sakinisha {brand} kwenye skrini yako ya mwanzo: inafunguka kwa mguso mmoja, inaanza haraka zaidi na inatumia data kidogo kuliko tovuti.\n\nGusa Sakinisha hapa chini. Kitufe kisipotokea, fungua menyu ya kivinjari chako na uchague "Ongeza kwenye skrini ya mwanzo".',
    ),
  },
];
