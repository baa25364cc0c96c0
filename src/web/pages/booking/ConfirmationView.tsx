import { Link } from "react-router-dom";
import type { CheckoutReservation } from "../../../../machines/checkoutMachine";
import { minutesBetween } from "../../../domain/helsinkiClock";
import { CheckoutSummary } from "./CheckoutSummary";
import { doorPath } from "./labels";
import { ReceiptLinks } from "./ReceiptLinks";

/** The paid booking: what was booked, the gate link and where to find it later. */
export function ConfirmationView({ reservation }: { reservation: CheckoutReservation }) {
  return (
    <div className="booking-confirmation">
      <p className="notice notice-success" role="status">
        Kiitos! Kuitti on lähetetty sähköpostiisi.
      </p>
      <CheckoutSummary
        areaName={reservation.areaName}
        start={reservation.start}
        end={reservation.end}
        lengthMinutes={minutesBetween(reservation.start, reservation.end)}
        priceCents={reservation.priceCents}
        vatCents={reservation.vatCents}
        dogs={reservation.dogs}
        reactiveDog={reservation.reactiveDog}
        inHeat={reservation.inHeat}
        extraDogsCents={reservation.extraDogsCents}
      />
      {reservation.doorUrl && (
        <p>
          Portin avaat varauksesi aikana tästä linkistä, joka on myös sähköpostissasi:{" "}
          <Link className="button" to={doorPath(reservation.doorUrl)}>
            Avaa portti
          </Link>
        </p>
      )}
      <ReceiptLinks accessToken={reservation.accessToken} confirmed />
      <p>
        Varauksesi löytyvät tästä selaimesta myös sivulta <Link to="/oma-varaus">Oma varaus</Link>.
      </p>
    </div>
  );
}
