import { PolicyLayout } from './policy-layout';

/** /refundPolicy */
export default function RefundPolicyPage() {
  return (
    <PolicyLayout
      title="Refund Policy"
      intro="When a return is accepted or an order is cancelled, we refund you to the way you paid."
      sections={[
        {
          heading: 'When you are refunded',
          body: (
            <ul>
              <li>An order cancelled within 7 days of placing it, before it ships.</li>
              <li>
                A return accepted under our Return Policy, once the item reaches us and passes its
                check.
              </li>
              <li>A defect or wrong item reported within 7 days of delivery.</li>
              <li>A paid order we cannot fulfil.</li>
            </ul>
          ),
        },
        {
          heading: 'How long it takes',
          body: (
            <p>
              Refunds are processed within 7 days of approval, to the original payment method. Your
              bank or card issuer may take a few more working days to show the money in your
              account.
            </p>
          ),
        },
        {
          heading: 'What is refunded',
          body: (
            <p>
              The price you paid for the item. Shipping fees are refunded when the return is caused
              by a defect, damage or a wrong item from our side.
            </p>
          ),
        },
        {
          heading: 'Sale items',
          body: <p>Sale items may be ineligible for a refund unless they are defective.</p>,
        },
      ]}
    />
  );
}
