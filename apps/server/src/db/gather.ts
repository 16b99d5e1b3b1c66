/** What one item of a batch came to: its answer, or the error it alone gets. */
export type Settled<O> = { ok: O } | { error: unknown };

interface Waiting<I, O> {
  item: I;
  resolve: (answer: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made while earlier ones are in flight into one statement (group commit, for reads as for
 * writes): a call made while `inFlight` batches are at the database waits, and the calls that waited go together,
 * at most `perBatch`, through `many`. Alone, a call goes at once through `one`, so a quiet server answers as fast
 * as before. `many` answers each item in its order; when it throws (a lost connection, a deadlock, a row the
 * database rejects), each item of the batch goes through `one`, so one bad item never fails the others.
 */
export function gatherer<I, O>(options: {
  one: (item: I) => Promise<O>;
  many: (items: I[]) => Promise<Settled<O>[]>;
  perBatch: number;
  inFlight: number;
}) {
  const waiting: Waiting<I, O>[] = [];
  let inFlight = 0;

  async function sendMany(batch: Waiting<I, O>[]) {
    let settled: Settled<O>[];
    try {
      settled = await options.many(batch.map((w) => w.item));
    } catch {
      await Promise.all(batch.map((w) => options.one(w.item).then(w.resolve, w.reject)));
      return;
    }
    for (const [i, w] of batch.entries()) {
      const answer = settled[i];
      if (!answer) w.reject(new Error('a batch left an item unanswered'));
      else if ('ok' in answer) w.resolve(answer.ok);
      else w.reject(answer.error);
    }
  }

  function pump() {
    while (inFlight < options.inFlight && waiting.length > 0) {
      const batch = waiting.splice(0, options.perBatch);
      const [first] = batch as [Waiting<I, O>];
      inFlight += 1;
      const sent = batch.length === 1 ? options.one(first.item).then(first.resolve, first.reject) : sendMany(batch);
      void sent.finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** The call's answer, as `one` would give it. */
    call(item: I): Promise<O> {
      return new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        pump();
      });
    },
    /** How many calls wait for a batch in flight to end. */
    waiting: () => waiting.length,
  };
}
