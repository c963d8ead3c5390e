import { PolicyLayout } from './policy-layout';

/** /privacyPolicy */
export default function PrivacyPolicyPage() {
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro="This policy explains what personal data Kitroom keeps, why, and what you can ask us to do with it."
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>
                Your name, email address, mobile number and shipping address, to deliver your
                orders.
              </li>
              <li>Your orders, cart and reviews, to run your account.</li>
              <li>Feedback you send us, with your account when you are logged in.</li>
              <li>For wholesalers: the shop details and GST number you give us.</li>
            </ul>
          ),
        },
        {
          heading: 'Payments',
          body: (
            <p>
              Card, UPI and bank details are entered on our payment provider’s pages. We never see
              or store them; we keep only the payment status of each order.
            </p>
          ),
        },
        {
          heading: 'Cookies and local storage',
          body: (
            <p>
              We use one cookie to keep you logged in, and your browser’s local storage for your
              cart, your wishlist and the referral code of a link you followed. We do not use
              advertising cookies.
            </p>
          ),
        },
        {
          heading: 'Who sees your data',
          body: (
            <p>
              Only our staff, the courier that delivers your parcel (name, address and phone number)
              and our payment provider. We do not sell your data.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You may ask for a copy of your data, its correction or the deletion of your account by
              writing to us. Order records are kept as long as the tax laws of India require.
            </p>
          ),
        },
        {
          heading: 'Disputes',
          body: (
            <p>
              This policy is governed by the laws of India; the courts of Kozhikode, Kerala have
              jurisdiction.
            </p>
          ),
        },
      ]}
    />
  );
}
