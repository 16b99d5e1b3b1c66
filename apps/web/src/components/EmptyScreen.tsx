import { useTranslation } from 'react-i18next';
import type { Messages } from '../i18n/index.ts';
import { EmptyState } from './EmptyState.tsx';

type EmptyName = keyof Messages['empty'] extends infer K ? (K extends `${infer N}Title` ? N : never) : never;

/** A screen whose content a later capability fills: its real header above, an honest empty state here. */
export function EmptyScreen({ name }: { name: EmptyName }) {
  const { t } = useTranslation();
  return <EmptyState title={t(`empty.${name}Title`)} text={t(`empty.${name}Text`)} />;
}
