import { SYSTEM_OPTION } from '@app/contracts/config';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { ContentBody } from '../components/content-body.tsx';

/** `/me/settings/license`: the operator's licence text (system option 4006). */
export function LicencePage() {
  const { t } = useTranslation();
  const options = useSystemOptions();
  const licence = options.get(SYSTEM_OPTION.LICENCE);
  return (
    <div className="content-page">
      <NavBar title={t('pages.licence')} />
      {licence ? (
        <article className="content-page__article" data-testid="licence-text">
          <ContentBody body={licence} />
        </article>
      ) : null}
      {!licence && !options.isPending ? <p className="page-status">{t('supports.empty')}</p> : null}
    </div>
  );
}
