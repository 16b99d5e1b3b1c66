import { useTranslation } from 'react-i18next';
import { CreditForm } from './CreditForm.tsx';
import { ProposalsTable } from './ProposalsTable.tsx';

/** Four eyes on money: credit, and approve what another operator proposed. */
export function CreditsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('credits.title')}</h1>
      <CreditForm />
      <ProposalsTable />
    </>
  );
}
