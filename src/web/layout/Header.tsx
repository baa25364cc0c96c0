import { Link, NavLink } from "react-router-dom";
import { useSiteInfo } from "../useSiteInfo";
import { LogoMark } from "./LogoMark";
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

export function Header({ hasActiveSubscription }: { hasActiveSubscription: boolean }) {
  const { site } = useSiteInfo();
  const menu = useMobileMenu();
  const showOwn = useOwnReservationsLink(hasActiveSubscription);
  const links = [...mainLinks, ...(showOwn ? [ownReservationsLink] : []), accountLink];

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          <LogoMark />
          {site?.park.name ?? "Koirapuisto"}
        </Link>
        <nav className="site-nav" aria-label="Päävalikko">
          <MobileMenuButton
            open={menu.open}
            onToggle={menu.toggle}
            controls={NAV_LIST_ID}
            buttonRef={menu.buttonRef}
          />
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
