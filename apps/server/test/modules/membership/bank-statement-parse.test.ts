import { describe, expect, it } from 'vitest';
import {
  parseStatement,
  StatementError,
} from '../../../src/modules/membership/bank-statement-parse.js';

/*
 * camt.053 as banks send it, written from the ISO 20022 schemas (BankToCustomerStatementV02 to
 * V08) and the shapes of banks' published samples: the namespace declared by URI with or without
 * a prefix and after other declarations, `Sts` as a code or a `Cd`, `Dt` and `DtTm` dates,
 * parties with and without `Pty`, structured and unstructured remittance, batched entries,
 * amounts with up to five decimals (ADR 029).
 */

const NS = (version: string) => `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`;

function statement(
  entries: string,
  root = `<Document xmlns="${NS('02')}">`,
  close = '</Document>',
) {
  const prefix = /^<([\w.-]+):Document/.exec(root)?.[1];
  const tag = (name: string) => (prefix ? `${prefix}:${name}` : name);
  // The entries are written without a prefix; a prefixed document gets its prefix on each tag.
  const body = prefix ? entries.replace(/<(\/?)([A-Z]\w*)/g, `<$1${prefix}:$2`) : entries;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n${root}<${tag('BkToCstmrStmt')}><${tag('GrpHdr')}><${tag('MsgId')}>M1</${tag('MsgId')}></${tag('GrpHdr')}><${tag('Stmt')}><${tag('Id')}>S1</${tag('Id')}>${body}</${tag('Stmt')}></${tag('BkToCstmrStmt')}>${close}`,
  );
}

const BOOKED_CREDIT = `<Ntry><Amt Ccy="EUR">80.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
  <BookgDt><Dt>2026-11-26</Dt></BookgDt><AcctSvcrRef>REF-1</AcctSvcrRef>
  <NtryDtls><TxDtls><RltdPties><Dbtr><Nm>MARIO ROSSI</Nm></Dbtr></RltdPties>
  <RmtInf><Ustrd>QUOTA 00042 ANNI 2026</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

describe('camt.053 statements as banks send them (ADR 029)', () => {
  it('reads the namespace by its URI, after xmlns:xsi or bound to a prefix', () => {
    const roots = [
      [
        `<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="${NS('02')}">`,
        '</Document>',
      ],
      [
        `<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS('02')} camt.053.001.02.xsd" xmlns='${NS('02')}'>`,
        '</Document>',
      ],
      [
        `<camt:Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camt="${NS('08')}">`,
        '</camt:Document>',
      ],
    ] as const;
    for (const [root, close] of roots) {
      const parsed = parseStatement(statement(BOOKED_CREDIT, root, close));
      expect(parsed.format).toBe('camt053');
      expect(parsed.rows).toEqual([
        expect.objectContaining({
          amountCents: 8000,
          bookedOn: '2026-11-26',
          payer: 'MARIO ROSSI',
        }),
      ]);
    }
  });

  it('accepts every camt.053 version from 001.02 to 001.08, and no other message', () => {
    for (const version of ['02', '03', '04', '05', '06', '07', '08']) {
      const parsed = parseStatement(statement(BOOKED_CREDIT, `<Document xmlns="${NS(version)}">`));
      expect(parsed.rows).toHaveLength(1);
    }
    const camt052 = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02">`;
    expect(() => parseStatement(statement(BOOKED_CREDIT, camt052))).toThrow(
      'Il file XML non è un estratto conto ISO 20022 camt.053',
    );
    // A default namespace of another document and the camt one bound to an unused prefix.
    const elsewhere = `<Document xmlns="urn:example:other" xmlns:camt="${NS('02')}">`;
    expect(() => parseStatement(statement(BOOKED_CREDIT, elsewhere))).toThrow(StatementError);
  });

  it('reads version 001.08: status code, booking date-time, party, structured remittance, five decimals', () => {
    const entry = `<Ntry><Amt Ccy="EUR">80.00000</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>
      <BookgDt><DtTm>2026-11-26T09:15:00+01:00</DtTm></BookgDt><AcctSvcrRef>REF-8</AcctSvcrRef>
      <NtryDtls><TxDtls><Refs><EndToEndId>E2E-8</EndToEndId></Refs>
        <RltdPties><Dbtr><Pty><Nm>Giulia D’Amico</Nm></Pty></Dbtr>
          <DbtrAcct><Id><IBAN>it60 x054 2811 1010 0000 0654 321</IBAN></Id></DbtrAcct></RltdPties>
        <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>QUOTA 00042 ANNI 2026 CK 46</Ref></CdtrRefInf>
          <AddtlRmtInf>Quota associativa</AddtlRmtInf></Strd></RmtInf>
        <AddtlTxInf>BONIFICO SEPA DA GIULIA D'AMICO</AddtlTxInf></TxDtls></NtryDtls></Ntry>`;
    const parsed = parseStatement(
      statement(entry, `<camt:Document xmlns:camt="${NS('08')}">`, '</camt:Document>'),
    );
    expect(parsed.rows).toEqual([
      {
        reference: 'camt:REF-8',
        bookedOn: '2026-11-26',
        amountCents: 8000,
        payer: 'Giulia D’Amico',
        payerIban: 'IT60X0542811101000000654321',
        remittance: "QUOTA 00042 ANNI 2026 CK 46 Quota associativa BONIFICO SEPA DA GIULIA D'AMICO",
      },
    ]);
  });

  it('reads each transaction of a batched entry, with amounts of version 001.02 or later', () => {
    const entry = `<Ntry><Amt Ccy="EUR">110.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
      <BookgDt><Dt>2026-11-25</Dt></BookgDt><AcctSvcrRef>BATCH-1</AcctSvcrRef>
      <NtryDtls><Btch><NbOfTxs>2</NbOfTxs><TtlAmt Ccy="EUR">110.00</TtlAmt></Btch>
        <TxDtls><Refs><AcctSvcrRef>B1-1</AcctSvcrRef></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">80.00</Amt></TxAmt></AmtDtls>
          <RmtInf><Ustrd>QUOTA 00042 ANNI 2026</Ustrd></RmtInf></TxDtls>
        <TxDtls><Refs><AcctSvcrRef>B1-2</AcctSvcrRef></Refs><Amt Ccy="EUR">30.00</Amt>
          <RmtInf><Ustrd>QUOTA 00043 ANNI 2026</Ustrd></RmtInf></TxDtls></NtryDtls>
      <NtryDtls><TxDtls><Refs><AcctSvcrRef>B1-3</AcctSvcrRef></Refs><Amt Ccy="EUR">5.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
          <RmtInf><Ustrd>COMMISSIONI</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
    const parsed = parseStatement(statement(entry, `<Document xmlns="${NS('04')}">`));
    expect(parsed.rows.map((row) => [row.reference, row.amountCents, row.remittance])).toEqual([
      ['camt:B1-1', 8000, 'QUOTA 00042 ANNI 2026'],
      ['camt:B1-2', 3000, 'QUOTA 00043 ANNI 2026'],
    ]);
  });

  it('leaves out pending entries and debits, and refuses a fraction of a cent in Italian', () => {
    const pending = BOOKED_CREDIT.replace('<Sts>BOOK</Sts>', '<Sts><Cd>PDNG</Cd></Sts>').replace(
      'REF-1',
      'REF-P',
    );
    const debit = BOOKED_CREDIT.replace('CRDT', 'DBIT').replace('REF-1', 'REF-D');
    const parsed = parseStatement(statement(`${BOOKED_CREDIT}${pending}${debit}`));
    expect(parsed.rows.map((row) => row.reference)).toEqual(['camt:REF-1']);

    const subCent = BOOKED_CREDIT.replace('80.00', '80.005');
    expect(() => parseStatement(statement(subCent))).toThrow(
      'Un movimento dell’estratto conto non ha importo o data leggibili (80.005, 2026-11-26).',
    );
  });
});
