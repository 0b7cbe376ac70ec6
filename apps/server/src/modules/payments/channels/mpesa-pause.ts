import { sql, type Kysely } from 'kysely';
import type { MpesaPaymentsStatus } from '@app/contracts/payments-status';
import { DarajaError } from '../../../adapters/mpesa/daraja-error.ts';
import type { Database } from '../../../db/schema.ts';
import { auditedWrite, type Actor } from '../../platform/staff/audit.service.ts';
import type { PaymentDeps } from './payment-deps.ts';

type Db = Kysely<Database>;
type Log = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/**
 * M-Pesa's "payments paused" mode (issue 24 §3). M-Pesa has maintenance windows of up to 15 hours; during
 * one, deposits and withdrawals are still accepted but wait (a deposit queued without its STK push, a
 * withdrawal queued with its money reserved, no B2C sent), and play from the wallet goes on. The pause is
 * one row in PostgreSQL, so every instance of a fleet sees it at once. An operator sets and clears it;
 * the server sets it itself when Daraja answers with its maintenance shape, and then asks Daraja every
 * `maintenanceProbeMs` whether it is back (one instance at a time), ending the pause at its first good
 * answer. The queues' jobs send what waited through the usual admission control once the row is gone.
 */

export type PauseSource = 'operator' | 'daraja';

/** What the members read while paused, in English as stored, with its French, Portuguese and Swahili. */
const PAUSED_TEXTS = {
  deposit: {
    en: 'M-PESA is under maintenance: your deposit is queued and we will prompt your phone when it is back',
    fr: 'M-PESA est en maintenance : votre dépôt est en attente et nous enverrons la demande sur votre téléphone dès son retour',
    pt: 'O M-PESA está em manutenção: seu depósito está na fila e enviaremos a solicitação ao seu celular quando ele voltar',
    sw: 'M-PESA iko kwenye matengenezo: pesa unayoweka inasubiri kwenye foleni na tutatuma ombi kwa simu yako itakaporudi',
  },
  withdrawal: {
    en: 'M-PESA is under maintenance: your withdrawal is queued and will be paid when it is back',
    fr: 'M-PESA est en maintenance : votre retrait est en attente et sera payé dès son retour',
    pt: 'O M-PESA está em manutenção: seu saque está na fila e será pago quando ele voltar',
    sw: 'M-PESA iko kwenye matengenezo: pesa unayotoa inasubiri kwenye foleni na italipwa itakaporudi',
  },
} as const;

/** The paused text of a deposit or a withdrawal in the caller's language (`fr`, `pt`, `sw`; else English). */
export function pausedMessage(what: keyof typeof PAUSED_TEXTS, language: string): string {
  const texts = PAUSED_TEXTS[what];
  return language === 'fr' || language === 'pt' || language === 'sw' ? texts[language] : texts.en;
}

function findPause(db: Db) {
  return db.selectFrom('mpesa_pause').selectAll().where('service', '=', 'mpesa').executeTakeFirst();
}

export async function isMpesaPaused(db: Db): Promise<boolean> {
  return (await findPause(db)) !== undefined;
}

/** The pause as members and operators read it: whether, since when, and who or what started it. */
export async function mpesaStatus(db: Db): Promise<MpesaPaymentsStatus> {
  const pause = await findPause(db);
  return {
    paused: pause !== undefined,
    since: pause ? pause.paused_at.toISOString() : null,
    source: pause?.source ?? null,
  };
}

/**
 * The operators' view: the status, the reason and who set it, and for a pause Daraja started, the next
 * probe and how many probes found it still away.
 */
export async function mpesaPauseDetail(db: Db) {
  const pause = await findPause(db);
  return {
    ...(await mpesaStatus(db)),
    reason: pause?.reason ?? '',
    pausedBy: pause?.paused_by ?? null,
    nextProbeAt: pause?.probe_at ? pause.probe_at.toISOString() : null,
    probes: pause?.probe_attempts ?? 0,
  };
}

/**
 * An operator pauses M-Pesa payments (audited with the pause it replaced). A pause Daraja started
 * becomes the operator's: it then ends only when an operator resumes, not at a good probe.
 */
