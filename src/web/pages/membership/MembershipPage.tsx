import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { fromPromise } from "xstate";
import {
  membershipSignupMachine,
  type SignupChoice,
  type SignupInput,
} from "../../../../machines/membershipSignupMachine";
import { forgetReturnAfterLogin, rememberReturnAfterLogin } from "../../../client/returnAfterLogin";
import { commitmentSchema, type TiersResponse } from "../../../domain/membership";
import { formatVatRate } from "../../../domain/money";
import { useMembershipEnvironment } from "../../membershipEnvironment";
import { SignupForm } from "./SignupForm";
import { TierPicker } from "./TierPicker";
import "./membership.css";

/** The choice in the page's address (`/jasenyys?taso=2&sitoumus=12m`), so it survives the login. */
export function choiceSearch(choice: SignupChoice): string {
  const params = new URLSearchParams();
  if (choice.tierLevel !== null) params.set("taso", String(choice.tierLevel));
  params.set("sitoumus", choice.commitment);
  return params.toString();
}

function choiceFromSearch(search: URLSearchParams): SignupInput {
  const tier = search.get("taso");
  const commitment = commitmentSchema.safeParse(search.get("sitoumus"));
  return {
    tierLevel: tier && /^\d{1,3}$/.test(tier) ? Number(tier) : null,
    commitment: commitment.success ? commitment.data : null,
  };
}

/** /jasenyys: the tiers, what a commitment and the billing mean, and joining. */
export function MembershipPage() {
  const env = useMembershipEnvironment();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const actor = useActorRef(
    membershipSignupMachine.provide({
      actors: {
        loadTiers: fromPromise(() => env.api.tiers()),
        createSignup: fromPromise(({ input }) => env.api.signup(input)),
      },
      actions: {
        rememberChoice: (_, choice) => setSearch(choiceSearch(choice), { replace: true }),
        goToLogin: (_, choice) => {
          rememberReturnAfterLogin(`/jasenyys?${choiceSearch(choice)}`);
          void navigate("/login");
        },
        redirectToPayment: (_, { url }) => env.redirectToPayment(url),
      },
    }),
    { input: choiceFromSearch(search) },
  );
  const view = useSelector(actor, (s) =>
    s.matches("loadingTiers") ? "loading" : s.matches("tiersFailed") ? "failed" : "ready",
  );
  const catalog = useSelector(actor, (s) => s.context.catalog);
  const errorMessage = useSelector(actor, (s) => (s.matches("tiersFailed") ? s.context.errorMessage : null));

  // Back here with the remembered choice (or here anew): the errand that needed a login is over.
  useEffect(() => forgetReturnAfterLogin(), []);

  return (
    <div className="page membership">
      <h1>Jäsenyys</h1>
      <p className="lead">
        Jäsenenä varaat koko aidatun puiston koirillesi kuukausittaisella tuntikiintiöllä, ilman erillistä
        maksua jokaisesta vuorosta.
      </p>
      {view === "loading" && (
        <p className="muted" role="status">
          Ladataan jäsenyystasoja…
        </p>
      )}
      {view === "failed" && (
        <div className="card" role="alert">
          <p className="error-message">{errorMessage}</p>
          <button type="button" className="button" onClick={() => actor.send({ type: "signup.retry" })}>
            Yritä uudelleen
          </button>
        </div>
      )}
      {catalog && (
        <>
          <TierPicker actor={actor} catalog={catalog} />
          <div className="grid-2">
            <CommitmentTerms catalog={catalog} />
            <BillingTerms catalog={catalog} />
          </div>
          <SignupForm actor={actor} catalog={catalog} />
        </>
      )}
    </div>
  );
}

function CommitmentTerms({ catalog }: { catalog: TiersResponse }) {
  const months = catalog.commitment_months;
  return (
    <section className="card" aria-labelledby="commitment-heading">
      <h2 id="commitment-heading">Sitoumus</h2>
      <p>
        Voit ottaa jäsenyyden kuukausi kerrallaan tai {months} kuukauden sitoumuksella, jolloin kuukausihinta
        on edullisempi. Sitoumuksellakin jäsenyys laskutetaan kuukausittain.
      </p>
      <p>
        Sitoumuksen aikana tehty irtisanominen tulee voimaan vasta sitoumuksen päättyessä: jäsenyys ja
        laskutus jatkuvat sen loppuun. Ilman sitoumusta voit irtisanoa milloin tahansa, ja jäsenyys on
        voimassa maksetun jakson loppuun.
      </p>
    </section>
  );
}

function BillingTerms({ catalog }: { catalog: TiersResponse }) {
  return (
    <section className="card" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Laskutus</h2>
      <p>
        Ensimmäinen kuukausi maksetaan liittyessä MobilePaylla tai kortilla, ja jäsenyys alkaa, kun maksu on
        vahvistettu. Sen jälkeen jokaisesta kuukausijaksosta tulee lasku jakson alussa sähköpostiisi ja{" "}
        <Link to="/oma-tili">Oma tili</Link> -sivulle.
      </p>
      <p>
        Eräpäivä on {catalog.invoice_due_days} päivän kuluttua laskun päiväyksestä. Laskussa on laskun numero
        ja viitenumero, ja sen voi maksaa Oma tili -sivulla. Jos lasku on yhä maksamatta{" "}
        {catalog.suspend_after_days} päivää eräpäivän jälkeen, jäsenyys keskeytetään, kunnes lasku on
        maksettu: jäsenvaraukset ja niiden porttilinkit eivät sillä välin toimi.
      </p>
      <p className="muted">
        Hinnat sisältävät arvonlisäveron {formatVatRate(catalog.vat_rate_basis_points)}.{" "}
        <Link to="/maksuehdot">Maksuehdot</Link>
      </p>
    </section>
  );
}
