/**
 * The process the crash test kills (src/modules/wallet/money-facts-crash.test.ts): it plays in-house dice
 * through the real service (one database transaction a bet: stake, win and their money facts), posts bets
 * and wins of its own through the wallet twice at once (duplicates) and again after each restart under the
 * same keys (replays), and counts the facts meanwhile (the test's tally, test/fact-tally.ts) in small batches, so that a
 * SIGKILL at any moment falls between money and its count. It says `ready` when it starts playing and
 * `played <n>` every few rounds on stdout, which is all the test waits for.
 *
 * With `finish`, it plays nothing: it counts every fact left and says `done`.
 *
 * Arguments: one JSON object { url, players: [{ memberId, token }], finish }.
 */
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { openDatabase } from '../src/db/database.ts';
import { resolveGameSession } from '../src/modules/games/catalogue/game-session.service.ts';
import { placeBet } from '../src/modules/games/inhouse/inhouse.service.ts';
import { ACCOUNT, creditMember, debitMember } from '../src/modules/platform/wallet/wallet.service.ts';
import { factTally } from './fact-tally.ts';

type Input = { url: string; players: { memberId: number; token: string }[]; finish: boolean };
const input = JSON.parse(process.argv[2] ?? '{}') as Input;
const handle = await openDatabase({ engine: 'postgres', url: input.url, poolSize: 6 });
const db = handle.db;

if (input.finish) {
  await factTally.catchUp(db);
  process.stdout.write('done\n');
  await handle.close();
  process.exit(0);
}

const deps = { db, country: COUNTRY_PROFILES.KE };
let played = 0;
const report = () => {
  played += 1;
  if (played % 5 === 0) process.stdout.write(`played ${played}\n`);
};

/** Bets and wins under keys that every run repeats from 0: a replay of what the run before posted. */
async function walletRound(memberId: number, index: number): Promise<void> {
  const stake = (1 + (index % 7)) * 1_00;
  const bet = () =>
    debitMember(db, {
      memberId,
      to: ACCOUNT.houseFor(memberId),
      key: `crash-test:bet:${memberId}:${index}`,
      kind: 'bet',
      amount: stake,
      fact: { kind: 'bet', ref: `crash-test:${memberId}:${index}` },
    });
  const win = () =>
    creditMember(db, {
      memberId,
      from: ACCOUNT.houseFor(memberId),
      key: `crash-test:win:${memberId}:${index}`,
      kind: 'win',
      cash: 2 * stake,
      withdrawable: 2 * stake,
      fact: { kind: 'win', ref: `crash-test:${memberId}:${index}` },
    });
  // Two identical requests at once (a client's retry racing its first try), then the same again.
  await Promise.all([bet(), bet()]);
  await bet();
  if (index % 2 === 0) await Promise.all([win(), win()]);
}

async function player({ memberId, token }: { memberId: number; token: string }): Promise<never> {
  for (let index = 0; ; index += 1) {
    const session = await resolveGameSession(db, token);
    if (!session) throw new Error(`no game session for member ${memberId}`);
    await placeBet(deps, session, { stake: 20_00, options: { target: 5000, direction: 'under' } });
    report();
    await walletRound(memberId, index);
    report();
  }
}

/** The count, a few facts at a time, all along. */
async function counter(): Promise<never> {
  for (;;) {
    if ((await factTally.consume(db, { limit: 7 })) === 0) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

process.stdout.write('ready\n');
await Promise.all([counter(), ...input.players.map(player)]);
