// /privacyPolicy: what the shop keeps, why and for how long, the shopper's rights (download,
// correct, delete, complain) and the grievance officer from the shop's settings (decision 037).
import { Link } from '@/ui/router';
import { useShopDetails } from '@/ui/shop-details';
import { PolicyLayout } from './policy-layout';

function GrievanceOfficer() {
  const shop = useShopDetails();
  if (!shop) return <p>Loading the grievance officer’s details…</p>;
  const name = shop.grievance_officer_name.trim();
  const email = shop.grievance_officer_email.trim() || shop.email;
  return (
    <p>
      {name ? (
        <>
          Our grievance officer is <strong>{name}</strong>. Write to them at{' '}
        </>
      ) : (
        <>Write to our grievance officer at </>
      )}
      <a href={`mailto:${email}`} className="font-semibold underline">
        {email}
      </a>{' '}
      about anything to do with your data. We reply within 30 days. If you are not satisfied with
      our answer, you may complain to the Data Protection Board of India.
    </p>
  );
}

/** /privacyPolicy */
export default function PrivacyPolicyPage() {
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro="This policy explains what personal data Kitroom keeps, why, for how long, and what you can ask us to do with it."
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
              <li>
                Only if you agree in My Account: when you reach checkout, to email you once about a
                cart you leave there. Untick it, or use the link in that mail, to stop.
              </li>
              <li>For wholesalers: the shop details and GST number you give us.</li>
            </ul>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <ul>
              <li>
                <strong>Orders, payments and tax invoices:</strong> 72 months from the due date of
                our annual GST return for the year, as the CGST Act (section 36) requires of every
                registered business. An invoice keeps the name and delivery address printed on it
                for that time, even after you delete your account.
              </li>
              <li>
                <strong>Your account</strong> (profile, saved address, cart, wholesale application,
                feedback): until you delete your account.
              </li>
              <li>
                <strong>Logins:</strong> each session lasts 30 days; we keep when it began and ends,
                never its secret.
              </li>
              <li>
                <strong>Logs and backups:</strong> our server logs record requests (address, page,
                time), never passwords or payment details, and are kept for at most 30 days; backups
                of our database are kept for at most 4 weeks, so deleted data leaves them within 4
                weeks.
              </li>
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
              cart and your wishlist while you are logged out (logged in, we keep them for you) and
              the referral code of a link you followed. We do not use advertising cookies.
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
            <ul>
              <li>
                <strong>A copy of your data:</strong> in{' '}
                <Link to="/myAccount" className="font-semibold underline">
                  My Account
                </Link>
                , choose Download my data for a file of everything we keep about you.
              </li>
              <li>
                <strong>Correction:</strong> Update Profile Details in My Account, or write to us.
              </li>
              <li>
                <strong>Deletion:</strong> Delete my account in My Account erases your profile,
                address, cart, wholesale application and feedback and logs you out everywhere. Your
                reviews stay, signed “a Kitroom shopper”. If an order is still on its way or a
                return is open, we erase your account as soon as it is settled.
              </li>
              <li>
                <strong>Complaints:</strong> write to our grievance officer (below).
              </li>
            </ul>
          ),
        },
        { heading: 'Grievance officer', body: <GrievanceOfficer /> },
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
