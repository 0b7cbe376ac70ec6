import { FAQ_TYPE, POSITION, SYSTEM_OPTION, VIP_MENU_HOOK } from '@app/contracts/config';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { formatMoney } from '@app/contracts/money';
import type { Translations } from '../schema.ts';
import { PAY_ITEMS } from './demo-payments.ts';

/**
 * Demo content for a Kenyan operator: what a fresh `npm start` shows. Real operators replace it; the
 * seed never overwrites a row that already exists. `{brand}`, `{operator}`, `{licence}`, `{address}`,
 * `{domain}` and `{handle}` are the running brand's (contracts/brand.ts), filled in by the seed.
 */

type OptionSeed = { type: number; name: string; content: string; translations?: Translations };

/**
 * What the demo leaves empty until its feature is built: the promotion images and popup, the coin and
 * diamond event pages and the task tips. Demo content there could only promise what nothing pays.
 */
export const NOT_SEEDED_UNTIL_BUILT = {
  advertPositions: [
    POSITION.PROMOTION_IMAGES,
    POSITION.PROMOTION_POPUP,
    POSITION.COIN_EVENT_INFO,
    POSITION.DIAMOND_EVENT_INFO,
  ] as readonly number[],
  optionTypes: [SYSTEM_OPTION.TASK_TIPS] as readonly number[],
};

export const SYSTEM_OPTIONS: OptionSeed[] = [
  {
    type: SYSTEM_OPTION.WITHDRAW_CONFIG,
    name: 'withdraw config',
    content: JSON.stringify({ feeType: 1, feeValue: 0, dailyCount: 5 }),
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
  {
    type: SYSTEM_OPTION.CHANNEL_IMAGE,
    name: 'channel image',
    content: '/statics/adverts/deposit-swipe-mpesa.svg',
  },
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
    },
  },
  {
    type: SYSTEM_OPTION.GAME_LIST,
    name: 'featured games',
    content: JSON.stringify(['crash', 'slot', 'dice', 'mines', 'plinko', 'wheel']),
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
    },
  },
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

const t = (fr: string, pt: string): Translations => ({ fr: { title: fr }, pt: { title: pt } });

