import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BonusForfeitRequestSchema,
  BonusForfeitResponseSchema,
  BonusOfferDecisionResponseSchema,
  BonusOfferDecisionSchema,
  MyBonusesSchema,
  StakeLimitQuerySchema,
  StakeLimitSchema,
} from '@app/contracts/bonus';
import { BONUS_PATHS } from '@app/contracts/paths';
import { sessionOf } from '../../../http/auth.ts';
import { ok } from '../../../http/envelope.ts';
import { apiResponses, memberRoute } from '../../../http/route-schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { findGameMaxStake } from '../../games/catalogue/games.service.ts';
import { stakeLimitOf } from '../../platform/wallet/bonus-pocket.ts';
import { forfeitMyBonus, myBonuses } from './my-bonuses.ts';
import { acceptOffer, declineOffer } from './offers.ts';
import type { House } from '../kit/plug.ts';

/** The member's bonuses (issue 14 §2, docs/api.md "Bonuses"). Mounted under /api. */
export async function bonusRoutes(app: FastifyInstance, { db, country }: House): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonus'];

  routes.get(
    BONUS_PATHS.myBonuses,
    memberRoute(
      tags,
      'The caller’s bonuses: the active one, the pending ones and the ended ones, with terms and wagering',
      { response: apiResponses(MyBonusesSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await myBonuses(db, country, member.id));
    },
  );

  routes.post(
    BONUS_PATHS.forfeit,
    memberRoute(
      tags,
      'The caller forfeits their active bonus `id` (its bonus cash goes back); answers the balance',
      { body: BonusForfeitRequestSchema, response: apiResponses(BonusForfeitResponseSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await forfeitMyBonus(db, member.id, request.body.id));
    },
  );

  routes.post(
    BONUS_PATHS.acceptOffer,
    memberRoute(
      tags,
      'The caller accepts a bonus offered to them: the grant (its bonus cash and limits), once; answers the balance',
      { body: BonusOfferDecisionSchema, response: apiResponses(BonusOfferDecisionResponseSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await acceptOffer(db, country, member.id, request.body.id));
    },
  );

  routes.post(
    BONUS_PATHS.declineOffer,
    memberRoute(
      tags,
      'The caller declines a bonus offered to them: nothing is granted and no limit applies',
      { body: BonusOfferDecisionSchema, response: apiResponses(BonusOfferDecisionResponseSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      return ok(await declineOffer(db, member.id, request.body.id));
    },
  );

  routes.get(
    BONUS_PATHS.stakeLimit,
    memberRoute(
      tags,
      'The stake limit in force for the caller in a game: its own maximum, or the active bonus’s if lower',
      { querystring: StakeLimitQuerySchema, response: apiResponses(StakeLimitSchema) },
    ),
    async (request) => {
      const { member } = sessionOf(request);
      const gameMaxStake = await findGameMaxStake(db, request.query.gameId);
      if (gameMaxStake === undefined) throw new AppError('GAME_NOT_FOUND');
      return ok(await stakeLimitOf(db, member.id, gameMaxStake));
    },
  );
}
