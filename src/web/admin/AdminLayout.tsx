import { useSelector } from "@xstate/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import { adminMeSchema, type AdminMe } from "../../domain/admin/session";
import { useAdminEnvironment, useAdminToken, useAdminTokenActor } from "./AdminSession";
import { AdminLoading } from "./AdminLoading";
import { adminSections } from "./sections";
import { useAdminSection } from "./useAdminSection";

/**
 * The admin area's own layout (no public header or footer): the sections' navigation, who is
 * signed in, and signing out. Who is signed in is loaded by a section machine as any section's
 * data is; asking the server is also the admin check: a signed-in Firebase user who is not an
 * admin gets 403, and the token policy signs them out.
 *
 * On a narrow screen the navigation and the sign-out sit behind a "Valikko" disclosure button
 * (admin.css shows them inline on wider screens). The menu is open for the page it was opened on
 * only, so following one of its links closes it without an effect. Escape closes it too, and
 * focus goes back to the button (the link it was on is hidden with the menu), as a disclosure's
 * keyboard users expect.
 */
export function AdminLayout() {
  const { http } = useAdminEnvironment();
  const actor = useAdminTokenActor();
  const signingOut = useAdminToken((s) => s.matches("signingOut"));
  const { pathname } = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpenAt(null);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);
  const me = useSelector(
    useAdminSection<null, AdminMe, never>({
      query: null,
      load: async () => adminMeSchema.parse(await http.get("/api/v2/admin/me")).admin,
      write: () => Promise.reject(new Error("Ei muokattavaa.")),
    }),
    (s) => s.context.data,
  );

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Siirry sisältöön
      </a>
      <header className="admin-header">
        <Link to="/hallinta/varaukset" className="admin-brand">
          Koirapuisto · Ylläpito
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="admin-menu-button"
          aria-expanded={menuOpen}
          aria-controls="admin-menu"
          onClick={() => setMenuOpenAt(menuOpen ? null : pathname)}
        >
          Valikko
        </button>
        <div id="admin-menu" className="admin-menu" data-open={menuOpen}>
          <nav aria-label="Ylläpidon valikko" className="admin-nav">
            {adminSections.map((section) => (
              <NavLink key={section.path} to={`/hallinta/${section.path}`}>
                {section.title}
              </NavLink>
            ))}
          </nav>
          <div className="admin-user">
            {me && <span className="muted admin-user__email">{me.email}</span>}
            <button
              type="button"
              className="button button-secondary"
              disabled={signingOut}
              onClick={() => actor.send({ type: "admin.signOut" })}
            >
              {signingOut ? "Kirjaudutaan ulos…" : "Kirjaudu ulos"}
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {/* A section's chunk loads on its first opening (sections.tsx); the menu stays meanwhile. */}
        <Suspense fallback={<AdminLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
