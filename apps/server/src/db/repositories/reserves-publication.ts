import { sql } from 'drizzle-orm';
import type { AppDb } from '../client.ts';
import { rowsOf } from '../raw.ts';

/** A report whose root is to be published or on its way (0039_reserves_publication.sql). */
export interface PublicationRow {
  reportId: string;
  status: 'pending' | 'signed' | 'sent';
  currencies: string[];
  rootHash: string;
  rootSums: string[];
  from: string | null;
  nonce: bigint | null;
  gasPrice: bigint | null;
  pricedAtBlock: bigint | null;
  signedTx: string | null;
  txHash: string | null;
  replaced: string[];
  sentAt: Date | null;
}

const COLUMNS = sql`
  id::text AS "reportId", publication_status AS status, currencies, root_hash AS "rootHash",
  root_sums::text[] AS "rootSums", publication_from AS "from", publication_nonce::text AS nonce,
  publication_gas_price::text AS "gasPrice", publication_priced_at_block::text AS "pricedAtBlock",
  publication_signed_tx AS "signedTx", publication_tx_hash AS "txHash", publication_replaced AS replaced,
  publication_sent_at AS "sentAt"`;

type RawRow = Omit<PublicationRow, 'nonce' | 'gasPrice' | 'pricedAtBlock' | 'sentAt'> & {
  nonce: string | null;
  gasPrice: string | null;
  pricedAtBlock: string | null;
  sentAt: string | Date | null;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));
const asRow = (r: RawRow): PublicationRow => ({
  ...r,
  nonce: big(r.nonce),
  gasPrice: big(r.gasPrice),
  pricedAtBlock: big(r.pricedAtBlock),
  sentAt: r.sentAt === null ? null : new Date(r.sentAt),
});

/**
 * The publication of reports' roots on BNB Smart Chain. Every change is a compare-and-set on the state (and the
 * current bytes) its caller saw, so two instances, or a retry after a crash, never move one twice.
 */
export function reservesPublicationRepository(db: AppDb) {
  return {
    /** Reports signed or sent and not yet confirmed, oldest first. */
    async live(): Promise<PublicationRow[]> {
      return rowsOf<RawRow>(
        await db.execute(sql`SELECT ${COLUMNS} FROM reserves_reports
          WHERE publication_status IN ('signed', 'sent') ORDER BY id`),
      ).map(asRow);
    },

    /** The oldest report waiting to be published. */
    async nextPending(): Promise<PublicationRow | null> {
      const [row] = rowsOf<RawRow>(
        await db.execute(sql`SELECT ${COLUMNS} FROM reserves_reports
          WHERE publication_status = 'pending' AND root_hash IS NOT NULL ORDER BY id LIMIT 1`),
      );
      return row ? asRow(row) : null;
    },

    /** Records the signed bytes with their nonce, before they are ever sent; false when the report moved. */
    async markSigned(
      reportId: string,
      s: { from: string; nonce: bigint; gasPrice: bigint; pricedAtBlock: bigint; signedTx: string; txHash: string },
    ): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`UPDATE reserves_reports SET publication_status = 'signed', publication_from = ${s.from},
            publication_nonce = ${s.nonce}, publication_gas_price = ${s.gasPrice},
            publication_priced_at_block = ${s.pricedAtBlock}, publication_signed_tx = ${s.signedTx},
            publication_tx_hash = ${s.txHash}
          WHERE id = ${reportId}::bigint AND publication_status = 'pending' RETURNING id`),
      );
      return rows.length === 1;
    },

    /** The bytes were handed to a node (or it had them): 'sent', and when, so they go out again now and then. */
    async markSent(reportId: string, txHash: string) {
      await db.execute(sql`UPDATE reserves_reports SET publication_status = 'sent', publication_sent_at = now(),
          publication_error = NULL
        WHERE id = ${reportId}::bigint AND publication_tx_hash = ${txHash} AND publication_status IN ('signed', 'sent')`);
    },

    /**
     * The same nonce signed again at a higher price becomes the current bytes, the earlier hash kept (it may still
     * be the one mined); false when the report moved meanwhile.
     */
    async replace(
      reportId: string,
      fromHash: string,
      to: { gasPrice: bigint; pricedAtBlock: bigint; signedTx: string; txHash: string },
    ): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`UPDATE reserves_reports SET publication_status = 'signed',
            publication_replaced = array_append(publication_replaced, publication_tx_hash),
            publication_gas_price = ${to.gasPrice}, publication_priced_at_block = ${to.pricedAtBlock},
            publication_signed_tx = ${to.signedTx}, publication_tx_hash = ${to.txHash}, publication_sent_at = NULL
          WHERE id = ${reportId}::bigint AND publication_tx_hash = ${fromHash} AND publication_status = 'sent'
          RETURNING id`),
      );
      return rows.length === 1;
    },

    /**
     * Ends a publication whose transaction (`minedHash`, the current bytes or an earlier variant) is mined and
     * confirmed: 'published' with its block and fee, or 'failed' when it reverted; false when it had moved.
     */
    async finish(
      reportId: string,
      expectedHash: string,
      end: {
        status: 'published' | 'failed';
        minedHash: string;
        block: bigint;
        fee: bigint;
        feeMovementId: bigint | null;
      },
    ): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`UPDATE reserves_reports SET publication_status = ${end.status},
            publication_tx_hash = ${end.minedHash}, publication_block = ${end.block}, publication_fee = ${end.fee},
            publication_fee_movement_id = ${end.feeMovementId},
            publication_error = ${end.status === 'failed' ? 'the publication transaction reverted' : null}
          WHERE id = ${reportId}::bigint AND publication_tx_hash = ${expectedHash}
            AND publication_status IN ('signed', 'sent')
          RETURNING id`),
      );
      return rows.length === 1;
    },

    /**
     * Back to 'pending' when another transaction of the hot wallet took the publication's nonce: none of its bytes
     * can ever be mined, so it is signed anew with a fresh nonce. False when the report moved meanwhile.
     */
    async reset(reportId: string, expectedHash: string, reason: string): Promise<boolean> {
      const rows = rowsOf(
        await db.execute(sql`UPDATE reserves_reports SET publication_status = 'pending', publication_from = NULL,
            publication_nonce = NULL, publication_gas_price = NULL, publication_priced_at_block = NULL,
            publication_signed_tx = NULL, publication_tx_hash = NULL, publication_replaced = '{}',
            publication_sent_at = NULL, publication_error = ${reason.slice(0, 500)}
          WHERE id = ${reportId}::bigint AND publication_tx_hash = ${expectedHash}
            AND publication_status IN ('signed', 'sent')
          RETURNING id`),
      );
      return rows.length === 1;
    },

    /** Notes why the last attempt to send or follow a publication failed (shown to operators). */
    async noteError(reportId: string, error: string) {
      await db.execute(sql`UPDATE reserves_reports SET publication_error = ${error.slice(0, 500)}
        WHERE id = ${reportId}::bigint`);
    },
  };
}
