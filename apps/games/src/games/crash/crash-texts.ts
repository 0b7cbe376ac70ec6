import type { Language } from '@app/contracts/config';

/**
 * The crash game's own texts (en, fr, pt, sw), kept beside the game so it ships in the game's chunk. `{name}`
 * marks a value filled in at run time, as in the frame's catalogue.
 */
const en = {
  'phase.connecting': 'Connecting to the game…',
  'phase.offline': 'Connection lost, reconnecting…',
  'phase.betting': 'Bets close in {seconds} s',
  'phase.closing': 'Bets are closing…',
  'phase.running': 'In flight',
  'phase.crashed': 'Crashed at {point}',
  'phase.cancelled': 'Round cancelled: stakes returned',
  'phase.waiting': 'Waiting for the next round…',
  bet: 'Bet',
  placing: 'Placing…',
  betPlaced: 'Bet placed: waiting for take-off',
  betInFlight: 'Auto cash-out at {point}',
  nextRound: 'Next round',
  cashOut: 'Cash out {amount}',
  cashedOut: 'Cashed out at {point}: {amount}',
  lost: 'Crashed before your cash-out',
  refunded: 'The round was cancelled: your stake is back',
  auto: 'Auto cash-out (×)',
  autoPlaceholder: 'None: cash out by hand',
  autoHint: 'From 1.01× to 10,000×; leave empty to cash out by hand',
  autoInvalid: 'Enter a multiplier from 1.01 to 10000, or leave it empty',
  bets: 'Bets this round ({count})',
  noBets: 'No bets yet this round.',
  you: 'You',
  history: 'Last rounds',
  'fair.title': 'Provably fair',
  'fair.intro':
    'Crash points come from a chain of SHA-256 hashes fixed before the first round. When a round ends its hash is published: hashing it once gives the previous round’s hash, and so on back to the commitment below, so no round could be changed after the chain was made. The crash point is HMAC-SHA256 of the hash with the salt, as the rules explain.',
  'fair.commitment': 'Commitment (SHA-256 of game 1’s hash)',
  'fair.salt': 'Salt',
  'fair.length': 'Games in this chain: {length}',
  'fair.game': 'Game {game}',
  'fair.cancelled': 'cancelled',
  'fair.none': 'No round has ended yet.',
  'fair.verify': 'Open the verifier (paste a hash and the salt)',
  'rules.1': 'Each round a multiplier rises from 1.00× until it crashes at a point fixed before the round.',
  'rules.2':
    'Bet while bets are open. Cash out before the crash to win your stake × the multiplier at that moment.',
  'rules.3':
    'An automatic cash-out (1.01× to 10,000×) pays exactly its multiplier if the round reaches it; a target equal to the crash point wins.',
  'rules.4':
    'A cash-out counts at the moment the server receives it: one that arrives after the crash loses, whatever the screen showed.',
  'rules.5':
    'The chance of reaching a multiplier x is 0.97 ÷ x, so the return to player is 97% whatever you target.',
  'rules.6':
    'If the game stops during a round, the round is cancelled and every bet still in play gets its stake back.',
  'rules.table': 'Chance to reach a multiplier',
  'rules.target': 'Multiplier',
  'rules.chance': 'Chance',
  'rules.rtp': 'Return',
  'error.5020': 'Bets are closed, please wait for the next round',
  'error.5021': 'You already have a bet in this round',
  'error.5022': 'You have no bet in play in this round',
  'error.5023': 'Too late: the round crashed before your cash-out',
  'error.5024': 'You can cash out once the multiplier reaches 1.01×',
};

export type CrashTextKey = keyof typeof en;

