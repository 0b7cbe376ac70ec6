import { Dialog } from '../../../components/ui/dialog.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** A programme's rules (spec §2 rule dialog); no rules written → "rule missing" (spec §8). */
export function RulesDialog({
  title,
  rules,
  onClose,
}: {
  title: string;
  rules: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const paragraphs = rules
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <Dialog
      label={`${title}: ${t('promotion.rules')}`}
      onClose={onClose}
      className="rules-dialog"
      testId="rules-dialog"
    >
      <h2 className="rules-dialog__title">{t('promotion.rules')}</h2>
      <div className="rules-dialog__body">
        {paragraphs.length > 0 ? (
          paragraphs.map((paragraph, index) => <p key={index}>{paragraph}</p>)
        ) : (
          <p className="rules-dialog__missing">{t('promotion.ruleMissing')}</p>
        )}
      </div>
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        {t('common.ok')}
      </button>
    </Dialog>
  );
}
