import { PolicyLayout } from './policy-layout';

/** /returnPolicy */
export default function ReturnPolicyPage() {
  return (
    <PolicyLayout
      title="Return Policy"
      intro="Wrong size, a change of mind or a defect: you can return or exchange a jersey within 7 days of delivery."
      sections={[
        {
          heading: 'Time limit',
          body: (
            <p>
              Ask for a return or an exchange within 7 days of delivery. Defects, damage in transit
              and wrong items must also be reported within 7 days of delivery.
            </p>
          ),
        },
        {
          heading: 'Condition of the item',
          body: (
            <ul>
              <li>Unworn, unwashed and with every tag attached.</li>
              <li>In the original packaging, with any free gifts that came with it.</li>
            </ul>
          ),
        },
        {
          heading: 'Printed shirts',
          body: (
            <p>
              A shirt printed with a name or number for you can be returned or exchanged only if it
              arrives damaged or faulty.
            </p>
          ),
        },
        {
          heading: 'Sale items',
          body: (
            <p>
              Items bought in a sale may be ineligible for return or exchange. Defective sale items
              are always replaced or refunded.
            </p>
          ),
        },
        {
          heading: 'How to return',
          body: (
            <ol className="ml-5 list-decimal space-y-1">
              <li>
                On your order's page (My Account, Orders), choose Return or exchange, the pieces and
                the reason. For a defect, tick “The item arrived damaged or faulty” and email us
                photographs too.
              </li>
              <li>We mail you our answer, with the return address or a pickup date.</li>
              <li>
                Once the item reaches us and is checked, we send the exchange or start your refund.
              </li>
            </ol>
          ),
        },
        {
          heading: 'Exchanges',
          body: (
            <p>
              A size exchange is shipped within 5 days of the returned item reaching us, subject to
              stock. If the size is sold out, we refund you instead.
            </p>
          ),
        },
      ]}
    />
  );
}
