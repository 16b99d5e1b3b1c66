import { isLanguage, languageInfo } from '@aidf/contract';
import type { i18n as I18n } from 'i18next';

interface PluralResolver {
  getRule(code: string, options?: object): Intl.PluralRules | undefined;
}

/**
 * i18next picks a plural form (`_one`, `_few`, …) from `Intl.PluralRules(language code)`. Our codes are SPEC.md's
 * (zhCN, sp), which Intl does not know: zhCN would throw and get English's one/other, so "1" would fall back to
 * the English `_one` text. The rules are asked for the code's BCP 47 tag (zh-CN, es) instead.
 */
export function applyPluralRulesOfLanguageTags(instance: I18n) {
  const resolver = instance.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLanguage(code) ? languageInfo(code).htmlLang : code, options);
}