export const MENUS: ItemSeed[] = [
  {
    slug: 'home-promotions',
    position: POSITION.HOME_MENU,
    title: 'Promotions',
    url: '/promotion',
    image: '/statics/menus/promotions.webp',
    sort: 1,
    translations: t('Promotions', 'Promoções'),
  },
  {
    slug: 'home-vip',
    position: POSITION.HOME_MENU,
    title: 'VIP Club',
    url: '/subscriber/memberCenter',
    image: '/statics/menus/vip.webp',
    content: VIP_MENU_HOOK,
    sort: 2,
    translations: t('Club VIP', 'Clube VIP'),
  },
  {
    slug: 'home-cash-rain',
    position: POSITION.HOME_MENU,
    title: 'Cash Rain',
    url: '/promotion',
    image: '/statics/menus/cash-rain.webp',
    sort: 3,
    translations: t("Pluie d'argent", 'Chuva de dinheiro'),
  },
  {
    slug: 'home-invite',
    position: POSITION.HOME_MENU,
    title: 'Invite',
    url: '/promotion',
    image: '/statics/menus/invite.webp',
    sort: 4,
    translations: t('Parrainage', 'Convidar'),
  },
  {
    slug: 'home-jackpot',
    position: POSITION.HOME_MENU,
    title: 'Jackpot',
    url: '/promotion',
    image: '/statics/menus/jackpot.webp',
    sort: 5,
    translations: t('Jackpot', 'Jackpot'),
  },
  {
    slug: 'home-daily-bonus',
    position: POSITION.HOME_MENU,
    title: 'Daily Bonus',
    url: '/activities/daily-bonus',
    image: '/statics/menus/daily-bonus.webp',
    sort: 6,
    translations: t('Bonus du jour', 'Bônus diário'),
  },
  {
    slug: 'home-coin-spin',
    position: POSITION.HOME_MENU,
    title: 'Coin Spin',
    url: '/games/coin-spin/1',
    image: '/statics/menus/coin-spin.webp',
    sort: 7,
    translations: t('Roue des pièces', 'Roleta de moedas'),
  },
  {
    slug: 'home-messages',
    position: POSITION.HOME_MENU,
    title: 'Messages',
    url: '/member/messages',
    image: '/statics/menus/messages.webp',
    sort: 8,
    translations: t('Messages', 'Mensagens'),
  },
  {
    slug: 'home2-crash',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Crash',
    url: '/home',
    image: '/statics/menus/crash.webp',
    sort: 1,
    translations: t('Crash', 'Crash'),
  },
  {
    slug: 'home2-slots',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Slots',
    url: '/home',
    image: '/statics/menus/slots.webp',
    sort: 2,
    translations: t('Machines à sous', 'Caça-níqueis'),
  },
  {
    slug: 'home2-dice',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Dice',
    url: '/home',
    image: '/statics/menus/dice.webp',
    sort: 3,
    translations: t('Dés', 'Dados'),
  },
  {
    slug: 'home2-mines',
    position: POSITION.HOME_MENU_SECONDARY,
    title: 'Mines',
    url: '/home',
    image: '/statics/menus/mines.webp',
    sort: 4,
    translations: t('Mines', 'Minas'),
  },
  {
    slug: 'me-deposit-records',
    position: POSITION.PROFILE_MENU,
    title: 'Deposit records',
    url: '/account/records/deposit',
    image: '/statics/menus/deposit-records.webp',
    sort: 1,
    translations: t('Historique des dépôts', 'Histórico de depósitos'),
  },
  {
    slug: 'me-withdraw-records',
    position: POSITION.PROFILE_MENU,
    title: 'Withdrawal records',
    url: '/account/records/withdraw',
    image: '/statics/menus/withdraw-records.webp',
    sort: 2,
    translations: t('Historique des retraits', 'Histórico de saques'),
  },
  {
    slug: 'me-game-records',
    position: POSITION.PROFILE_MENU,
    title: 'Game records',
    url: '/me/game-records',
    image: '/statics/menus/game-records.webp',
    sort: 3,
    translations: t('Historique de jeu', 'Histórico de jogos'),
  },
  {
    slug: 'me-kyc',
    position: POSITION.PROFILE_MENU,
    title: 'Verify identity',
    url: '/me/settings/kyc',
    image: '/statics/menus/kyc.webp',
    sort: 4,
    translations: t("Vérifier l'identité", 'Verificar identidade'),
  },
  {
    slug: 'me-faq',
    position: POSITION.PROFILE_MENU,
    title: 'FAQ',
    url: '/me/faq',
    image: '/statics/menus/faq.webp',
    sort: 5,
    translations: t('FAQ', 'Perguntas frequentes'),
  },
  {
    slug: 'me-support',
    position: POSITION.PROFILE_MENU,
    title: 'Customer support',
    url: '/supports',
    image: '/statics/menus/support.webp',
    sort: 6,
    translations: t('Service client', 'Atendimento'),
  },
  {
    slug: 'me-licence',
    position: POSITION.PROFILE_MENU,
    title: 'Licence',
    url: '/me/settings/license',
    image: '/statics/menus/licence.webp',
    sort: 7,
    translations: t('Licence', 'Licença'),
  },
  {
    slug: 'me-settings',
    position: POSITION.PROFILE_MENU,
    title: 'Settings',
    url: '/me/settings',
    image: '/statics/menus/settings.webp',
    sort: 8,
    translations: t('Paramètres', 'Configurações'),
  },
  {
    slug: 'promo-all',
    position: POSITION.PROMOTION_MENU,
    title: 'All',
    url: '/promotion',
    image: '/statics/menus/all-promotions.webp',
    sort: 1,
    translations: t('Toutes', 'Todas'),
  },
  {
    slug: 'promo-vip',
    position: POSITION.PROMOTION_MENU,
    title: 'VIP',
    url: '/subscriber/memberCenter',
    image: '/statics/menus/vip.webp',
    content: VIP_MENU_HOOK,
    sort: 2,
    translations: t('VIP', 'VIP'),
  },
  {
    slug: 'promo-cashback',
    position: POSITION.PROMOTION_MENU,
    title: 'Cash back',
    url: '/subscriber/cashBack',
    image: '/statics/menus/cashback.webp',
    sort: 3,
    translations: t('Cashback', 'Cashback'),
  },
  {
    slug: 'promo-daily',
    position: POSITION.PROMOTION_MENU,
    title: 'Daily bonus',
    url: '/activities/daily-bonus',
    image: '/statics/menus/daily-bonus.webp',
    sort: 4,
    translations: t('Bonus du jour', 'Bônus diário'),
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

/**
 * Every advert says only what the product does today: no welcome bonus, cash back, spins, draws or
 * events that nothing pays (docs/decisions.md, "The demo content promises only what the product does").
 */
export const ADVERTS: AdvertSeed[] = [
  {
    slug: 'home-swipe-christmas-greetings',
    position: POSITION.HOME_SWIPE,
    title: 'Merry Christmas and happy holidays',
    url: '/home',
    image: '/statics/adverts/home-swipe-christmas.svg',
    sort: 0,
    season: 'christmas',
    translations: t('Joyeux Noël et bonnes fêtes', 'Feliz Natal e boas festas'),
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
    ),
  },
  {
    slug: 'home-swipe-crash',
    position: POSITION.HOME_SWIPE,
    title: 'Crash: cash out before it flies away',
    url: '/home',
    image: '/statics/adverts/home-swipe-crash.svg',
    sort: 3,
    translations: t("Crash : encaissez avant l'envol", 'Crash: saque antes que ele voe'),
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
    slug: 'floating-demo',
    position: POSITION.FLOATING,
    title: 'Play free in demo mode: tap Demo on a game',
    url: '/pages/branch/how-to-play',
    image: '/statics/adverts/floating-demo.webp',
    sort: 1,
    translations: t(
      'Jouez gratuitement en mode démo : touchez Démo sur un jeu',
      'Jogue grátis no modo demo: toque em Demo em um jogo',
    ),
  },
  {
    slug: 'popup-register',
    position: POSITION.HOME_POPUP,
    title: 'Register with your mobile number in a minute',
    url: '/register',
    image: '/statics/adverts/popup-register.svg',
    sort: 1,
    translations: t(
      'Inscrivez-vous en une minute avec votre numéro de mobile',
      'Cadastre-se em um minuto com seu número de celular',
    ),
  },
  {
    slug: 'deposit-swipe-mpesa',
    position: POSITION.DEPOSIT_SWIPE,
    title: 'Deposit instantly with M-PESA',
    url: '/deposit',
    image: '/statics/adverts/deposit-swipe-mpesa.svg',
    sort: 1,
    translations: t('Déposez instantanément avec M-PESA', 'Deposite na hora com M-PESA'),
  },
  {
    slug: 'deposit-swipe-package-coins',
    position: POSITION.DEPOSIT_SWIPE,
    title: 'Every package adds coins',
    url: '/deposit',
    image: '/statics/adverts/deposit-swipe-coins.svg',
    sort: 2,
    translations: t('Chaque forfait ajoute des pièces', 'Todo pacote dá moedas'),
  },
  {
    slug: 'deposit-popup-package-coins',
    position: POSITION.DEPOSIT_POPUP,
    title: `Deposit ${kenya.currencySymbol} ${PACKAGE_PAY}, get ${PACKAGE_COINS} coins`,
    url: '/deposit',
    image: '/statics/adverts/deposit-popup-coins.svg',
    sort: 1,
    translations: t(
      `Déposez ${PACKAGE_PAY} ${kenya.currencySymbol}, recevez ${PACKAGE_COINS} pièces`,
      `Deposite ${kenya.currencySymbol} ${PACKAGE_PAY} e ganhe ${PACKAGE_COINS} moedas`,
    ),
  },
];

type FaqSeed = {
  slug: string;
  type: number;
  question: string;
  answer: string;
  sort: number;
  translations: Translations;
};

const qa = (frQ: string, frA: string, ptQ: string, ptA: string): Translations => ({
  fr: { question: frQ, answer: frA },
  pt: { question: ptQ, answer: ptA },
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
    ),
  },
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
    ),
  },
];

type PageSeed = { type: string; title: string; body: string; translations: Translations };

const page = (frTitle: string, frBody: string, ptTitle: string, ptBody: string): Translations => ({
  fr: { title: frTitle, body: frBody },
  pt: { title: ptTitle, body: ptBody },
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
    ),
  },
];
