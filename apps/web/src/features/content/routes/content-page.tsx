import { useParams } from 'react-router';
import { InstallButton } from '../../../components/ui/install-prompt.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useGoBack } from '../../../lib/use-go-back.ts';
import { BackIcon } from '../../../components/ui/icons.tsx';
import { useContentPage } from '../api/get-content-page.ts';
import { ContentBody } from '../components/content-body.tsx';
import { ResponsibleGamblingTools } from '../components/responsible-gambling-tools.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';

const PAGE_TYPE = /^[a-z0-9-]{1,40}$/;
/** The operator's responsible-gaming page, under which the market's helpline and the player's tools show. */
const RESPONSIBLE_GAMING_PAGE = 'responsible-gaming';

/**
 * `/pages/branch/:type` shows the page under the nav bar; `/pages/h5/:type` is the full-screen form
 * linked from outside the app, with only a small back control.
 */
export function ContentPageRoute({ mode }: { mode: 'branch' | 'h5' }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { type = '' } = useParams();
  const valid = PAGE_TYPE.test(type);
  const query = useContentPage(type, valid);
  const page = valid ? query.data : undefined;
  const title = page?.title ?? '';

  const body = !valid ? (
    <p className="page-status">{t('errors.NOT_FOUND')}</p>
  ) : page ? (
    <article className="content-page__article">
      {mode === 'h5' ? <h1 className="content-page__title">{page.title}</h1> : null}
      <ContentBody body={page.body} />
      {type === 'app-download' ? <InstallButton /> : null}
      {type === RESPONSIBLE_GAMING_PAGE ? <ResponsibleGamblingTools /> : null}
    </article>
  ) : (
    <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
  );

  if (mode === 'h5') {
    return (
      <div className="content-page content-page--h5">
        <button
          type="button"
          className="content-page__back icon-button"
          aria-label={t('common.back')}
          onClick={goBack}
        >
          <BackIcon />
        </button>
        {body}
      </div>
    );
  }
  return (
    <div className="content-page">
      <NavBar title={title} />
      {body}
    </div>
  );
}
