import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'wouter';
import { ChevronIcon } from '../../components/icons.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** One group of the Me screen: an icon and a heading over its card. */
export function MeGroup({
  id,
  title,
  Icon,
  children,
}: {
  id: string;
  title: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}) {
  return (
    <section className="stack-sm" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="section-title me-group-title">
        <Icon width={18} height={18} />
        <span>{title}</span>
      </h2>
      {children}
    </section>
  );
}

/** A card of links to other screens, each a row with a chevron that mirrors in right-to-left layouts. */
export function LinkList({
  links,
  label,
  extra,
}: {
  links: readonly (readonly [string, string])[];
  label: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <nav className="card option-list" aria-label={label}>
      {links.map(([to, key]) => (
        <Link key={to} to={to} className="option">
          <span>{t(key as 'titles.bill')}</span>
          <ChevronIcon className="muted" />
        </Link>
      ))}
      {extra}
    </nav>
  );
}
