import { ERRORS } from '@app/contracts/errors';
import { APPEAL_CONTENT_MAX, MPESA_RECEIPT_PATTERN, OPEN_APPEAL_STATES } from '@app/contracts/feedback';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { DEPOSIT_STATE } from '@app/contracts/payment-records';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { addAppealImage } from '../api/add-appeal-image.ts';
import { orderAppealsQuery } from '../api/get-order-appeals.ts';
import { submitAppeal } from '../api/submit-appeal.ts';
import { depositOrderQuery } from '../api/get-deposit-order.ts';
import { DepositSummary } from '../components/deposit-summary.tsx';
import { ImagePicker } from '../components/image-picker.tsx';
import '../components/feedback.css';

/** Letters and digits only, in capitals as M-PESA prints them, at most 10. */
function cleanReceipt(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, 10);
}

function AppealForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [receipt, setReceipt] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [touched, setTouched] = useState({ receipt: false, content: false });

  const receiptValid = receipt === '' || MPESA_RECEIPT_PATTERN.test(receipt);
  const contentValid = content.trim().length > 0 && content.length <= APPEAL_CONTENT_MAX;
  const receiptError = touched.receipt && !receiptValid ? t('feedback.receiptRule') : undefined;
  const contentError = touched.content && !contentValid ? t('feedback.contentRequired') : undefined;
  const complete = receiptValid && contentValid && images.length > 0;

  const { busy, formProps } = useSubmit(complete, async () => {
    const [first, ...others] = images;
    if (!first) return;
    const appeal = await submitAppeal({ orderId, receipt, content: content.trim(), image: first });
    // The appeal exists now: an image that fails to follow is told, never a reason to stay here.
    for (const image of others) {
      try {
        await addAppealImage(appeal.id, image);
      } catch (error) {
        toastError(error);
      }
    }
    showToast(t('feedback.submitted'), { kind: 'success' });
    void navigate(PAGE_PATHS.appealTimeline(appeal.id), { replace: true });
  });

  return (
    <form className="appeal-form" {...formProps}>
      <Field
        id="appeal-receipt"
        label={t('feedback.receipt')}
        error={receiptError}
        hint={t('feedback.receiptHint')}
      >
        <input
          id="appeal-receipt"
          className="field__input"
          value={receipt}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={10}
          placeholder="QGH7XK2M1P"
          aria-invalid={receiptError ? true : undefined}
          aria-describedby={describedBy('appeal-receipt', receiptError, t('feedback.receiptHint'))}
          onInput={(event) => setReceipt(cleanReceipt(event.currentTarget.value))}
          onBlur={() => setTouched((previous) => ({ ...previous, receipt: true }))}
        />
      </Field>
      <div className={`field${contentError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="appeal-content">
          {t('feedback.content')}
        </label>
        <textarea
          id="appeal-content"
          className="appeal-form__text"
          rows={5}
          value={content}
          maxLength={APPEAL_CONTENT_MAX}
          placeholder={t('feedback.contentPlaceholder')}
          aria-invalid={contentError ? true : undefined}
          aria-describedby="appeal-content-count"
          onInput={(event) => setContent(event.currentTarget.value)}
          onBlur={() => setTouched((previous) => ({ ...previous, content: true }))}
        />
        <p id="appeal-content-count" className="field__hint appeal-form__count">
          {content.length}/{APPEAL_CONTENT_MAX}
        </p>
        {contentError ? (
          <p className="field__error" role="alert">
            {contentError}
          </p>
        ) : null}
      </div>
      <p className="field__label">{t('feedback.images')}</p>
      <ImagePicker files={images} onChange={setImages} />
      <p className="field__hint">{t('feedback.imagesHint')}</p>
      <button type="submit" className="button button--primary button--block" disabled={!complete || busy}>
        {busy ? t('feedback.sending') : t('feedback.submit')}
      </button>
    </form>
  );
}

/** `/feedback/deposit/{id}` (spec §2): the member appeals one of their deposits with proof images. */
export function AppealPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const orderId = Number(param);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  const order = useQuery({ ...depositOrderQuery(valid ? orderId : 0), enabled: valid });
  const appeals = useQuery({ ...orderAppealsQuery(valid ? orderId : 0), enabled: valid });

  const notFound = !valid || (isApiError(order.error) && order.error.code === ERRORS.NOT_FOUND.code);
  const open = appeals.data?.find((appeal) => OPEN_APPEAL_STATES.includes(appeal.state));
  // The newest answered "no": shown above the form, so appealing again starts from the answer, not a blank page.
  const rejected = appeals.data
    ?.filter((appeal) => appeal.state === 'rejected')
    .sort((a, b) => b.id - a.id)[0];
  const retry = () => {
    void order.refetch().catch(() => undefined);
    void appeals.refetch().catch(() => undefined);
  };

  let body;
  if (notFound) {
    body = (
      <p className="page-status" data-testid="appeal-not-found">
        {t('feedback.orderNotFound')}
      </p>
    );
  } else if (!order.data || !appeals.data) {
    const failed = order.status === 'error' ? order : appeals;
    body = (
      <QueryStatus
        status={failed.status === 'error' ? 'error' : 'pending'}
        error={failed.error}
        onRetry={retry}
      />
    );
  } else if (order.data.state === DEPOSIT_STATE.paid) {
    body = (
      <p className="page-status" data-testid="appeal-paid">
        {t('feedback.alreadyPaid')}
      </p>
    );
  } else if (open) {
    body = (
      <div className="page-status" data-testid="appeal-open">
        <p>{t('feedback.alreadyOpen')}</p>
        <Link className="button button--primary" to={PAGE_PATHS.appealTimeline(open.id)}>
          {t('feedback.seeProgress')}
        </Link>
      </div>
    );
  } else if (rejected) {
    body = (
      <>
        <div className="page-status" data-testid="appeal-rejected">
          <p>{t('feedback.rejectedBefore')}</p>
          <Link className="button button--ghost" to={PAGE_PATHS.appealTimeline(rejected.id)}>
            {t('feedback.seeAnswer')}
          </Link>
        </div>
        <AppealForm orderId={orderId} />
      </>
    );
  } else {
    body = <AppealForm orderId={orderId} />;
  }

  return (
    <div className="appeal">
      <NavBar title={t('feedback.appealTitle')} />
      {order.data ? (
        <DepositSummary
          transNo={order.data.transNo}
          payMoney={order.data.payMoney}
          state={order.data.state}
          createTime={order.data.createTime}
        />
      ) : null}
      {body}
    </div>
  );
}
