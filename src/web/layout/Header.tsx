import { Link, NavLink } from "react-router-dom";
import { useSiteInfo } from "../useSiteInfo";
import { MobileMenuButton, useMobileMenu } from "./MobileMenu";
import { useOwnReservationsLink } from "./useOwnReservationsLink";

type HeaderLink = { to: string; label: string; end?: boolean };

/** Spec §1's header links, in order. */
const mainLinks: HeaderLink[] = [
  { to: "/", label: "Etusivu", end: true },
  { to: "/varauskalenteri", label: "Varauskalenteri" },
  { to: "/ohjeet-tulijoille", label: "Ohjeet tulijoille" },
  { to: "/jasenyys", label: "Jäsenyys" },
];
const ownReservationsLink: HeaderLink = { to: "/oma-varaus", label: "Omat varaukset" };
const accountLink: HeaderLink = { to: "/oma-tili", label: "Oma tili" };

const NAV_LIST_ID = "site-nav-links";

/** Drawn rather than an emoji, which some phones and kiosk browsers lack a font for. */
function PawIcon() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <ellipse cx="6" cy="10" rx="2.2" ry="2.8" />
      <ellipse cx="10" cy="5.5" rx="2.2" ry="2.8" />
      <ellipse cx="14.5" cy="5.5" rx="2.2" ry="2.8" />
      <ellipse cx="18.5" cy="10" rx="2.2" ry="2.8" />
      <path d="M12.2 11c-2.6 0-6.2 4.3-6.2 6.9 0 1.8 1.4 2.6 2.9 2.6 1.3 0 2.1-.7 3.3-.7s2 .7 3.3.7c1.5 0 2.9-.8 2.9-2.6 0-2.6-3.6-6.9-6.2-6.9z" />
    </svg>
  );
}

export function Header({ hasActiveSubscription }: { hasActiveSubscription: boolean }) {
  const { site } = useSiteInfo();
  const menu = useMobileMenu();
  const showOwn = useOwnReservationsLink(hasActiveSubscription);
  const links = [...mainLinks, ...(showOwn ? [ownReservationsLink] : []), accountLink];

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <PawIcon />
          {site?.park.name ?? "Koirapuisto"}
        </Link>
        <nav className="site-nav" aria-label="Päävalikko">
          <MobileMenuButton open={menu.open} onToggle={menu.toggle} controls={NAV_LIST_ID} />
          <ul id={NAV_LIST_ID} className={menu.open ? "site-nav__links is-open" : "site-nav__links"}>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} onClick={menu.close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
