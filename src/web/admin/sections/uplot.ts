// uPlot with its stylesheet, as one chunk that only FinanceChart imports (dynamically).
import "uplot/dist/uPlot.min.css";

export { default } from "uplot";
