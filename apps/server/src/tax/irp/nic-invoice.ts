// NIC's e-invoice JSON (schema INV-01 v1.1, as published on einv-apisandbox.nic.in) built from a
// stored tax document (decision 068), and the schema itself as zod: the fields we send, with
// the lengths, patterns and enumerations NIC's JSON schema gives them. The test fake of the
// portal validates what it receives with the same schema, and adds the portal's own checks
// (GSTIN checksum, totals, intra- or inter-state taxes) that a JSON schema cannot state.
// Amounts are the stored document's paise written as rupees with two decimals; nothing is
// computed again, so the IRP registers what the invoice prints.
import { z } from 'zod';
import { IST_OFFSET_MS } from '../../indian-days.js';
import type { BuyerBlock, PrintedDocument } from '../document-pdf.js';

const text = (min: number, max: number) => z.string().min(min).max(max);
/** Rupees with at most `decimals` decimals, as NIC's "number" fields (≤ 99,99,99,99,99,999.99). */
const amount = (decimals = 2) =>
  z
    .number()
    .min(0)
    .max(999_999_999_999.99)
    .refine((v) => Number.isInteger(Math.round(v * 10 ** decimals * 1e6) / 1e6), {
      message: `at most ${decimals} decimals`,
    });
const GSTIN = z.string().regex(/^[0-9]{2}[0-9A-Z]{13}$/);
const STATE_CODE = z.string().regex(/^[0-9]{1,2}$/);
const PIN = z.number().int().min(100000).max(999999);

/** NIC's GST rates (the schema's enumeration of GstRt). */
export const NIC_GST_RATES = [0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28] as const;

export const NicInvoiceSchema = z
  .object({
    Version: z.literal('1.1'),
    TranDtls: z.strictObject({
      TaxSch: z.literal('GST'),
      SupTyp: z.enum(['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP']),
      RegRev: z.enum(['Y', 'N']).optional(),
      EcmGstin: GSTIN.nullable().optional(),
      IgstOnIntra: z.enum(['Y', 'N']).optional(),
    }),
    DocDtls: z.strictObject({
      Typ: z.enum(['INV', 'CRN', 'DBN']),
      No: z.string().regex(/^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/),
      Dt: z.string().regex(/^[0-3][0-9]\/[0-1][0-9]\/20[0-9]{2}$/),
    }),
    SellerDtls: z.strictObject({
      Gstin: GSTIN,
      LglNm: text(3, 100),
      TrdNm: text(3, 100).optional(),
      Addr1: text(1, 100),
      Addr2: text(3, 100).optional(),
      Loc: text(3, 50),
      Pin: PIN,
      Stcd: STATE_CODE,
      Ph: z
        .string()
        .regex(/^[0-9]{6,12}$/)
        .optional(),
      Em: text(6, 100).optional(),
    }),
    BuyerDtls: z.strictObject({
      Gstin: z.string().min(3).max(15),
      LglNm: text(3, 100),
      TrdNm: text(3, 100).optional(),
      Pos: STATE_CODE,
      Addr1: text(1, 100),
      Addr2: text(3, 100).optional(),
      Loc: text(3, 100),
      Pin: PIN.optional(),
      Stcd: STATE_CODE,
      Ph: z
        .string()
        .regex(/^[0-9]{6,12}$/)
        .optional(),
      Em: text(6, 100).optional(),
    }),
    ShipDtls: z
      .strictObject({
        Gstin: GSTIN.optional(),
        LglNm: text(3, 100),
        TrdNm: text(3, 100).optional(),
        Addr1: text(1, 100),
        Addr2: text(3, 100).optional(),
        Loc: text(3, 100),
        Pin: PIN,
        Stcd: STATE_CODE,
      })
      .optional(),
    RefDtls: z
      .strictObject({
        InvRm: text(3, 100).optional(),
        PrecDocDtls: z
          .array(
            z.strictObject({
              InvNo: z.string().regex(/^[a-zA-Z1-9][a-zA-Z0-9/-]{0,15}$/),
              InvDt: z.string().regex(/^[0-3][0-9]\/[0-1][0-9]\/20[0-9]{2}$/),
              OthRefNo: text(1, 20).optional(),
            }),
          )
          .min(1)
          .max(100)
          .optional(),
      })
      .optional(),
    ItemList: z
      .array(
        z.strictObject({
          SlNo: text(1, 6),
          PrdDesc: text(3, 300).optional(),
          IsServc: z.enum(['Y', 'N']),
          HsnCd: z.string().regex(/^[0-9]{4,8}$/),
          Qty: amount(3).optional(),
          Unit: text(3, 8).optional(),
          UnitPrice: amount(3),
          TotAmt: amount(),
          Discount: amount().optional(),
          AssAmt: amount(),
          GstRt: z.union(NIC_GST_RATES.map((r) => z.literal(r))),
          IgstAmt: amount().optional(),
          CgstAmt: amount().optional(),
          SgstAmt: amount().optional(),
          TotItemVal: amount(),
        }),
      )
      .min(1)
      .max(1000),
    ValDtls: z.strictObject({
      AssVal: amount(),
      CgstVal: amount().optional(),
      SgstVal: amount().optional(),
      IgstVal: amount().optional(),
      Discount: amount().optional(),
      RndOffAmt: z.number().min(-99.99).max(99.99).optional(),
      TotInvVal: amount(),
    }),
  })
  .strict();
