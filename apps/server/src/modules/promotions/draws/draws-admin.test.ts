import { describe, expect, it } from 'vitest';
import type { AdminDrawList } from '@app/contracts/back-office-programmes';
import { ADMIN_PATHS, API_BASE } from '@app/contracts/paths';
import { openTestDraw } from '../../../../test/draws.ts';
import { newMember } from '../../../../test/factory.ts';
import { staffSession } from '../../../../test/staff-session.ts';
import { useTestApp } from '../../../../test/test-app.ts';

/**
 * The operator's list of draws (issue 26 §5) through the real app: the products the server runs, each
 * draw's state, tickets, winners and prizes, and its public verification page; `promotions.read` first.
 */
const ctx = useTestApp();

async function list(headers: Record<string, string>, query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${API_BASE}${ADMIN_PATHS.draws}${query}`,
    headers,
  });
  return { status: response.statusCode, ...(response.json() as { code: number; data: AdminDrawList }) };
}

describe('the operator’s draws', () => {
  it('lists the latest draws with their tickets, winners, prizes and verification page', async () => {
    const draw = await openTestDraw(ctx, {
      product: 'cash-draw',
      ref: 'admin-list',
      price: 500,
      settings: {},
    });
    const member = await newMember(ctx);
    await ctx.db
      .insertInto('draw_ticket')
      .values([
        { draw_id: draw.id, ticket_no: 1, member_id: member.id, entry: 'AAAAA', pay: 'cash', prize: 2_500 },
        { draw_id: draw.id, ticket_no: 2, member_id: member.id, entry: 'BBBBB', pay: 'cash', prize: 0 },
        { draw_id: draw.id, ticket_no: 3, member_id: member.id, entry: 'CCCCC', pay: 'cash', prize: 700 },
      ])
      .execute();
    const viewer = await staffSession(ctx, ['viewer']);
    const answer = await list(viewer.headers);
    expect(answer.code).toBe(0);
    expect(answer.data.products).toEqual(expect.arrayContaining(['lottery', 'cash-draw', 'lucky-refund']));
    const listed = answer.data.draws.find((each) => each.id === draw.id);
    expect(listed).toMatchObject({
      product: 'cash-draw',
      ref: 'admin-list',
      price: 500,
      // Made ahead by the schedule; the engine's next pass opens it.
      status: 'scheduled',
      winners: 2,
      prizes: 3_200,
      verifyPath: `/game-center/fair/draw/${draw.id}`,
      ticketRoot: null,
    });

    const lottery = await list(viewer.headers, '?product=lottery');
    expect(lottery.data.draws.every((each) => each.product === 'lottery')).toBe(true);
    expect((await list(viewer.headers, '?product=NOT A CODE')).status).toBe(400);
  });

  it('is refused without promotions.read, and without a session', async () => {
    const support = await staffSession(ctx, ['support']);
    expect((await list(support.headers)).status).toBe(403);
    expect((await list({})).status).toBe(401);
  });
});
