import { PAGE_PATHS } from '@app/contracts/page-paths';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { Link } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { ChatIcon, MailIcon } from '../../../components/ui/icons.tsx';
import { mailtoHref, parseWhatsAppNumbers, whatsAppHref } from '../../../lib/contacts.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Under the form (spec §4): the top-up tips (option 1002) and the support contacts (4003, 4007, contact us). */
export function DepositSupport() {
  const { t } = useTranslation();
  const options = useSystemOptions();
  const tips = options.get(SYSTEM_OPTION.TOP_UP_TIPS);
  const whatsApp = parseWhatsAppNumbers(options.get(SYSTEM_OPTION.WHATSAPP));
  const email = options.get(SYSTEM_OPTION.EMAIL);
  const emailHref = email ? mailtoHref(email) : undefined;
  return (
    <section className="deposit-support" aria-label={t('deposit.help')}>
      {tips ? (
        <div className="deposit-support__tips" data-testid="deposit-tips">
          <h2 className="deposit-support__title">{t('deposit.tips')}</h2>
          <p>{tips}</p>
        </div>
      ) : null}
      <h2 className="deposit-support__title">{t('deposit.needHelp')}</h2>
      <ul className="deposit-support__contacts">
        {whatsApp.map((number) => (
          <li key={number}>
            <a href={whatsAppHref(number)} target="_blank" rel="noopener noreferrer">
              <ChatIcon size={18} /> {t('contacts.whatsApp')} +{number}
            </a>
          </li>
        ))}
        {email && emailHref ? (
          <li>
            <a href={emailHref}>
              <MailIcon size={18} /> {email}
            </a>
          </li>
        ) : null}
        <li>
          <Link to={PAGE_PATHS.contentBranch('contact-us')}>{t('footer.contactUs')}</Link>
        </li>
      </ul>
    </section>
  );
}
