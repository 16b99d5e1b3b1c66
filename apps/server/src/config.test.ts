import { DEV_REQUEST_SIGN_SECRET } from '@aidf/contract';
import { describe, expect, it } from 'vitest';
import { DEV_OPERATOR_TOKEN, loadConfig } from './config.ts';
import { DEV_AUTHENTICATOR_SEAL_KEY } from './domain/auth/authenticator-seal.ts';

/** An authenticator seal key of our own (32 bytes in base64). */
const OWN_SEAL_KEY = Buffer.alloc(32, 7).toString('base64');

/** The DEPOSIT_XPUB of the phrase 'test … junk' (m/44'/60'/0'/0). */
const DEPOSIT_XPUB =
  'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/aidf' });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/aidf/data', databaseUrl: undefined });
    expect(c.passwordScryptN).toBe(2 ** 17);
  });

  it('lowers the password hash cost for the test suite only', () => {
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_SCRYPT_N: '1024' }).passwordScryptN).toBe(1024);
    expect(() => loadConfig({ PASSWORD_SCRYPT_N: '1024' })).toThrow(/PASSWORD_SCRYPT_N below 131072 .*NODE_ENV=test/);
    expect(loadConfig({ PASSWORD_SCRYPT_N: '131072' }).passwordScryptN).toBe(2 ** 17);
    for (const bad of ['1000', '512', '262144', 'fast']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_SCRYPT_N: bad })).toThrow(/PASSWORD_SCRYPT_N/);
    }
  });

  it('reads every setting by its documented name', () => {
    const c = loadConfig({
      // The test mode: local chain URLs without the production settings would refuse to start otherwise.
      NODE_ENV: 'test',
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/aidf',
      DATABASE_URL: 'postgres://u@db:5432/aidf',
      REQUEST_SIGN_SECRET: 'a-long-enough-secret',
      SMTP_URL: 'smtp://mail:25',
      BSC_RPC_URL: 'http://127.0.0.1:8545',
      SOLANA_RPC_URL: 'http://127.0.0.1:8899',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/var/lib/aidf',
      databaseUrl: 'postgres://u@db:5432/aidf',
      requestSignSecret: 'a-long-enough-secret',
      smtpUrl: 'smtp://mail:25',
      bscRpcUrl: 'http://127.0.0.1:8545',
      solanaRpcUrl: 'http://127.0.0.1:8899',
    });
  });

  it('fails with one clear line per bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it('refuses the dev request secret and the dev operator token in production', () => {
    const own = {
      REQUEST_SIGN_SECRET: 'our-own-production-secret',
      OPERATOR_TOKEN: 'our-own-operator-token',
      AUTHENTICATOR_SEAL_KEY: OWN_SEAL_KEY,
    };
    expect(() => loadConfig({ NODE_ENV: 'production', OPERATOR_TOKEN: own.OPERATOR_TOKEN })).toThrow(
      /REQUEST_SIGN_SECRET/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', REQUEST_SIGN_SECRET: own.REQUEST_SIGN_SECRET })).toThrow(
      /OPERATOR_TOKEN/,
    );
    const chains = {
      BSC_RPC_URL: 'https://bsc.example.org',
      SOLANA_RPC_URL: 'https://solana.example.org',
      HOT_WALLET_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      DEPOSIT_XPUB,
      SMTP_URL: 'smtp://mail.example.org:587',
      PUBLIC_HOSTS: 'aidf.example',
      CREDIT_APPROVAL_THRESHOLD: '1000',
    };
    expect(loadConfig({ NODE_ENV: 'production', ...own, ...chains }).env).toBe('production');
  });

  it('needs the chains and the platform keys in production, and never starts a dev chain there', () => {
    const own = {
      REQUEST_SIGN_SECRET: 'our-own-production-secret',
      OPERATOR_TOKEN: 'our-own-operator-token',
      AUTHENTICATOR_SEAL_KEY: OWN_SEAL_KEY,
    };
    expect(() => loadConfig({ NODE_ENV: 'production', ...own })).toThrow(
      /BSC_RPC_URL: required[\s\S]*SOLANA_RPC_URL: required[\s\S]*HOT_WALLET_PRIVATE_KEY: required[\s\S]*DEPOSIT_XPUB: required/,
    );
    expect(loadConfig({}).mode).toBe('dev-chains');
    expect(
      loadConfig({ DEV_CHAIN: 'off', ...own, SMTP_URL: 'smtp://mail:25', PUBLIC_HOSTS: 'aidf.example' }).mode,
    ).toBe('production-like');
    expect(() => loadConfig({ WITHDRAW_FEE_RATE: '1.5' })).toThrow(/WITHDRAW_FEE_RATE/);
    expect(loadConfig({}).withdrawFeeRate).toBe('0.005');
  });

  describe('production start-up rules', () => {
    const own = {
      REQUEST_SIGN_SECRET: 'our-own-production-secret',
      OPERATOR_TOKEN: 'our-own-operator-token',
      AUTHENTICATOR_SEAL_KEY: OWN_SEAL_KEY,
    };
    const everything = {
      ...own,
      SMTP_URL: 'smtp://mail.example.org:587',
      PUBLIC_HOSTS: 'aidf.example',
      BSC_RPC_URL: 'https://bsc.example.org',
      SOLANA_RPC_URL: 'https://solana.example.org',
      HOT_WALLET_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
      DEPOSIT_XPUB,
    };
    /** The message loadConfig stops with, or a note that it started. */
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return 'started';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('runs the dev tools only when npm start runs the dev chains itself, or in the tests', () => {
      expect(loadConfig({}).mode).toBe('dev-chains');
      expect(loadConfig({ NODE_ENV: 'development' }).mode).toBe('dev-chains');
      expect(loadConfig({ NODE_ENV: 'test' }).mode).toBe('test');
      expect(loadConfig({ NODE_ENV: 'test', BSC_RPC_URL: 'http://127.0.0.1:8545' }).mode).toBe('test');
      expect(loadConfig({ NODE_ENV: 'production', ...everything, CREDIT_APPROVAL_THRESHOLD: '1000' }).mode).toBe(
        'production-like',
      );
    });

    it('refuses a real chain URL without every production setting, in one line naming what is missing and why', () => {
      const message = refusal({ BSC_RPC_URL: 'https://bsc.example.org' });
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^Invalid configuration: a real chain is configured \(BSC_RPC_URL\)/);
      expect(message).toContain(
        'missing: REQUEST_SIGN_SECRET (not the public dev value), OPERATOR_TOKEN (not the public dev value), AUTHENTICATOR_SEAL_KEY (not the public dev value), SMTP_URL, PUBLIC_HOSTS, SOLANA_RPC_URL, HOT_WALLET_PRIVATE_KEY, DEPOSIT_XPUB',
      );
      expect(refusal({ SOLANA_RPC_URL: 'https://solana.example.org' })).toMatch(
        /a real chain is configured \(SOLANA_RPC_URL\).*missing: .*SMTP_URL, PUBLIC_HOSTS, BSC_RPC_URL, HOT_WALLET_PRIVATE_KEY/,
      );
      // One setting short of the whole set is still refused, naming just that one.
      const { SMTP_URL: _smtp, ...withoutSmtp } = everything;
      expect(refusal(withoutSmtp)).toMatch(
        /a real chain is configured \(BSC_RPC_URL, SOLANA_RPC_URL\).*missing: SMTP_URL \(/,
      );
    });

    it('refuses a platform key without every production setting', () => {
      expect(refusal({ HOT_WALLET_PRIVATE_KEY: everything.HOT_WALLET_PRIVATE_KEY })).toMatch(
        /^Invalid configuration: a platform key is configured \(HOT_WALLET_PRIVATE_KEY\).*missing: .*BSC_RPC_URL, SOLANA_RPC_URL, DEPOSIT_XPUB/,
      );
      expect(refusal({ DEPOSIT_HD_MNEMONIC: 'test test test test test test test test test test test junk' })).toMatch(
        /a platform key is configured \(DEPOSIT_HD_MNEMONIC\)/,
      );
      expect(refusal({ DEPOSIT_XPUB })).toMatch(/a platform key is configured \(DEPOSIT_XPUB\)/);
    });

    it('refuses the public dev operator token and request secret beside a real chain, even when set by hand', () => {
      expect(refusal({ ...everything, OPERATOR_TOKEN: DEV_OPERATOR_TOKEN })).toMatch(
        /missing: OPERATOR_TOKEN \(not the public dev value\) \(/,
      );
      expect(refusal({ ...everything, REQUEST_SIGN_SECRET: DEV_REQUEST_SIGN_SECRET })).toMatch(
        /missing: REQUEST_SIGN_SECRET \(not the public dev value\) \(/,
      );
    });

    it('refuses to start production-like without its own authenticator seal key, and reads it in the API role only', () => {
      const { AUTHENTICATOR_SEAL_KEY: _k, ...withoutSealKey } = everything;
      expect(refusal(withoutSealKey)).toMatch(/missing: AUTHENTICATOR_SEAL_KEY \(not the public dev value\) \(/);
      expect(refusal({ ...everything, AUTHENTICATOR_SEAL_KEY: DEV_AUTHENTICATOR_SEAL_KEY })).toMatch(
        /missing: AUTHENTICATOR_SEAL_KEY \(not the public dev value\) \(/,
      );
      expect(refusal({ ...withoutSealKey, NODE_ENV: 'production', CREDIT_APPROVAL_THRESHOLD: '1000' })).toBe(
        'Invalid configuration:\n  AUTHENTICATOR_SEAL_KEY: set your own key in production (32 random bytes in base64)',
      );
      for (const bad of ['short', Buffer.alloc(16).toString('base64'), 'ab'.repeat(32)]) {
        expect(refusal({ ...everything, AUTHENTICATOR_SEAL_KEY: bad })).toMatch(/AUTHENTICATOR_SEAL_KEY: must be 32/);
        expect(refusal({ ...everything, AUTHENTICATOR_SEAL_KEY_PREVIOUS: bad })).toMatch(
          /AUTHENTICATOR_SEAL_KEY_PREVIOUS: must be 32/,
        );
      }
      const previous = Buffer.alloc(32, 9).toString('base64');
      expect(loadConfig({ ...everything, AUTHENTICATOR_SEAL_KEY_PREVIOUS: previous })).toMatchObject({
        authenticatorSealKey: OWN_SEAL_KEY,
        authenticatorSealKeyPrevious: previous,
      });
      // A process without the API checks no code: it neither needs nor keeps the key.
      const chainsOnly = { NODE_ENV: 'production', BSC_RPC_URL: everything.BSC_RPC_URL, ROLES: 'workers' };
      expect(loadConfig({ ...chainsOnly, SOLANA_RPC_URL: everything.SOLANA_RPC_URL })).toMatchObject({
        authenticatorSealKey: undefined,
      });
      expect(
        loadConfig({ ...chainsOnly, SOLANA_RPC_URL: everything.SOLANA_RPC_URL, AUTHENTICATOR_SEAL_KEY: OWN_SEAL_KEY }),
      ).toMatchObject({ authenticatorSealKey: undefined, authenticatorSealKeyPrevious: null });
      // Beside the dev chains and in the tests, the public development key.
      expect(loadConfig({}).authenticatorSealKey).toBe(DEV_AUTHENTICATOR_SEAL_KEY);
    });

    it('starts production-like, without dev tools, when every production setting is set', () => {
      const c = loadConfig(everything);
      expect(c).toMatchObject({ env: 'development', mode: 'production-like', operatorToken: own.OPERATOR_TOKEN });
    });

    it('runs DEV_CHAIN=off without dev tools, so it needs its own secrets, SMTP and hosts but no chain', () => {
      expect(refusal({ DEV_CHAIN: 'off' })).toMatch(
        /^Invalid configuration: DEV_CHAIN=off .*missing: REQUEST_SIGN_SECRET \(not the public dev value\), OPERATOR_TOKEN \(not the public dev value\), AUTHENTICATOR_SEAL_KEY \(not the public dev value\), SMTP_URL, PUBLIC_HOSTS \(/,
      );
      const c = loadConfig({
        DEV_CHAIN: 'off',
        ...own,
        SMTP_URL: everything.SMTP_URL,
        PUBLIC_HOSTS: everything.PUBLIC_HOSTS,
      });
      expect(c).toMatchObject({ mode: 'production-like', bscRpcUrl: undefined, solanaRpcUrl: undefined });
    });

    it('keeps NODE_ENV=test on the loopback dev chains the tests start', () => {
      expect(refusal({ NODE_ENV: 'test', BSC_RPC_URL: 'https://bsc.example.org' })).toBe(
        'Invalid configuration: NODE_ENV=test runs the dev tools, so BSC_RPC_URL must be a loopback dev chain (127.0.0.1, ::1 or localhost)',
      );
      expect(loadConfig({ NODE_ENV: 'test', SOLANA_RPC_URL: 'http://localhost:8899' }).mode).toBe('test');
    });

    it('needs SMTP_URL in production too, where no dev mailbox stands in', () => {
      const { SMTP_URL: _smtp, ...withoutSmtp } = everything;
      expect(refusal({ NODE_ENV: 'production', ...withoutSmtp, CREDIT_APPROVAL_THRESHOLD: '1000' })).toBe(
        'Invalid configuration:\n  SMTP_URL: required in production',
      );
    });

    it('needs CREDIT_APPROVAL_THRESHOLD with NODE_ENV=production only (four eyes on money)', () => {
      expect(refusal({ NODE_ENV: 'production', ...everything })).toBe(
        'Invalid configuration:\n  CREDIT_APPROVAL_THRESHOLD: required in production',
      );
      expect(loadConfig({ ...everything }).creditApprovalThreshold).toBeNull();
      expect(loadConfig({ NODE_ENV: 'production', ...everything, CREDIT_APPROVAL_THRESHOLD: '1000' })).toMatchObject({
        creditApprovalThreshold: '1000',
      });
    });
    describe('process roles (ROLES)', () => {
      const production = { NODE_ENV: 'production', ...everything, CREDIT_APPROVAL_THRESHOLD: '1000' };
      const { HOT_WALLET_PRIVATE_KEY: hotKey, ...withoutKeys } = production;
      const mnemonic = 'test test test test test test test test test test test junk';
      /** A 32-byte seed in base58 (the Solana hot wallet's key in its short form). */
      const solanaKey = '4wBqpZM9xaSheZzJSMawUHDgZ7miWfSsxmfVF5jJpYP';

      it('runs all three roles in one process unless ROLES names fewer', () => {
        expect(loadConfig({}).roles).toEqual(['api', 'workers', 'treasury']);
        expect(loadConfig({ ROLES: ' api , workers,api' }).roles).toEqual(['api', 'workers']);
        expect(refusal({ ROLES: 'api,payouts' })).toMatch(
          /^Invalid configuration:\n {2}ROLES\.1: must be a comma list/,
        );
        expect(refusal({ ROLES: ' , ' })).toMatch(/ROLES: must name at least one of api, workers, treasury/);
      });

      it('refuses an API without the treasury that holds a spending key, in one line naming the keys', () => {
        expect(refusal({ ...production, ROLES: 'api' })).toBe(
          'Invalid configuration: ROLES=api runs the API without the treasury, so it may hold no spending key; unset HOT_WALLET_PRIVATE_KEY (only the treasury role reads it)',
        );
        expect(refusal({ ...production, ROLES: 'api,workers', DEPOSIT_HD_MNEMONIC: mnemonic })).toBe(
          'Invalid configuration: ROLES=api,workers runs the API without the treasury, so it may hold no spending key; unset DEPOSIT_HD_MNEMONIC and HOT_WALLET_PRIVATE_KEY (only the treasury role reads them)',
        );
        // Production-like without NODE_ENV (a real chain configured) is refused the same.
        const { NODE_ENV: _env, ...noNodeEnv } = production;
        expect(refusal({ ...noNodeEnv, ROLES: 'api' })).toMatch(/^Invalid configuration: ROLES=api runs the API/);
        // The Solana hot wallet's key is a spending key too.
        expect(refusal({ ...withoutKeys, ROLES: 'api', SOLANA_HOT_WALLET_KEY: solanaKey })).toBe(
          'Invalid configuration: ROLES=api runs the API without the treasury, so it may hold no spending key; unset SOLANA_HOT_WALLET_KEY (only the treasury role reads it)',
        );
        expect(
          refusal({ ...production, ROLES: 'api', DEPOSIT_HD_MNEMONIC: mnemonic, SOLANA_HOT_WALLET_KEY: solanaKey }),
        ).toBe(
          'Invalid configuration: ROLES=api runs the API without the treasury, so it may hold no spending key; unset DEPOSIT_HD_MNEMONIC, HOT_WALLET_PRIVATE_KEY and SOLANA_HOT_WALLET_KEY (only the treasury role reads them)',
        );
        // The tests run every role mix with the dev keys on the loopback chains.
        expect(refusal({ NODE_ENV: 'test', ROLES: 'api', HOT_WALLET_PRIVATE_KEY: hotKey })).toBe('started');
      });

      it('starts an API without keys, which never sees them; the treasury alone reads them', () => {
        const api = loadConfig({ ...withoutKeys, ROLES: 'api,workers' });
        expect(api).toMatchObject({ roles: ['api', 'workers'], hotWalletPrivateKey: undefined });
        const treasury = loadConfig({ ...production, DEPOSIT_HD_MNEMONIC: mnemonic, ROLES: 'treasury' });
        expect(treasury).toMatchObject({ hotWalletPrivateKey: hotKey, depositMnemonic: mnemonic });
        const solanaTreasury = loadConfig({ ...production, ROLES: 'treasury', SOLANA_HOT_WALLET_KEY: solanaKey });
        expect(solanaTreasury.solanaHotWalletKey).toBe(solanaKey);
        const solanaApi = loadConfig({ NODE_ENV: 'test', ROLES: 'api', SOLANA_HOT_WALLET_KEY: solanaKey });
        expect(solanaApi).toMatchObject({ solanaHotWalletKey: undefined });
        expect(refusal({ SOLANA_HOT_WALLET_KEY: '0x1234' })).toMatch(/SOLANA_HOT_WALLET_KEY: must be base58/);
        // In the tests a key given to a process without the treasury stays unread.
        const testApi = loadConfig({ NODE_ENV: 'test', ROLES: 'api', HOT_WALLET_PRIVATE_KEY: hotKey });
        expect(testApi).toMatchObject({ hotWalletPrivateKey: undefined, depositMnemonic: undefined });
      });

      it("asks each role for what it uses: the treasury for the hot wallet's key, the API for its secrets", () => {
        expect(refusal({ ...withoutKeys, ROLES: 'treasury' })).toBe(
          'Invalid configuration:\n  HOT_WALLET_PRIVATE_KEY: required in production',
        );
        // A workers or treasury process serves no API: no secrets, mail, hosts, threshold or xpub asked for.
        const chainsOnly = {
          NODE_ENV: 'production',
          BSC_RPC_URL: everything.BSC_RPC_URL,
          SOLANA_RPC_URL: everything.SOLANA_RPC_URL,
        };
        expect(refusal({ ...chainsOnly, ROLES: 'workers' })).toBe('started');
        expect(refusal({ ...chainsOnly, ROLES: 'workers,treasury', HOT_WALLET_PRIVATE_KEY: hotKey })).toBe('started');
        expect(refusal({ ...withoutKeys, ROLES: 'api' })).toBe('started');
      });
    });
  });
});
