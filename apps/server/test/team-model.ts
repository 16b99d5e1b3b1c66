/**
 * A plain in-memory model of the team, written from RULES.md "Invitations and team" without SQL:
 * a parent map, volumes and levels per user, and the bonuses of one purchase walking the line upwards.
 * Amounts are bigints of 10^-18 AIDF, rates bigints of 10^-8 percent, so every result is exact.
 */
export const SCALE = 10n ** 18n;
const RATE_SCALE = 10n ** 8n;

export interface ModelConfig {
  levels: { minVolume: bigint; minDirect: number; rate: bigint }[]; // index 0 = star level 1
  directRate: bigint;
  peerRate: bigint;
  maxBonusPercent: bigint;
}

export type BonusType = 'cow-push-income' | 'cow-sns-level-income' | 'cow-sns-same-level-income';
export interface ModelBonus {
  beneficiary: number;
  type: BonusType;
  amount: bigint;
}

/** '12.5' → 1250000000n (10^-8 units) and the like. */
export function scaled(text: string, scale: bigint): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  const digits = scale.toString().length - 1;
  return BigInt(whole) * scale + BigInt((frac + '0'.repeat(digits)).slice(0, digits) || '0');
}
export const rateOf = (text: string) => scaled(text, RATE_SCALE);
export const amountOf = (text: string) => scaled(text, SCALE);

export class TeamModel {
  parent = new Map<number, number>();
  volume = new Map<number, bigint>();
  own = new Map<number, bigint>();
  direct = new Map<number, number>();
  level = new Map<number, number>();

  constructor(readonly config: ModelConfig) {}

  uplines(user: number): number[] {
    const line: number[] = [];
    for (let p = this.parent.get(user); p !== undefined; p = this.parent.get(p)) line.push(p);
    return line;
  }

  private levelOf(user: number): number {
    const v = this.volume.get(user) ?? 0n;
    const d = this.direct.get(user) ?? 0;
    let best = 0;
    this.config.levels.forEach((l, i) => {
      if (v >= l.minVolume && d >= l.minDirect) best = i + 1;
    });
    return best;
  }

  /** Binds like bindInviter: refused ('cycle') for yourself or anyone in your downline, ('bound') once bound. */
  bind(user: number, inviter: number): 'ok' | 'cycle' | 'bound' {
    if (this.parent.has(user)) return 'bound';
    if (user === inviter || this.uplines(inviter).includes(user)) return 'cycle';
    this.parent.set(user, inviter);
    const moved = (this.volume.get(user) ?? 0n) + (this.own.get(user) ?? 0n);
    this.direct.set(inviter, (this.direct.get(inviter) ?? 0) + 1);
    for (const a of this.uplines(user)) {
      this.volume.set(a, (this.volume.get(a) ?? 0n) + moved);
      this.level.set(a, this.levelOf(a));
    }
    return 'ok';
  }

  buy(buyer: number, worth: bigint): ModelBonus[] {
    this.own.set(buyer, (this.own.get(buyer) ?? 0n) + worth);
    const line = this.uplines(buyer);
    for (const a of line) {
      this.volume.set(a, (this.volume.get(a) ?? 0n) + worth);
      this.level.set(a, this.levelOf(a));
    }
    const rate = (level: number) => (level === 0 ? 0n : (this.config.levels[level - 1]?.rate ?? 0n));
    const owed: (ModelBonus & { due: bigint })[] = [];
    const pay = (beneficiary: number, type: BonusType, r: bigint) =>
      owed.push({ beneficiary, type, due: (worth * r) / (100n * RATE_SCALE), amount: 0n });
    let highestRateBelow = 0n;
    let highestLevelBelow = 0;
    const seenOfLevel = new Map<number, number>();
    line.forEach((a, i) => {
      const level = this.level.get(a) ?? 0;
      if (i === 0) pay(a, 'cow-push-income', this.config.directRate);
      if (rate(level) > highestRateBelow) pay(a, 'cow-sns-level-income', rate(level) - highestRateBelow);
      // The first upline of the same level as the highest level paid below it (exactly one of it below).
      if (level > 0 && level === highestLevelBelow && seenOfLevel.get(level) === 1) {
        pay(a, 'cow-sns-same-level-income', this.config.peerRate);
      }
      seenOfLevel.set(level, (seenOfLevel.get(level) ?? 0) + 1);
      if (rate(level) > highestRateBelow) highestRateBelow = rate(level);
      if (level > highestLevelBelow) highestLevelBelow = level;
    });
    // The maximum per purchase, taken in line order (nearest first, direct before level before peer).
    let left = (worth * this.config.maxBonusPercent) / (100n * RATE_SCALE);
    for (const b of owed) {
      b.amount = b.due < left ? b.due : left > 0n ? left : 0n;
      left -= b.due;
    }
    return owed.filter((b) => b.amount > 0n).map(({ beneficiary, type, amount }) => ({ beneficiary, type, amount }));
  }
}

/** 10^-18 units back to the decimal text NUMERIC prints without trailing zeros. */
export function amountText(units: bigint): string {
  const whole = units / SCALE;
  const frac = (units % SCALE).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
