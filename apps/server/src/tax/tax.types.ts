// The tax domain's shapes: what an order's GST computation takes and gives. The computation
// (tax.ts) is pure; invoices and credit notes store its lines as tax_document_lines rows.
// Money is integer paise; rates are basis points (500 = 5%).

/** A line of the order as the invoice sees it: goods at their selling price, GST included. */
export interface TaxInputLine {
  /** order_items.id; null for shipping. */
  orderItemId: number | null;
  kind: 'goods' | 'shipping';
  description: string;
  hsn: string;
  quantity: number;
  /** The selling price of one piece, GST included, before the coupon. */
  unitPricePaise: number;
  /**
   * The coupon's discount on the whole line (order_items.discount_paise), GST included;
   * null when the order did not keep it (then the computation allocates the order's discount).
   */
  discountPaise: number | null;
}

export interface TaxInput {
  lines: TaxInputLine[];
  /** The order's coupon discount, GST included (orders.discount_paise). */
  discountPaise: number;
  /** The shipping charged, GST included (orders.shipping_paise). */
  shippingPaise: number;
  /** The shop's state (its GSTIN's state): settings.state. */
  sellerState: string;
  /** The place of supply: the delivery address's state. */
  deliveryState: string;
  /** The date of supply, which picks the rates in force. */
  at: Date;
}

/** One line of a tax document: the columns of tax_document_lines but its keys. */
export interface TaxLine {
  kind: 'goods' | 'shipping';
  orderItemId: number | null;
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  unitPricePaise: number;
  /** quantity × unit price. */
  valuePaise: number;
  discountPaise: number;
  taxablePaise: number;
  rateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** value − discount = taxable + taxes. */
  totalPaise: number;
}

export interface TaxBreakdown {
  supplyType: 'intra' | 'inter';
  placeOfSupply: string;
  /** The GST state code of the place of supply ('32' for Kerala). */
  placeOfSupplyCode: string;
  lines: TaxLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Equals the order's total exactly. */
  totalPaise: number;
}
