// The teaching panels, one file each: the guided experiments, the convergence and work–precision studies,
// and the stability of each method on the undamped spring. Every figure comes from the core when asked; only
// the articles' claims are text.

export { ConvergencePanel } from './convergence';
export { ExperimentsPanel } from './experiments';
export { StabilityPanel } from './stability';