const fr: Record<CrashTextKey, string> = {
  'phase.connecting': 'Connexion au jeu…',
  'phase.offline': 'Connexion perdue, reconnexion…',
  'phase.betting': 'Fin des mises dans {seconds} s',
  'phase.closing': 'Les mises se ferment…',
  'phase.running': 'En vol',
  'phase.crashed': 'Crash à {point}',
  'phase.cancelled': 'Manche annulée : mises rendues',
  'phase.waiting': 'En attente de la prochaine manche…',
  bet: 'Miser',
  placing: 'Mise en cours…',
  betPlaced: 'Mise placée : en attente du décollage',
  betInFlight: 'Encaissement auto à {point}',
  nextRound: 'Prochaine manche',
  cashOut: 'Encaisser {amount}',
  cashedOut: 'Encaissé à {point} : {amount}',
  lost: 'Crash avant votre encaissement',
  refunded: 'La manche a été annulée : votre mise vous est rendue',
  auto: 'Encaissement auto (×)',
  autoPlaceholder: 'Aucun : encaissement à la main',
  autoHint: 'De 1,01× à 10 000× ; laissez vide pour encaisser à la main',
  autoInvalid: 'Entrez un multiplicateur de 1,01 à 10000, ou laissez vide',
  bets: 'Mises de la manche ({count})',
  noBets: 'Pas encore de mise dans cette manche.',
  you: 'Vous',
  history: 'Dernières manches',
  'fair.title': 'Équité prouvable',
  'fair.intro':
    'Les points de crash viennent d’une chaîne de hachages SHA-256 fixée avant la première manche. À la fin d’une manche, son hachage est publié : le hacher une fois donne celui de la manche précédente, et ainsi de suite jusqu’à l’engagement ci-dessous ; aucune manche n’a donc pu être changée après la création de la chaîne. Le point de crash est le HMAC-SHA256 du hachage avec le sel, comme l’expliquent les règles.',
  'fair.commitment': 'Engagement (SHA-256 du hachage du jeu 1)',
  'fair.salt': 'Sel',
  'fair.length': 'Jeux dans cette chaîne : {length}',
  'fair.game': 'Jeu {game}',
  'fair.cancelled': 'annulé',
  'fair.none': 'Aucune manche terminée pour l’instant.',
  'fair.verify': 'Ouvrir le vérificateur (collez un hachage et le sel)',
  'rules.1':
    'À chaque manche, un multiplicateur monte depuis 1,00× jusqu’au crash, à un point fixé avant la manche.',
  'rules.2':
    'Misez tant que les mises sont ouvertes. Encaissez avant le crash pour gagner votre mise × le multiplicateur du moment.',
  'rules.3':
    'Un encaissement automatique (1,01× à 10 000×) paie exactement son multiplicateur si la manche l’atteint ; une cible égale au point de crash gagne.',
  'rules.4':
    'Un encaissement compte au moment où le serveur le reçoit : s’il arrive après le crash, il perd, quoi qu’affichait l’écran.',
  'rules.5':
    'La probabilité d’atteindre un multiplicateur x est 0,97 ÷ x : le retour au joueur est de 97 % quelle que soit la cible.',
  'rules.6':
    'Si le jeu s’arrête pendant une manche, elle est annulée et chaque mise encore en jeu est rendue.',
  'rules.table': 'Probabilité d’atteindre un multiplicateur',
  'rules.target': 'Multiplicateur',
  'rules.chance': 'Probabilité',
  'rules.rtp': 'Retour',
  'error.5020': 'Les mises sont fermées, attendez la prochaine manche',
  'error.5021': 'Vous avez déjà une mise dans cette manche',
  'error.5022': 'Vous n’avez pas de mise en jeu dans cette manche',
  'error.5023': 'Trop tard : le crash est arrivé avant votre encaissement',
  'error.5024': 'Vous pourrez encaisser dès que le multiplicateur atteint 1,01×',
};

