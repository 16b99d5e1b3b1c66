/**
 * The console spec's operators: proposed and approved by the e2e server's two founders (the admins OPERATOR_TOKEN
 * made at once, as `npm run operator -- add-operator` does), signing in through the console's own sign-in page with
 * the TOTP code an authenticator app would show, computed here from the otpauth URI.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { type TOTP, URI } from 'otpauth';
import { DEV_OPERATOR_TOKEN } from '../../apps/server/src/config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MESSAGES = path.join(here, '../../apps/console/src/i18n');
// The transaction-type labels the console shows are the app's (its `txType` group), as apps/console/src/i18n says.
const APP_LOCALES = path.join(here, '../../apps/web/src/i18n/locales');

export interface Operator {
  username: string;
  role: 'support' | 'finance' | 'admin';
  password: string;
  otpauthUri: string;
}

/** The console's languages as its language switch stores them, and their message folders. */
export const CONSOLE_LANGUAGES = [
  { code: 'en', stored: 'en', folder: 'en' },
  { code: 'zhCN', stored: 'zh-CN', folder: 'zhCN' },
  { code: 'ar', stored: 'ar', folder: 'ar' },
] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };

/** The console's texts of one language, so the spec finds controls by what the operator reads. */
export function consoleTexts(language: ConsoleLanguage) {
  const dir = path.join(MESSAGES, language.folder);
  const tree: Tree = Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Tree]),
  );
  const app = JSON.parse(fs.readFileSync(path.join(APP_LOCALES, `${language.folder}.json`), 'utf8')) as Tree;
  tree.txType = app.txType as Tree;
  const plural = new Intl.PluralRules(language.stored);
  return (key: string, vars: Record<string, string | number> = {}): string => {
    // A count picks the plural form as i18next does (`_one`, `_other`) when the key has no plain form.
    const parts = key.split('.');
    let node: string | Tree | undefined = tree;
    for (const [i, part] of parts.entries()) {
      if (typeof node !== 'object') break;
      const last = i === parts.length - 1;
      node =
        last && node[part] === undefined && typeof vars.count === 'number'
          ? node[`${part}_${plural.select(vars.count)}`]
          : node[part];
    }
    if (typeof node !== 'string') throw new Error(`no console text ${key} in ${language.folder}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

/** A call of the operator API with the automation credential (the operator `cli`). */
export async function ops<T>(baseURL: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/ops/v1${route}`, {
    method,
    headers: {
      authorization: `Bearer ${DEV_OPERATOR_TOKEN}`,
      'x-operator': 'e2e-console',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${method} ${route}: ${response.status} ${json.code} ${json.msg}`);
  return json.data;
}

/** The two admins OPERATOR_TOKEN makes at once on each e2e server (the bootstrap's founders), signed in. */
interface Founders {
  names: [string, string];
  tokens: [string, string];
}
const founders = new Map<string, Promise<Founders>>();
let made = 0;

/** A call of the operator API as a signed-in operator (its session token). */
async function asOperator<T>(baseURL: string, token: string, route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}/ops/v1${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const json = (await response.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`POST ${route}: ${response.status} ${json.code} ${json.msg}`);
  return json.data;
}

/**
 * The server's founders: OPERATOR_TOKEN makes operators at once only until two admins have existed, for good, so
 * each e2e server gets its two first admins here, once, and every spec's operators are proposed by one and approved
 * by the other (four eyes, as on a live platform).
 */
function foundersOf(baseURL: string): Promise<Founders> {
  let found = founders.get(baseURL);
  if (!found) {
    found = (async () => {
      const names: [string, string] = ['e2e-founder-a', 'e2e-founder-b'];
      const tokens = await Promise.all(
        names.map(async (username) => {
          const account = await ops<Operator>(baseURL, 'POST', '/operators', { username, role: 'admin' });
          const session = await fetch(`${baseURL}/ops/v1/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password: account.password, totp: totpNow(account.otpauthUri) }),
          });
          return ((await session.json()) as { data: { token: string } }).data.token;
        }),
      );
      return { names, tokens: tokens as [string, string] };
    })();
    founders.set(baseURL, found);
  }
  return found;
}

/**
 * A new operator with its one-time credentials: proposed by one founder and approved by the other, taking turns,
 * so two operators made one after the other were made by different people and may approve each other's proposals.
 */
export async function addOperator(baseURL: string, username: string, role: Operator['role']): Promise<Operator> {
  const turn = made++ % 2;
  const { tokens } = await foundersOf(baseURL);
  const proposer = tokens[turn] as string;
  const approver = tokens[1 - turn] as string;
  const proposed = await asOperator<{ proposalId: string }>(baseURL, proposer, '/operators', { username, role });
  return asOperator<Operator>(baseURL, approver, `/proposals/${proposed.proposalId}/approve`);
}

/** The founders' names (who made every spec's operators). */
export async function founderNames(baseURL: string): Promise<[string, string]> {
  return (await foundersOf(baseURL)).names;
}

/** Disables an operator a spec made, as `npm run operator -- disable-operator` does (the founders stay admins). */
export async function retireOperator(baseURL: string, operator: Pick<Operator, 'username'>) {
  await ops(baseURL, 'POST', `/operators/${operator.username}/disable`, { reason: 'e2e: the spec that made it ended' });
}

/** The code the operator's authenticator app shows now. */
export function totpNow(otpauthUri: string): string {
  return (URI.parse(otpauthUri) as TOTP).generate();
}

/** The HTTP status of a sign-in with these credentials, made as the console makes it. */
export async function loginStatus(baseURL: string, operator: Operator): Promise<number> {
  const response = await fetch(`${baseURL}/ops/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: operator.username,
      password: operator.password,
      totp: totpNow(operator.otpauthUri),
    }),
  });
  return response.status;
}

/**
 * Signs in on the console's page as a person would: name, password, the authenticator's code. `timeout`: how
 * long the password's slow hash may take (longer on a machine busy with other runs).
 */
export async function consoleSignIn(page: Page, language: ConsoleLanguage, operator: Operator, timeout = 5_000) {
  const t = consoleTexts(language);
  await page.goto('/ops/');
  await expect(page.getByRole('heading', { name: t('signin.title') })).toBeVisible();
  await page.getByLabel(t('signin.username')).fill(operator.username);
  await page.getByLabel(t('signin.password')).fill(operator.password);
  await page.getByLabel(t('signin.totp')).fill(totpNow(operator.otpauthUri));
  await page.getByRole('button', { name: t('signin.submit'), exact: true }).click();
  await expect(page.getByTestId('operator')).toContainText(operator.username, { timeout });
  await expect(page.getByTestId('operator')).toContainText(t(`common.roles.${operator.role}`));
}

export async function consoleSignOut(page: Page, language: ConsoleLanguage) {
  const t = consoleTexts(language);
  await page.getByRole('button', { name: t('shell.signOut') }).click();
  await expect(page.getByRole('heading', { name: t('signin.title') })).toBeVisible();
}

/** Opens a section from the left navigation. */
export async function openSection(page: Page, language: ConsoleLanguage, section: string) {
  const t = consoleTexts(language);
  await page
    .getByRole('navigation', { name: t('shell.navigation') })
    .getByRole('link', { name: t(`shell.nav.${section}`) })
    .click();
}
