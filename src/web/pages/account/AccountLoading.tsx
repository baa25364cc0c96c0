/** /oma-tili while the stored session is checked: the page's heading and "Ladataan…". */
export function AccountLoading() {
  return (
    <div className="page">
      <h1>Oma tili</h1>
      <p className="muted">Ladataan…</p>
    </div>
  );
}