export async function pauseByOperator(db: Db, actor: Actor, reason: string) {
  const before = await mpesaPauseDetail(db);
  await auditedWrite(db, actor, async (trx) => {
    await trx
      .insertInto('mpesa_pause')
      .values({ service: 'mpesa', source: 'operator', reason, paused_by: actor.login })
      .onConflict((conflict) =>
        conflict
          .column('service')
          .doUpdateSet({ source: 'operator', reason, paused_by: actor.login, probe_at: null }),
      )
      .execute();
    return {
      result: undefined,
      record: { action: 'mpesa.pause', target: 'mpesa', before, after: { reason } },
    };
  });
  return mpesaPauseDetail(db);
}

/** An operator resumes M-Pesa payments, whoever paused them (audited); the queues' jobs then send them. */
export async function resumeByOperator(db: Db, actor: Actor) {
  const before = await mpesaPauseDetail(db);
  await auditedWrite(db, actor, async (trx) => {
    await trx.deleteFrom('mpesa_pause').where('service', '=', 'mpesa').execute();
    return { result: undefined, record: { action: 'mpesa.resume', target: 'mpesa', before, after: null } };
  });
  return mpesaPauseDetail(db);
}

/** Whether a Daraja failure is its maintenance answer (every endpoint, OAuth included). */
export function isMaintenanceAnswer(error: unknown): boolean {
  return error instanceof DarajaError && error.kind === 'under-maintenance';
}

/**
 * Daraja answered with its maintenance shape: M-Pesa payments are paused (unless they already are, by
 * an operator or another instance) and Daraja is probed after `maintenanceProbeMs`.
 */
export async function pauseForMaintenance(
  deps: Pick<PaymentDeps, 'db' | 'maintenanceProbeMs'>,
  log: Log,
  now: Date = new Date(),
): Promise<void> {
  const started = await deps.db
    .insertInto('mpesa_pause')
    .values({
      service: 'mpesa',
      source: 'daraja',
      reason: 'Daraja answered that M-Pesa is under maintenance',
      probe_at: new Date(now.getTime() + deps.maintenanceProbeMs),
    })
    .onConflict((conflict) => conflict.column('service').doNothing())
    .returning('service')
    .executeTakeFirst();
  if (started) log.error({}, 'ALERT: M-Pesa is under maintenance; deposits and withdrawals are queued');
}

/**
 * The probe of a pause Daraja started (a job, every few seconds on every instance): when its time has
 * come, one instance claims it (the next probe moved on in the same statement) and asks Daraja for the
 * Account Balance, a request that moves no money (its Result only refreshes the float). Any answer but
 * the maintenance one ends the pause: Daraja is serving again. An operator's pause is never probed.
 */
export async function probeMaintenance(
  deps: PaymentDeps,
  now: Date = new Date(),
  log: Log = { warn: () => {}, error: () => {} },
): Promise<{ probed: boolean; resumed: boolean }> {
  const claimed = await deps.db
    .updateTable('mpesa_pause')
    .set({
      probe_at: new Date(now.getTime() + deps.maintenanceProbeMs),
      probe_attempts: sql`probe_attempts + 1`,
    })
    .where('service', '=', 'mpesa')
    .where('source', '=', 'daraja')
    .where('probe_at', '<=', now)
    .returning('paused_at')
    .executeTakeFirst();
  if (!claimed) return { probed: false, resumed: false };
  try {
    await deps.mpesa.accountBalance({
      resultUrl: deps.callbackUrls.balanceResult,
      queueTimeoutUrl: deps.callbackUrls.balanceTimeout,
    });
  } catch (error) {
    const answered = error instanceof DarajaError && error.httpStatus !== undefined;
    if (isMaintenanceAnswer(error) || !answered) {
      log.warn({ err: error }, 'M-Pesa still away: payments stay paused');
      return { probed: true, resumed: false };
    }
  }
  // Only the pause this probe was about: an operator's pause set meanwhile stays.
  const ended = await deps.db
    .deleteFrom('mpesa_pause')
    .where('service', '=', 'mpesa')
    .where('source', '=', 'daraja')
    .executeTakeFirst();
  const resumed = Number(ended.numDeletedRows) > 0;
  if (resumed) log.warn({ pausedAt: claimed.paused_at }, 'M-Pesa is back: queued payments are being sent');
  return { probed: true, resumed };
}
