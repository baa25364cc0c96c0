/**
 * The park's logo mark: a paw over a fenced meadow (decision 031). The same drawing is the favicon
 * (src/web/public/favicon.svg); inline here so the header needs no extra request.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" className="brand__ground" />
      <path d="M0 50q32-12 64 0v14H0z" className="brand__meadow" />
      <g className="brand__fence">
        <path d="M12 54V35l3-4 3 4v19zm11 0V35l3-4 3 4v19zm12 0V35l3-4 3 4v19zm11 0V35l3-4 3 4v19z" />
        <rect x="8" y="39" width="48" height="3" rx="1" />
        <rect x="8" y="47" width="48" height="3" rx="1" />
      </g>
      <g className="brand__paw">
        <ellipse cx="32" cy="21.5" rx="6.5" ry="5.2" />
        <ellipse cx="22.5" cy="15" rx="2.7" ry="3.3" />
        <ellipse cx="28.3" cy="10" rx="2.7" ry="3.3" />
        <ellipse cx="35.7" cy="10" rx="2.7" ry="3.3" />
        <ellipse cx="41.5" cy="15" rx="2.7" ry="3.3" />
      </g>
    </svg>
  );
}