const pt: Record<CrashTextKey, string> = {
  'phase.connecting': 'A ligar ao jogo…',
  'phase.offline': 'Ligação perdida, a religar…',
  'phase.betting': 'Apostas fecham em {seconds} s',
  'phase.closing': 'As apostas estão a fechar…',
  'phase.running': 'Em voo',
  'phase.crashed': 'Crash em {point}',
  'phase.cancelled': 'Ronda cancelada: apostas devolvidas',
  'phase.waiting': 'À espera da próxima ronda…',
  bet: 'Apostar',
  placing: 'A apostar…',
  betPlaced: 'Aposta feita: à espera da descolagem',
  betInFlight: 'Levantamento automático em {point}',
  nextRound: 'Próxima ronda',
  cashOut: 'Levantar {amount}',
  cashedOut: 'Levantado em {point}: {amount}',
  lost: 'Crash antes do seu levantamento',
  refunded: 'A ronda foi cancelada: a sua aposta foi devolvida',
  auto: 'Levantamento automático (×)',
  autoPlaceholder: 'Nenhum: levantar à mão',
  autoHint: 'De 1,01× a 10 000×; deixe vazio para levantar à mão',
  autoInvalid: 'Escreva um multiplicador de 1,01 a 10000, ou deixe vazio',
  bets: 'Apostas da ronda ({count})',
  noBets: 'Ainda não há apostas nesta ronda.',
  you: 'Você',
  history: 'Últimas rondas',
  'fair.title': 'Justiça comprovável',
  'fair.intro':
    'Os pontos de crash vêm de uma cadeia de hashes SHA-256 fixada antes da primeira ronda. Quando uma ronda acaba, o seu hash é publicado: calcular o hash dele dá o da ronda anterior, e assim até ao compromisso abaixo, por isso nenhuma ronda pôde ser mudada depois de a cadeia ser feita. O ponto de crash é o HMAC-SHA256 do hash com o sal, como explicam as regras.',
  'fair.commitment': 'Compromisso (SHA-256 do hash do jogo 1)',
  'fair.salt': 'Sal',
  'fair.length': 'Jogos nesta cadeia: {length}',
  'fair.game': 'Jogo {game}',
  'fair.cancelled': 'cancelado',
  'fair.none': 'Ainda nenhuma ronda terminou.',
  'fair.verify': 'Abrir o verificador (cole um hash e o sal)',
  'rules.1': 'Em cada ronda um multiplicador sobe desde 1,00× até ao crash, num ponto fixado antes da ronda.',
  'rules.2':
    'Aposte enquanto as apostas estão abertas. Levante antes do crash para ganhar a aposta × o multiplicador desse momento.',
  'rules.3':
    'Um levantamento automático (1,01× a 10 000×) paga exatamente o seu multiplicador se a ronda lá chegar; um alvo igual ao ponto de crash ganha.',
  'rules.4':
    'Um levantamento conta no momento em que o servidor o recebe: se chegar depois do crash, perde, mostre o ecrã o que mostrar.',
  'rules.5':
    'A probabilidade de chegar a um multiplicador x é 0,97 ÷ x: o retorno ao jogador é 97% seja qual for o alvo.',
  'rules.6':
    'Se o jogo parar durante uma ronda, a ronda é cancelada e cada aposta ainda em jogo é devolvida.',
  'rules.table': 'Probabilidade de chegar a um multiplicador',
  'rules.target': 'Multiplicador',
  'rules.chance': 'Probabilidade',
  'rules.rtp': 'Retorno',
  'error.5020': 'As apostas estão fechadas, espere pela próxima ronda',
  'error.5021': 'Já tem uma aposta nesta ronda',
  'error.5022': 'Não tem aposta em jogo nesta ronda',
  'error.5023': 'Tarde demais: o crash chegou antes do seu levantamento',
  'error.5024': 'Pode levantar quando o multiplicador chegar a 1,01×',
};

