import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import { subscriptionActivationMachine } from "../../../../machines/subscriptionActivationMachine";
import { forgetReturnAfterLogin, rememberReturnAfterLogin } from "../../../client/returnAfterLogin";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import { useCustomerSession } from "../../session/CustomerSessionProvider";
import { useSubscriptionActor } from "../../session/SubscriptionProvider";
import "./membership.css";

/** /subscription/success?subscription=<id> (no header): back from paying the first month. */
export function SubscriptionSuccessPage() {
  const session = useCustomerSession((s) =>
    s.matches("restoring") ? "loading" : s.matches("authenticated") ? "signedIn" : "signedOut",
  );
  const { pathname, search } = useLocation();
  // Back here after the login this page asked for (or here anew): that errand is over.
  useEffect(() => forgetReturnAfterLogin(), []);

  return (
    <div className="page membership-outcome">
      <div className="card">
        {session === "loading" && (
          <>
            <h1>Jäsenyys</h1>
            <p className="muted">Ladataan…</p>
          </>
        )}
        {session === "signedOut" && (
          <>
            <h1>Jäsenyys</h1>
            <p>Kirjaudu sisään, niin näet jäsenyytesi tilan.</p>
            <Link className="button" to="/login" onClick={() => rememberReturnAfterLogin(pathname + search)}>
              Kirjaudu sisään
            </Link>
          </>
        )}
        {session === "signedIn" && <Activation />}
      </div>
    </div>
  );
}

function Activation() {
  const env = useMembershipEnvironment();
  const shared = useSubscriptionActor();
  const [search] = useSearchParams();
  const actor = useActorRef(
    subscriptionActivationMachine.provide({
      actors: { loadSubscription: fromPromise(() => env.api.mySubscription()) },
      actions: {
        // The header and /oma-tili read the app's one subscription actor: let it see the change,
        // unless it has already read the membership as active.
        announceActivated: () => {
          if (shared.getSnapshot().context.subscription?.status !== "active")
            shared.send({ type: "subscription.reload" });
        },
      },
    }),
    { input: { subscriptionId: search.get("subscription") } },
  );
  const step = useSelector(actor, (s) =>
    s.matches("activated")
      ? "activated"
      : s.matches("notYetActive")
        ? "late"
        : s.matches("failed")
          ? "failed"
          : "checking",
  );
  const subscription = useSelector(actor, (s) => s.context.subscription);
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);
  const retry = () => actor.send({ type: "activation.retry" });
  const accountLink = (
    <Link className="button button-secondary" to="/oma-tili">
      Oma tili
    </Link>
  );

  if (step === "activated" && subscription) {
    return (
      <>
        <h1>Tervetuloa jäseneksi!</h1>
        <p className="notice notice-success" role="status">
          Maksu on vastaanotettu ja jäsenyytesi {subscription.tier_name} on voimassa.
        </p>
        <p>
          Käytössäsi on {subscription.usage.hours_quota} tuntia kuukaudessa. Varaat jäsenvuorot ja näet
          laskusi omalla tililläsi.
        </p>
        <Link className="button" to="/oma-tili">
          Siirry omalle tilille
        </Link>
      </>
    );
  }
  return (
    <>
      <h1>Jäsenyyden aloitus</h1>
      {step === "checking" && (
        <p className="muted" role="status">
          Vahvistetaan maksua…
        </p>
      )}
      {step === "late" && (
        <>
          <p role="status">
            Maksun vahvistus ei ole vielä tullut perille. Jäsenyys alkaa, kun maksu on vahvistettu; tilanne
            näkyy myös omalla tililläsi.
          </p>
          <div className="button-row">
            <button type="button" className="button" onClick={retry}>
              Tarkista uudelleen
            </button>
            {accountLink}
          </div>
        </>
      )}
      {step === "failed" && (
        <div role="alert">
          <p className="error-message">{errorMessage}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={retry}>
              Yritä uudelleen
            </button>
            {accountLink}
          </div>
        </div>
      )}
    </>
  );
}
