export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  budget?: number;
  /** '≤' (default) when lower is better, '≥' when higher is better. */
  budgetComparison?: '≤' | '≥';
  withinBudget?: boolean;
  detail?: unknown;
}

export interface BenchScenario {
  id: string;
  description: string;
  run(): Promise<BenchFigure[]>;
}

export function judged(figure: Omit<BenchFigure, 'withinBudget'>): BenchFigure {
  if (figure.budget === undefined) return figure;
  const withinBudget = figure.budgetComparison === '≥' ? figure.value >= figure.budget : figure.value <= figure.budget;
  return { ...figure, withinBudget };
}
