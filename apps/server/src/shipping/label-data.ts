// What a shipping label shows, read from the shipment, its order and the shop's settings.
import type { Queryable } from '../db/index.js';
import type { ShippingLabel } from './labels.js';
import * as q from './shipments.queries.js';

export async function shippingLabelsOf(
  db: Queryable,
  rows: readonly q.LabelRow[],
): Promise<ShippingLabel[]> {
  if (rows.length === 0) return [];
  const shop = await q.courierSettings(db);
  return rows.map((r) => {
    const a = r.shipping_address;
    const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '');
    return {
      awb: r.awb ?? r.reference,
      courierName: r.courier_name ?? r.courier,
      reference: r.reference,
      orderId: r.order_id,
      from: {
        name: shop.legal_name,
        address: shop.address.replace(/\s*\n\s*/g, ', '),
        city: shop.city,
        state: shop.state,
        pincode: shop.pincode,
        phone: shop.phone,
      },
      to: {
        name: `${text('first_name')} ${text('last_name')}`.trim(),
        address: text('street_name'),
        city: text('city'),
        state: text('state') || r.order_state,
        pincode: text('pincode'),
        phone: text('phone') || r.mobile_number,
      },
      codAmountPaise: r.cod_amount_paise,
      weightGrams: r.weight_grams,
    };
  });
}
