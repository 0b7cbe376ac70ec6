import { sql, type Kysely, type Transaction } from 'kysely';
import type { BonusOffer, BonusOfferDecisionResponse } from '@app/contracts/bonus';
import type { CountryProfile } from '@app/contracts/country';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { findGrant, type BonusTerms } from '../../platform/wallet/bonus-pocket.ts';
import { getBalance } from '../../platform/wallet/wallet.service.ts';
import { grantProgrammeBonus, termsOf } from './grants.ts';
import { toMyBonus } from './my-bonus-view.ts';

/**
 * Bonus offers (issue 22 §2, docs/promotions.md "Welcome and first-deposit bonus"): the welcome and the
 * first-deposit bonus are OFFERED; the member accepts or declines. Only an accepted offer becomes a grant
 * of the wallet's bonus pocket, with its bonus cash and its limits (the maximum stake among them); a
 * declined or lapsed offer grants nothing and limits nothing. An offer stays open for the bonus's own
 * `expiryDays`; once accepted, the grant's expiry counts from the acceptance.
 *
 * Exactly once: the offer's row is locked `for update` by an accept or a decline, so they take turns; an
 * accept makes the grant under the offer's own key (`bonus_grant` unique member, programme, source_ref) and
 * marks the offer accepted with its grant in the same transaction. A second accept answers the same grant; a
 * decline after an accept (or an accept after a decline) is refused, BONUS_OFFER_CLOSED.
 */
type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type Market = Pick<CountryProfile, 'promotions'>;

/**
 * The terms copied into an offer (and from it into the grant when accepted): a grant's terms, with its days
 * to run in place of the date it ends (known only once accepted).
 */
export type OfferTerms = Omit<BonusTerms, 'expiresAt'> & { expiryDays: number };

type OfferRow = {
  id: string | number;
  member_id: string | number;
  programme: string;
  source_ref: string;
  amount: string | number;
  terms: unknown;
  status: BonusOffer['status'];
  grant_id: string | number | null;
  offered_at: Date;
  expires_at: Date;
};

type Offer = {
  id: number;
  memberId: number;
  programme: string;
  sourceRef: string;
  amount: number;
  terms: OfferTerms;
  status: BonusOffer['status'];
  grantId: number | null;
  offeredAt: Date;
  expiresAt: Date;
};

function toOffer(row: OfferRow): Offer {
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    programme: row.programme,
    sourceRef: row.source_ref,
    amount: Number(row.amount),
    terms: (typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms) as OfferTerms,
    status: row.status,
    grantId: row.grant_id === null ? null : Number(row.grant_id),
    offeredAt: row.offered_at,
    expiresAt: row.expires_at,
  };
}

export function toBonusOffer(offer: Offer): BonusOffer {
  return {
    id: offer.id,
    source: offer.programme,
    amount: offer.amount,
    status: offer.status,
    wageringMultiple: offer.terms.wageringMultiple,
    wageringRequired: Math.ceil(offer.amount * offer.terms.wageringMultiple),
    expiryDays: offer.terms.expiryDays,
    maxStake: offer.terms.maxStake,
    maxConversion: offer.terms.maxConversion,
    contribution: offer.terms.contribution,
    offeredAt: offer.offeredAt.toISOString(),
    expiresAt: offer.expiresAt.toISOString(),
    grantId: offer.grantId,
  };
}

/** The terms of a programme's settings as an offer keeps them. */
export function offerTermsOf(settings: OfferTerms): OfferTerms {
  return {
    wageringMultiple: settings.wageringMultiple,
    expiryDays: settings.expiryDays,
    maxStake: settings.maxStake,
    maxConversion: settings.maxConversion,
    contribution: settings.contribution,
  };
}

/**
 * Offers a bonus inside the caller's transaction, once per (member, programme, sourceRef): a second offer of
 * the same occasion changes nothing and answers undefined. The caller has checked the programme and the
 * member's standing.
 */
export async function offerBonus(
  trx: Trx,
  input: { programme: string; memberId: number; sourceRef: string; amount: number; terms: OfferTerms },
  now: Date,
): Promise<BonusOffer | undefined> {
  const expiresAt = new Date(now.getTime() + input.terms.expiryDays * 86_400_000);
  const { rows } = await sql<OfferRow>`
    insert into bonus_offer (member_id, programme, source_ref, amount, terms, expires_at)
    values (${input.memberId}, ${input.programme}, ${input.sourceRef}, ${input.amount},
      ${JSON.stringify(offerTermsOf(input.terms))}::jsonb, ${expiresAt})
    on conflict (member_id, programme, source_ref) do nothing
    returning *`.execute(trx);
  return rows[0] && toBonusOffer(toOffer(rows[0]));
}

/** Whether the member was ever offered a bonus by `programme`, whatever became of it. */
export async function hasOfferFrom(db: Db | Trx, memberId: number, programme: string): Promise<boolean> {
  const { rows } = await sql<{ offered: boolean }>`
    select exists (select 1 from bonus_offer where member_id = ${memberId} and programme = ${programme})
      as offered`.execute(db);
  return rows[0]?.offered === true;
}

