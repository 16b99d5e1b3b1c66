import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/aidf' });
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: '/srv/aidf/data', databaseUrl: undefined });
  });

  it('reads every setting by its documented name', () => {
    const c = loadConfig({
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
    const own = { REQUEST_SIGN_SECRET: 'our-own-production-secret', OPERATOR_TOKEN: 'our-own-operator-token' };
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
      DEPOSIT_HD_MNEMONIC: 'test test test test test test test test test test test junk',
    };
    expect(loadConfig({ NODE_ENV: 'production', ...own, ...chains }).env).toBe('production');
  });

  it('needs the chains and the platform keys in production, and never starts a dev chain there', () => {
    const own = { REQUEST_SIGN_SECRET: 'our-own-production-secret', OPERATOR_TOKEN: 'our-own-operator-token' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...own })).toThrow(
      /BSC_RPC_URL: required[\s\S]*SOLANA_RPC_URL: required[\s\S]*HOT_WALLET_PRIVATE_KEY: required[\s\S]*DEPOSIT_HD_MNEMONIC: required/,
    );
    expect(loadConfig({}).devChain).toBe(true);
    expect(loadConfig({ DEV_CHAIN: 'off' }).devChain).toBe(false);
    expect(() => loadConfig({ WITHDRAW_FEE_RATE: '1.5' })).toThrow(/WITHDRAW_FEE_RATE/);
    expect(loadConfig({}).withdrawFeeRate).toBe('0.005');
  });
});
