import { useActorRef, useSelector } from "@xstate/react";
import { useCallback, useState } from "react";
import { Navigate } from "react-router-dom";
import { fromPromise } from "xstate";
import { ownDataMachine } from "../../../machines/ownDataMachine";
import { clearStoredSession } from "../../client/customerSession";
import { useMembershipEnvironment } from "../membershipEnvironment";
import { accountView, useCustomerSession, useCustomerSessionActor } from "../session/CustomerSessionProvider";
import { useSubscription, useSubscriptionActor } from "../session/SubscriptionProvider";
import { AccountLoading } from "./account/AccountLoading";
import { InvoicesSection } from "./account/InvoicesSection";
import { MemberBookingsSection, reloadMembership } from "./account/MemberBookingsSection";
import { OwnDataSection } from "./account/OwnDataSection";
import { RemindersSection } from "./account/RemindersSection";
import { StandingSlotSection } from "./account/StandingSlotSection";
import { SubscriptionSection } from "./account/SubscriptionSection";
import "./membership/membership.css";

/** /oma-tili: the customer's own page; without a valid stored session it sends to /login (spec §2). */
export function AccountPage() {
  const actor = useCustomerSessionActor();
  const env = useMembershipEnvironment();
  const ownData = useActorRef(
    ownDataMachine.provide({
      actors: {
        loadOwnData: fromPromise(() => env.api.myData()),
        deleteAccount: fromPromise(() => env.api.deleteAccount()),
      },
      actions: {
        // The server ended the session with the customer, so there is nothing to log out: the
        // stored session is dropped here, and the session machine notices as it does another tab's.
        endSession: () => {
          clearStoredSession();
          actor.send({ type: "session.storageChanged" });
        },
      },
    }),
  );
  const accountDeleted = useSelector(ownData, (s) => s.matches("deleted"));
  const view = useCustomerSession(accountView);
  const customer = useCustomerSession((s) => s.context.customer);
  const loggingOut = useCustomerSession((s) => s.matches("loggingOut"));
  const canLogOut = useCustomerSession((s) => s.can({ type: "session.logout" }));
  // Vakiovuoro is a member's: shown while the membership gives access. A reload keeps the
  // membership it had meanwhile, so the section (and what it shows) stays.
  const memberAccess = useSubscription((s) => s.context.subscription?.has_access === true);
  // A series made or ended changes the member's bookings and hours: the bookings section starts
  // afresh (a new key) and the membership is read again.
  const [bookingsRound, setBookingsRound] = useState(0);
  const subscriptionActor = useSubscriptionActor();
  const bookingsChanged = useCallback(() => {
    setBookingsRound((n) => n + 1);
    reloadMembership(subscriptionActor);
  }, [subscriptionActor]);

  // Checked first: the session ends with the account, and the way out is home, not /login.
  if (accountDeleted) return <Navigate to="/" replace />;
  if (view === "none") return <Navigate to="/login" replace />;
  if (view === "loading" || !customer) return <AccountLoading />;

  return (
    <div className="page account">
      <h1>Oma tili</h1>
      <section className="card account-section" aria-labelledby="account-details-heading">
        <h2 id="account-details-heading">Tietosi</h2>
        <dl className="details-list">
          {customer.name && (
            <>
              <dt>Nimi</dt>
              <dd>{customer.name}</dd>
            </>
          )}
          <dt>Sähköposti</dt>
          <dd>{customer.email}</dd>
        </dl>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={!canLogOut}
            onClick={() => actor.send({ type: "session.logout" })}
          >
            {loggingOut ? "Kirjaudutaan ulos…" : "Kirjaudu ulos"}
          </button>
        </div>
      </section>
      <SubscriptionSection />
      <InvoicesSection />
      {/* Its own section (heading "Varaukset"), by the member-bookings work. */}
      <MemberBookingsSection key={bookingsRound} />
      {memberAccess && <StandingSlotSection onBookingsChanged={bookingsChanged} />}
      <RemindersSection />
      <OwnDataSection actor={ownData} />
    </div>
  );
}
