import { useTranslation } from '../../i18n/use-translation.ts';

export type StarLevelNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A star level as its title ("Earl" in each language) and its stars; level 0 has no title yet. */
export function StarLevel({ level, size = 'md' }: { level: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const title = level > 0 ? t(`team.level.${level as StarLevelNumber}`) : t('team.noLevel');
  return (
    <span className={`star-level star-level-${size}`} data-testid="star-level" data-level={level}>
      <span className="stars" aria-hidden="true">
        {Array.from({ length: 7 }, (_, i) => (
          <span key={i} className={i < level ? 'star star-on' : 'star'}>
            ★
          </span>
        ))}
      </span>
      <span className="star-title">{title}</span>
    </span>
  );
}
