/** The names of the scenarios and methods by id, from the core's catalogue at build time (vite.config.ts). */
declare const __NAMES__: Record<string, string>;
/** The posters the built site has (`generic`, and each experiment's id whose poster was drawn): vite.config.ts. */
declare const __POSTERS__: string[];
/** For each scenario, the poster (one of __POSTERS__) a state of it that is no experiment shows: vite.config.ts. */
declare const __SCENARIO_POSTERS__: Record<string, string>;
/** What each scenario's first screen holds, from the core's catalogue at build time: vite.config.ts. */
declare const __SCENARIO_SHAPES__: Record<string, import('./lab/shape').ScenarioShape>;
/** The addresses that open an experiment (keyed by lab/shape.ts's `experimentAddress`), each to its id, and the
 * keys the page reads: vite.config.ts. */
declare const __EXPERIMENT_ADDRESSES__: { reads: string[]; table: Record<string, string> };
