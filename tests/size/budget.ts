/** The first-load budget of each public route with React in the browser (issue 19, decision 023). */
export const BUDGET_BYTES = 120 * 1024;