const sw: Record<CrashTextKey, string> = {
  'phase.connecting': 'Inaunganisha na mchezo…',
  'phase.offline': 'Muunganisho umekatika, inaunganisha tena…',
  'phase.betting': 'Beti zinafungwa baada ya sekunde {seconds}',
  'phase.closing': 'Beti zinafungwa…',
  'phase.running': 'Inapaa',
  'phase.crashed': 'Imeanguka kwa {point}',
  'phase.cancelled': 'Raundi imeghairiwa: dau zimerejeshwa',
  'phase.waiting': 'Inasubiri raundi inayofuata…',
  bet: 'Weka beti',
  placing: 'Inaweka…',
  betPlaced: 'Beti imewekwa: inasubiri kupaa',
  betInFlight: 'Kuchukua kiotomatiki kwa {point}',
  nextRound: 'Raundi inayofuata',
  cashOut: 'Chukua {amount}',
  cashedOut: 'Umechukua kwa {point}: {amount}',
  lost: 'Imeanguka kabla hujachukua',
  refunded: 'Raundi imeghairiwa: dau lako limerejeshwa',
  auto: 'Kuchukua kiotomatiki (×)',
  autoPlaceholder: 'Hakuna: chukua mwenyewe',
  autoHint: 'Kuanzia 1.01× hadi 10,000×; acha tupu ili uchukue mwenyewe',
  autoInvalid: 'Weka kizidishi kuanzia 1.01 hadi 10000, au acha tupu',
  bets: 'Beti za raundi hii ({count})',
  noBets: 'Bado hakuna beti katika raundi hii.',
  you: 'Wewe',
  history: 'Raundi zilizopita',
  'fair.title': 'Haki inayothibitishwa',
  'fair.intro':
    'Alama za kuanguka zinatoka kwenye mnyororo wa hashi za SHA-256 uliowekwa kabla ya raundi ya kwanza. Raundi ikiisha hashi yake inatangazwa: kuihashi mara moja kunatoa hashi ya raundi iliyotangulia, na kuendelea hivyo hadi ahadi iliyo hapa chini, hivyo hakuna raundi ingeweza kubadilishwa baada ya mnyororo kutengenezwa. Alama ya kuanguka ni HMAC-SHA256 ya hashi pamoja na chumvi, kama sheria zinavyoeleza.',
  'fair.commitment': 'Ahadi (SHA-256 ya hashi ya mchezo 1)',
  'fair.salt': 'Chumvi (salt)',
  'fair.length': 'Michezo katika mnyororo huu: {length}',
  'fair.game': 'Mchezo {game}',
  'fair.cancelled': 'imeghairiwa',
  'fair.none': 'Bado hakuna raundi iliyoisha.',
  'fair.verify': 'Fungua kithibitishaji (bandika hashi na chumvi)',
  'rules.1':
    'Kila raundi kizidishi kinapanda kuanzia 1.00× hadi kinapoanguka kwenye alama iliyowekwa kabla ya raundi.',
  'rules.2':
    'Weka beti wakati beti ziko wazi. Chukua kabla ya kuanguka ili ushinde dau lako × kizidishi cha wakati huo.',
  'rules.3':
    'Kuchukua kiotomatiki (1.01× hadi 10,000×) kunalipa kizidishi chake kamili raundi ikikifikia; lengo linalolingana na alama ya kuanguka linashinda.',
  'rules.4':
    'Kuchukua kunahesabiwa wakati seva inapokupokea: kunakofika baada ya kuanguka kunapoteza, hata skrini ilionyesha nini.',
  'rules.5':
    'Nafasi ya kufikia kizidishi x ni 0.97 ÷ x, hivyo kiwango cha kurudishiwa mchezaji ni 97% lengo lolote utakalochagua.',
  'rules.6':
    'Mchezo ukisimama katikati ya raundi, raundi inaghairiwa na kila beti ambayo bado inachezwa inarudishiwa dau lake.',
  'rules.table': 'Nafasi ya kufikia kizidishi',
  'rules.target': 'Kizidishi',
  'rules.chance': 'Nafasi',
  'rules.rtp': 'Marejesho',
  'error.5020': 'Beti zimefungwa, tafadhali subiri raundi inayofuata',
  'error.5021': 'Tayari una beti katika raundi hii',
  'error.5022': 'Huna beti inayochezwa katika raundi hii',
  'error.5023': 'Umechelewa: raundi ilianguka kabla hujachukua',
  'error.5024': 'Unaweza kuchukua kizidishi kikishafika 1.01×',
};

const CATALOGUES: Record<Language, Record<CrashTextKey, string>> = { en, fr, pt, sw };

export type CrashTranslate = (key: CrashTextKey, vars?: Record<string, string | number>) => string;

export function crashTexts(language: Language): CrashTranslate {
  const catalogue = CATALOGUES[language] ?? en;
  return (key, vars) => {
    const text = catalogue[key] ?? en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
  };
}

/** The crash codes this catalogue words (5020–5024). */
export function hasCrashError(code: number): code is 5020 | 5021 | 5022 | 5023 | 5024 {
  return code >= 5020 && code <= 5024;
}