export type NicInvoice = z.infer<typeof NicInvoiceSchema>;

/** Paise as NIC's rupees: 238095 → 2380.95. */
export const rupees = (paise: number): number => Math.round(paise) / 100;

/** dd/mm/yyyy of the Indian day an instant falls on (NIC's DocDtls.Dt). */
export function nicDate(at: Date): string {
  const [y, m, d] = new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

const DOC_TYPES = { invoice: 'INV', credit_note: 'CRN' } as const;

const digits = (v: string) => v.replace(/\D/g, '');
const clip = (v: string, max: number) => v.replace(/\s+/g, ' ').trim().slice(0, max);

/** The buyer's registered address (Bill to): the parts staff entered, else the one line. */
function buyerAddress(b: BuyerBlock, gstin: string) {
  if (b.billing) {
    return {
      Addr1: clip(b.billing.street, 100),
      Loc: clip(b.billing.city, 100),
      Pin: Number(b.billing.pincode),
      Stcd: b.billing.state_code,
    };
  }
  // Shops approved before registered addresses were asked for (decision 046) have one line;
  // the state is the GSTIN's, the pincode the delivery's when it is in that state.
  const stcd = gstin.slice(0, 2);
  return {
    Addr1: clip(b.billing_address || b.address, 100),
    Loc: clip(b.city, 100),
    ...(b.state_code === stcd ? { Pin: Number(b.pincode) } : {}),
    Stcd: stcd,
  };
}

/** Where a built e-invoice breaks NIC's schema, as 'BuyerDtls.Loc: …' lines. */
export function schemaProblems(invoice: unknown): string[] {
  const checked = NicInvoiceSchema.safeParse(invoice);
  if (checked.success) return [];
  return checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/**
 * The e-invoice of a stored B2B invoice or credit note, checked against NIC's schema before
 * it is sent (NIC blocks users who send many erroneous requests); its problems when it breaks
 * the schema. Each line goes as the invoice prints
 * it: its taxable value is NIC's assessable amount (the coupon's discount is already out of
 * it, as the invoice states it), so Discount is not sent and UnitPrice is the taxable value of
 * one piece; the taxes and totals are the document's own.
 */
export function nicInvoiceOf(
  d: PrintedDocument,
): { ok: true; invoice: NicInvoice } | { ok: false; problems: string[] } {
  const built = buildNicInvoice(d);
  const checked = NicInvoiceSchema.safeParse(built);
  return checked.success
    ? { ok: true, invoice: checked.data }
    : { ok: false, problems: schemaProblems(built) };
}

function buildNicInvoice(d: PrintedDocument): unknown {
  if (d.kind !== 'invoice' && d.kind !== 'credit_note') {
    throw new Error(`A ${d.kind} is not an e-invoice document`);
  }
  const s = d.seller;
  const b = d.buyer;
  const gstin = b.gstin ?? '';
  const phone = digits(s.phone).slice(-12);
  const shipTo = {
    LglNm: clip(b.name, 100),
    Addr1: clip(b.address, 100),
    Loc: clip(b.city, 100),
    Pin: Number(b.pincode),
    Stcd: b.state_code,
  };
  const billTo = buyerAddress(b, gstin);
  const shipsElsewhere = shipTo.Addr1 !== billTo.Addr1 || shipTo.Pin !== billTo.Pin;
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: DOC_TYPES[d.kind], No: d.number, Dt: nicDate(d.issuedAt) },
    SellerDtls: {
      Gstin: s.gstin,
      LglNm: clip(s.legal_name, 100),
      Addr1: clip(s.address, 100),
      Loc: clip(s.city, 50),
      Pin: Number(s.pincode),
      Stcd: s.state_code,
      ...(phone.length >= 6 ? { Ph: phone } : {}),
      ...(s.email.length >= 6 ? { Em: clip(s.email, 100) } : {}),
    },
    BuyerDtls: {
      Gstin: gstin,
      LglNm: clip(b.legal_name || b.name, 100),
      Pos: d.placeOfSupplyCode,
      ...billTo,
    },
    ...(shipsElsewhere ? { ShipDtls: shipTo } : {}),
    // A credit note names the invoice it corrects.
    ...(d.original
      ? {
          RefDtls: {
            PrecDocDtls: [{ InvNo: d.original.number, InvDt: nicDate(d.original.issuedAt) }],
          },
        }
      : {}),
    ItemList: d.lines.map((l, i) => ({
      SlNo: String(i + 1),
      PrdDesc: clip(l.description, 300).padEnd(3, '.'),
      IsServc: l.hsn.startsWith('99') ? 'Y' : 'N',
      HsnCd: l.hsn,
      Qty: l.quantity,
      Unit: l.unit,
      UnitPrice: Math.round((l.taxablePaise * 10) / l.quantity) / 1000,
      TotAmt: rupees(l.taxablePaise),
      AssAmt: rupees(l.taxablePaise),
      GstRt: l.rateBp / 100,
      IgstAmt: rupees(l.igstPaise),
      CgstAmt: rupees(l.cgstPaise),
      SgstAmt: rupees(l.sgstPaise),
      TotItemVal: rupees(l.totalPaise),
    })),
    ValDtls: {
      AssVal: rupees(d.taxablePaise),
      CgstVal: rupees(d.cgstPaise),
      SgstVal: rupees(d.sgstPaise),
      IgstVal: rupees(d.igstPaise),
      TotInvVal: rupees(d.totalPaise),
    },
  };
}
