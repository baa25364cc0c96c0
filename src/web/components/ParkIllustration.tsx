/**
 * A drawn fenced dog park: the home page hero's picture until the owner uploads photos (the photos
 * feature swaps this component for them). Decorative: the hero's heading already says what it is.
 * Colours come from the tokens through the classes in styles.css (.park-art__*).
 */
export function ParkIllustration({ className = "" }: { className?: string }) {
  // Fence posts along the front rail, every 24 units.
  const posts = Array.from({ length: 15 }, (_, i) => 12 + i * 24);
  return (
    <svg
      className={`park-art ${className}`.trim()}
      viewBox="0 0 360 240"
      width="360"
      height="240"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect className="park-art__sky" width="360" height="240" />
      <circle className="park-art__sun" cx="292" cy="52" r="22" />
      <path className="park-art__hill-far" d="M0 132q90-46 190-10t170-18v136H0z" />
      <path className="park-art__hill" d="M0 150q120-30 240 0t120-6v96H0z" />
      {/* Trees at the back of the park */}
      <g className="park-art__tree">
        <circle cx="62" cy="112" r="22" />
        <circle cx="86" cy="120" r="16" />
        <circle cx="258" cy="118" r="18" />
      </g>
      <g className="park-art__trunk">
        <rect x="59" y="128" width="6" height="20" />
        <rect x="255" y="132" width="6" height="16" />
      </g>
      {/* The back fence */}
      <g className="park-art__fence-far">
        <rect x="0" y="146" width="360" height="2" />
        <rect x="0" y="154" width="360" height="2" />
      </g>
      <path className="park-art__path" d="M150 240q10-40 40-62t60-26h14q-30 10-46 30t-26 58z" />
      {/* Two dogs playing */}
      <g className="park-art__dog">
        <path d="M96 196c0-9 8-14 20-14h22l6-8 5 2-1 9c4 2 5 6 5 10v10h-6v-8h-26v8h-6v-8c-5 0-9-1-11-4l-6 4-3-3 6-6z" />
        <path d="M214 188c0-7 6-11 15-11h16l4-6 4 1v8c3 2 4 4 4 8v8h-5v-6h-19v6h-5v-6c-4 0-7-1-8-3l-5 3-2-2 5-5z" />
      </g>
      {/* The front fence: rails and pointed posts */}
      <g className="park-art__fence">
        <rect x="0" y="206" width="360" height="5" rx="2" />
        <rect x="0" y="222" width="360" height="5" rx="2" />
        {posts.map((x) => (
          <path key={x} d={`M${x} 240v-42l5-7 5 7v42z`} />
        ))}
      </g>
    </svg>
  );
}
