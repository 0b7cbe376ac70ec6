import { PAGE_PATHS } from '@app/contracts/page-paths';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { Link } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { ChatIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { mailtoHref, parseWhatsAppNumbers, telHref, whatsAppHref } from '../../../lib/contacts.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** `/supports`: every way to reach the operator (options 4002, 4003, 4007, 4048). */
export function SupportsPage() {
  const { t } = useTranslation();
  const options = useSystemOptions();
  const hotline = options.get(SYSTEM_OPTION.HOTLINE);
  const whatsApp = parseWhatsAppNumbers(options.get(SYSTEM_OPTION.WHATSAPP));
  const email = options.get(SYSTEM_OPTION.EMAIL);
  const emailHref = email ? mailtoHref(email) : undefined;
  const address = options.get(SYSTEM_OPTION.ADDRESS);
  const empty = !hotline && !whatsApp.length && !emailHref && !address;

  return (
    <div className="supports">
      <NavBar title={t('supports.title')} />
      <p className="supports__intro">{t('supports.intro')}</p>
      <ul className="supports__list" data-testid="supports-list">
        {hotline ? (
          <li>
            <a className="supports__item" href={telHref(hotline)}>
              <PhoneIcon />
              <span>
                <span className="supports__label">{t('contacts.hotline')}</span>
                <span className="supports__value">{hotline}</span>
              </span>
            </a>
          </li>
        ) : null}
        {whatsApp.map((number) => (
          <li key={number}>
            <a
              className="supports__item"
              href={whatsAppHref(number)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon />
              <span>
                <span className="supports__label">{t('contacts.whatsApp')}</span>
                <span className="supports__value">+{number}</span>
              </span>
            </a>
          </li>
        ))}
        {email && emailHref ? (
          <li>
            <a className="supports__item" href={emailHref}>
              <MailIcon />
              <span>
                <span className="supports__label">{t('contacts.email')}</span>
                <span className="supports__value">{email}</span>
              </span>
            </a>
          </li>
        ) : null}
        {address ? (
          <li>
            <div className="supports__item">
              <PinIcon />
              <span>
                <span className="supports__label">{t('contacts.address')}</span>
                <span className="supports__value">{address}</span>
              </span>
            </div>
          </li>
        ) : null}
      </ul>
      {empty && !options.isPending ? <p className="page-status">{t('supports.empty')}</p> : null}
      <Link
        className="button button--ghost button--block supports__more"
        to={PAGE_PATHS.contentBranch('contact-us')}
      >
        {t('footer.contactUs')}
      </Link>
    </div>
  );
}
