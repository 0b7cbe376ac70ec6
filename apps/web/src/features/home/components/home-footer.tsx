import { PAGE_PATHS } from '@app/contracts/page-paths';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { Link } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import {
  mailtoHref,
  parseSocialLinks,
  parseWhatsAppNumbers,
  telHref,
  whatsAppHref,
} from '../../../lib/contacts.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChatIcon, MailIcon, PhoneIcon } from '../../../components/ui/icons.tsx';

const PAGE_LINKS = [
  { type: 'about-us', key: 'footer.aboutUs' },
  { type: 'contact-us', key: 'footer.contactUs' },
  { type: 'how-to-play', key: 'footer.howToPlay' },
] as const;

export function HomeFooter() {
  const { t } = useTranslation();
  const options = useSystemOptions();
  const social = parseSocialLinks(options.get(SYSTEM_OPTION.SOCIAL_LINKS));
  const whatsApp = parseWhatsAppNumbers(options.get(SYSTEM_OPTION.WHATSAPP));
  const hotline = options.get(SYSTEM_OPTION.HOTLINE);
  const email = options.get(SYSTEM_OPTION.EMAIL);
  const emailHref = email ? mailtoHref(email) : undefined;
  const licence = options.get(SYSTEM_OPTION.LICENCE);
  // Shown whole once the options are known: filling in contacts later would push the rest down.
  if (options.isPending) return null;

  return (
    <footer className="home-footer" data-testid="home-footer">
      <nav className="home-footer__pages" aria-label={t('footer.pages')}>
        {PAGE_LINKS.map((link) => (
          <Link key={link.type} to={PAGE_PATHS.contentBranch(link.type)}>
            {t(link.key)}
          </Link>
        ))}
      </nav>

      {social.length ? (
        <ul className="home-footer__social" aria-label={t('footer.social')}>
          {social.map((item) => (
            <li key={item.url}>
              <a href={item.url} target="_blank" rel="noopener noreferrer" aria-label={item.name}>
                {item.image ? (
                  <img src={item.image} alt="" width="32" height="32" loading="lazy" />
                ) : (
                  item.name
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}

      <ul className="home-footer__contacts">
        {whatsApp.map((number) => (
          <li key={number}>
            <a href={whatsAppHref(number)} target="_blank" rel="noopener noreferrer">
              <ChatIcon size={18} /> {t('contacts.whatsApp')} +{number}
            </a>
          </li>
        ))}
        {hotline ? (
          <li>
            <a href={telHref(hotline)}>
              <PhoneIcon size={18} /> {t('contacts.hotline')} {hotline}
            </a>
          </li>
        ) : null}
        {email && emailHref ? (
          <li>
            <a href={emailHref}>
              <MailIcon size={18} /> {email}
            </a>
          </li>
        ) : null}
      </ul>

      {licence ? <p className="home-footer__licence">{licence}</p> : null}

      <div className="home-footer__responsible">
        <img
          src="/statics/brand/age-18.webp"
          alt={t('footer.adultsOnly')}
          width="40"
          height="40"
          loading="lazy"
        />
        <p>
          {t('footer.responsibleNote')}{' '}
          <Link to={PAGE_PATHS.contentBranch('responsible-gaming')}>{t('footer.responsibleLink')}</Link>
        </p>
      </div>
    </footer>
  );
}
