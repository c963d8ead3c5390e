import { PolicyLayout } from './policy-layout';

/** /terms&conditions */
export default function TermsPage() {
  return (
    <PolicyLayout
      title="Terms & Conditions"
      intro="These terms apply to every purchase from Kitroom, an online store of football jerseys and sportswear based in Kozhikode, Kerala. By placing an order you accept them."
      sections={[
        {
          heading: 'Orders and prices',
          body: (
            <>
              <p>
                All prices are in Indian rupees. The price you pay is the one shown in your order
                summary at checkout, together with the shipping fee for your state. An order is
                confirmed once the payment has succeeded.
              </p>
              <p>
                If a jersey becomes unavailable after you paid, we tell you by email and refund the
                full amount within 7 days.
              </p>
            </>
          ),
        },
        {
          heading: 'Cancellation',
          body: (
            <p>
              You may cancel an order within 7 days of placing it, as long as it has not been
              shipped. Write to us from the email address of your account with the order number.
            </p>
          ),
        },
        {
          heading: 'Returns, exchanges and defects',
          body: (
            <p>
              Returns and size exchanges are accepted within 7 days of delivery. A defect or a wrong
              item must be reported within 7 days of delivery, with photographs. Details are in our
              Return Policy and Refund Policy.
            </p>
          ),
        },
        {
          heading: 'Sale items',
          body: (
            <p>
              Items bought in a sale or with a promotional coupon may be ineligible for return or
              exchange; the product page or the offer says so when this applies.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              Keep your password private. You are responsible for orders placed from your account.
              We may suspend accounts used for fraud or abuse.
            </p>
          ),
        },
        {
          heading: 'Jerseys and trademarks',
          body: (
            <p>
              Club, national-team and player names are used to describe the jerseys we sell. Colours
              on screen may differ slightly from the fabric.
            </p>
          ),
        },
        {
          heading: 'Governing law',
          body: (
            <p>
              These terms are governed by the laws of India. Any dispute is subject to the exclusive
              jurisdiction of the courts of Kozhikode, Kerala.
            </p>
          ),
        },
      ]}
    />
  );
}
