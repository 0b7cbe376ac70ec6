import type { LotteryMyTicket } from '@app/contracts/lottery';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { drawVerifyPath } from '@app/contracts/paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation, type Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { myLotteryTicketsQuery } from '../api/get-my-lottery-tickets.ts';
import { BallRow, numbersOfEntry, spokenNumbers } from '../components/balls.tsx';
import { useMarketTime } from '../components/market-time.ts';
import { LOTTERY_TEXTS } from '../texts.ts';
import '../components/lottery.css';

const PAGE_SIZE = 20;

/**
 * `/lottery/tickets` (members): the caller's tickets, newest first, each with its draw, its numbers (the
 * matching ones lit once drawn), its prize once settled, and a way to the draw's results and verification.
 */
export function MyTicketsPage() {
  const { t, ready } = useFeatureTranslation(LOTTERY_TEXTS);
  const [page, setPage] = useState(1);
  const query = useQuery(myLotteryTicketsQuery(page));
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const list = query.data?.list;
  return (
    <div className="lottery" data-testid="lottery-tickets-page">
      <NavBar title={t('lottery.tickets.title')} />
      <div className="lottery__body">
        {!query.data ? (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="lottery__note">{t('lottery.tickets.free', { count: query.data.freeTickets })}</p>
            {list && list.length === 0 ? (
              <p className="page-status">
                {t('lottery.tickets.empty')} <Link to={PAGE_PATHS.lottery}>{t('lottery.tickets.buy')}</Link>
              </p>
            ) : null}
            <ul className="lottery__tickets">
              {(list ?? []).map((ticket) => (
                <TicketRow key={`${ticket.drawId}:${ticket.ticketNo}`} ticket={ticket} t={t} />
              ))}
            </ul>
            <div className="lottery__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={page === 1}
                onClick={() => setPage(page - 1)}
              >
                {t('lottery.tickets.newer')}
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={(list?.length ?? 0) < PAGE_SIZE}
                onClick={() => setPage(page + 1)}
              >
                {t('lottery.tickets.older')}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function TicketRow({ ticket, t }: { ticket: LotteryMyTicket; t: Translate }) {
  const time = useMarketTime();
  const money = useMoneyFormat();
  const numbers = numbersOfEntry(ticket.entry);
  const outcome =
    ticket.status === 'settled'
      ? ticket.tier !== null && (ticket.prize ?? 0) > 0
        ? t('lottery.tickets.won', {
            amount: `${money.currency} ${money.format(ticket.prize ?? 0)}`,
            tier: ticket.tier,
          })
        : t('lottery.tickets.lost')
      : ticket.status === 'drawn'
        ? t('lottery.tickets.paying')
        : t('lottery.tickets.pending');
  return (
    <li className="lottery__ticket" data-testid="lottery-ticket" data-status={ticket.status}>
      <div className="lottery__ticket-head">
        <span>
          {t(`lottery.kind.${ticket.kind}`)} · {time(ticket.drawAt)}
        </span>
        <span className="lottery__note">
          {t('lottery.tickets.ticketNo', { number: ticket.ticketNo })}
          {ticket.pay === 'ticket' ? ` · ${t('lottery.tickets.freeTicket')}` : ''}
        </span>
      </div>
      <BallRow numbers={numbers} drawn={ticket.numbers} label={spokenNumbers(numbers, t('lottery.blue'))} />
      <div className="lottery__ticket-foot">
        <strong
          className={ticket.tier !== null && ticket.status === 'settled' ? 'lottery__won' : undefined}
          data-testid="lottery-ticket-outcome"
        >
          {outcome}
        </strong>
        <span className="lottery__ticket-links">
          <Link to={PAGE_PATHS.lotteryResults(ticket.drawId)} data-testid="lottery-ticket-results">
            {t('lottery.tickets.results')}
          </Link>
          {ticket.status !== 'scheduled' && ticket.status !== 'open' ? (
            // The verifier checks this ticket's place in the committed list, the beacon and the numbers.
            <a href={drawVerifyPath(ticket.drawId, ticket.ticketNo)} data-testid="lottery-ticket-verify">
              {t('lottery.tickets.verify')}
            </a>
          ) : null}
        </span>
      </div>
    </li>
  );
}
