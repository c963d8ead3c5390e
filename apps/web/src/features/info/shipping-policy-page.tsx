import {
  formatRupees,
  freeShippingText,
  paiseToRupees,
  type ShippingRates,
} from '@kitroom/contract';
import { useShopDetails } from '@/ui/shop-details';
import { PolicyLayout } from './policy-layout';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/** The shop's fees as Settings → Shipping sets them (the spec's table by default). */
function ShippingFees({ rates }: { rates: ShippingRates }) {
  const free = freeShippingText(rates);
  return (
    <>
      <ul>
        {rates.zones.map((z) => (
          <li key={z.label}>
            {z.label}: {rupees(z.fee_paise)}
          </li>
        ))}
        <li>Every other state and union territory: {rupees(rates.other_fee_paise)}</li>
      </ul>
      {free && <p>{free}</p>}
    </>
  );
}

/** /shippingPolicy */
export default function ShippingPolicyPage() {
  const shop = useShopDetails();
  return (
    <PolicyLayout
      title="Shipping Policy"
      intro="We ship to every state and union territory of India from our store in Kozhikode, Kerala."
      sections={[
        {
          heading: 'Dispatch',
          body: (
            <p>
              Every paid order is shipped within 5 days. You receive the tracking number and a
              tracking link on your order page as soon as the parcel leaves us.
            </p>
          ),
        },
        {
          heading: 'Shipping fees',
          body: shop ? (
            <ShippingFees rates={shop.shipping} />
          ) : (
            <p>Shown at checkout for the state you ship to.</p>
          ),
        },
        {
          heading: 'Delivery',
          body: (
            <p>
              Delivery time after dispatch depends on your pincode and the courier. The expected
              delivery date is shown on your order page once it is known.
            </p>
          ),
        },
        {
          heading: 'Address and delays',
          body: (
            <p>
              Please check your shipping address and phone number before paying. We are not
              responsible for delays caused by an incomplete address, an unreachable phone number or
              events beyond our control.
            </p>
          ),
        },
        {
          heading: 'Damaged parcels',
          body: (
            <p>
              If a parcel arrives damaged, keep the packaging and report it within 7 days of
              delivery with photographs. We replace or refund the item.
            </p>
          ),
        },
      ]}
    />
  );
}
