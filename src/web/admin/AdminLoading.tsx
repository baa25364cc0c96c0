/** What the admin area shows while something it waits for loads: its code, the sign-in, a section. */
export function AdminLoading() {
  return (
    <p className="muted admin-loading" role="status">
      Ladataan…
    </p>
  );
}
