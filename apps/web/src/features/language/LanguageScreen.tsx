import { LANGUAGES, type TLanguage } from '@aidf/contract';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons.tsx';
import { showToast } from '../../components/toast.tsx';
import { setLanguage } from '../../i18n/index.ts';

export default function LanguageScreen() {
  const { t, i18n } = useTranslation();
  const choose = (code: TLanguage) => setLanguage(code).catch(() => showToast(t('errors.network'), 'error'));
  return (
    <div className="stack-sm">
      <p className="muted">{t('language.intro')}</p>
      <ul className="card option-list" data-testid="language-list">
        {LANGUAGES.map((l) => {
          const selected = l.code === i18n.language;
          return (
            <li key={l.code}>
              <button
                type="button"
                className={`option${selected ? ' option-selected' : ''}`}
                aria-pressed={selected}
                lang={l.htmlLang}
                dir={l.rtl ? 'rtl' : 'ltr'}
                onClick={() => choose(l.code)}
                data-testid={`language-${l.code}`}
              >
                <span>{l.name}</span>
                {selected && <CheckIcon className="accent" aria-label={t('common.selected')} />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
