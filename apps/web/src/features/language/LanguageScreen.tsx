import { LANGUAGES, type TLanguage } from '@aidf/contract';
import { CheckIcon } from '../../components/icons.tsx';
import { showToast } from '../../components/toast.tsx';
import { setLanguage } from '../../i18n/index.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

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
              {/* The row follows the interface's direction so all eleven line up; only the name is isolated. */}
              <button
                type="button"
                className={`option${selected ? ' option-selected' : ''}`}
                aria-pressed={selected}
                onClick={() => choose(l.code)}
                data-testid={`language-${l.code}`}
              >
                <bdi lang={l.htmlLang} dir={l.rtl ? 'rtl' : 'ltr'}>
                  {l.name}
                </bdi>
                {selected && <CheckIcon className="accent" aria-label={t('common.selected')} />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