/** The member's open offers (not decided, not lapsed), oldest first. */
export async function openOffers(db: Db, memberId: number, now = new Date()): Promise<BonusOffer[]> {
  const { rows } = await sql<OfferRow>`
    select * from bonus_offer
    where member_id = ${memberId} and status = 'offered' and expires_at > ${now}
    order by id`.execute(db);
  return rows.map((row) => toBonusOffer(toOffer(row)));
}

/**
 * Whether the market's law still allows the programme (Brazil: no welcome bonus, nothing conditioned on a
 * deposit). An offer made before a market's rules changed is not honoured against them.
 */
function lawful(programme: string, market: Market): boolean {
  if (market.promotions.programmesOff.includes(programme as never)) return false;
  return programme !== 'first-deposit-bonus' || market.promotions.depositLinkedRewards;
}

/** The caller's offer `id`, locked for the rest of the transaction (another member's: not found). */
async function lockOffer(trx: Trx, memberId: number, id: number): Promise<Offer> {
  const { rows } = await sql<OfferRow>`
    select * from bonus_offer where id = ${id} and member_id = ${memberId} for update`.execute(trx);
  if (!rows[0]) throw new AppError('BONUS_OFFER_NOT_FOUND');
  return toOffer(rows[0]);
}

async function decisionAnswer(
  db: Db,
  memberId: number,
  offer: Offer,
  bonus: BonusOfferDecisionResponse['bonus'],
): Promise<BonusOfferDecisionResponse> {
  return { offer: toBonusOffer(offer), bonus, ...(await getBalance(db, memberId)) };
}

/**
 * The caller accepts their offer `id`: the grant is made (active, its bonus cash credited, or pending behind
 * an active bonus) and the offer marked accepted, in one transaction. Accepting again answers the same grant
 * (a double tap, a retried call); a declined or lapsed offer is refused (BONUS_OFFER_CLOSED); a member
 * self-excluded or closed meanwhile is refused (PROMOTION_MEMBER_BLOCKED) and nothing changes.
 */
export async function acceptOffer(
  db: Db,
  market: Market,
  memberId: number,
  id: number,
  now = new Date(),
): Promise<BonusOfferDecisionResponse> {
  const { offer, bonus } = await retryingTransaction(db, async (trx) => {
    const found = await lockOffer(trx, memberId, id);
    if (found.status === 'accepted' && found.grantId !== null) {
      // Accepted already (a double tap, a retried call): the same grant, nothing more.
      const granted = await findGrant(trx, found.grantId);
      if (granted) return { offer: found, bonus: toMyBonus(granted) };
    }
    if (
      found.status !== 'offered' ||
      found.expiresAt.getTime() <= now.getTime() ||
      !lawful(found.programme, market)
    )
      throw new AppError('BONUS_OFFER_CLOSED');
    if (!(await lockMemberInGoodStanding(trx, memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    const { grant } = await grantProgrammeBonus(trx, {
      programme: found.programme,
      memberId,
      sourceRef: found.sourceRef,
      amount: found.amount,
      terms: termsOf(found.terms, now),
    });
    const { rows } = await sql<OfferRow>`
      update bonus_offer set status = 'accepted', grant_id = ${grant.id}, decided_at = ${now}
      where id = ${found.id} and status = 'offered'
      returning *`.execute(trx);
    if (!rows[0]) throw new AppError('BONUS_OFFER_CLOSED');
    return { offer: toOffer(rows[0]), bonus: toMyBonus(grant) };
  });
  return decisionAnswer(db, memberId, offer, bonus);
}

/**
 * The caller declines their offer `id`: nothing is granted, no limit applies. Declining again answers the
 * same; an accepted or lapsed offer is refused (BONUS_OFFER_CLOSED): an accepted bonus is given up by
 * forfeiting it.
 */
export async function declineOffer(
  db: Db,
  memberId: number,
  id: number,
  now = new Date(),
): Promise<BonusOfferDecisionResponse> {
  const offer = await retryingTransaction(db, async (trx) => {
    const found = await lockOffer(trx, memberId, id);
    if (found.status === 'declined') return found;
    if (found.status !== 'offered' || found.expiresAt.getTime() <= now.getTime())
      throw new AppError('BONUS_OFFER_CLOSED');
    const { rows } = await sql<OfferRow>`
      update bonus_offer set status = 'declined', decided_at = ${now}
      where id = ${found.id} and status = 'offered'
      returning *`.execute(trx);
    if (!rows[0]) throw new AppError('BONUS_OFFER_CLOSED');
    return toOffer(rows[0]);
  });
  return decisionAnswer(db, memberId, offer, null);
}

/** Offers past their date lapse (the expiry job). How many. */
export async function expireOffers(db: Db, now = new Date()): Promise<number> {
  const result = await sql`
    update bonus_offer set status = 'expired', decided_at = ${now}
    where status = 'offered' and expires_at <= ${now}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
