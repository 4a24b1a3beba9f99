//! The convergence matrix: every method on every scenario, at settings in the asymptotic range, measures
//! the order (or the exactness) that the method states for that scenario's kinds of force.

use integrator_lab::analysis::{fitted_order, study, OrderVerdict};
use integrator_lab::methods::Expected;
use integrator_lab::system::Switching;
use integrator_lab::{chaos, scenarios, MethodId, Precision, Setup};

/// Where each scenario's errors are dominated by their leading term: dt small against the fastest
/// frequency, damping strong enough that its own error term shows, and coarse enough that RK4 stays above
/// round-off and that a reference run (a step of 1e-4 s) stays much finer than the method's.
type Settings = &'static [(&'static [(&'static str, f64)], f64, f64, u32)];

fn asymptotic(id: &str) -> Vec<(Setup, u32)> {
    let settings: Settings = match id {
        "constant-force" => &[(&[], 0.1, 10.0, 4)],
        "projectile" => &[(&[], 1.0 / 60.0, 2.0, 4)],
        // The article's burn (2–5 s) switches on step edges at dt = 0.5 and every halving; 2.1–4.9 s inside.
        "lunar-lander" => &[
            (&[], 0.5, 10.0, 5),
            (&[("burn_start", 2.1), ("burn_end", 4.9)], 0.5, 10.0, 8),
        ],
        "spring" => &[(&[], 0.01, 1.0, 5)],
        "damped-spring" => &[(&[("b", 2.0)], 0.01, 1.0, 5), (&[], 0.01, 1.0, 5)],
        "orbit" => &[(&[], 0.02, 3.0, 5)],
        "kepler" => &[(&[], 0.02, 2.0, 4)],
        "two-springs" => &[
            (&[], 0.02, 3.0, 5),
            (&[("k2", 1.0), ("a2", 0.5)], 0.02, 3.0, 5),
        ],
        "drag" => &[(&[], 0.05, 2.0, 4)],
        "pendulum" => &[(&[], 0.01, 2.0, 5)],
        "double-pendulum" => &[(&[], 0.004, 0.5, 4)],
        "spring-chain" => &[(&[("n", 4.0)], 0.002, 0.5, 5)],
        other => panic!("no asymptotic settings for scenario {other}: add them here"),
    };
    settings
        .iter()
        .map(|&(overrides, dt, until, levels)| {
            let overrides: Vec<(String, f64)> =
                overrides.iter().map(|(n, v)| (n.to_string(), *v)).collect();
            (
                Setup::new(id, &overrides, Some(dt), Some(until)).unwrap(),
                levels,
            )
        })
        .collect()
}

#[test]
fn every_method_measures_its_stated_order_on_every_scenario() {
    let mut failures = Vec::new();
    for scenario in scenarios::all() {
        let id = scenario.info().id;
        for (setup, levels) in asymptotic(id) {
            let class = setup.class();
            // Every order the matrix measures is measured where the reference run is known: within its
            // horizon (the double pendulum's lies some 21 s in, far past these runs).
            if let Some(trust) = chaos::Trust::of(&setup) {
                assert_eq!(
                    trust.horizon, None,
                    "{id}: the matrix runs past the horizon"
                );
            }
            for s in study(&setup, &MethodId::ALL, Precision::F64, levels).unwrap() {
                let method = s.method.builtin().expect("one of the lab's methods");
                let expected = (method.info().order_on)(&class);
                let fit = fitted_order(&s.points).unwrap_or(f64::NAN);
                // A thruster switching inside steps, at a fraction of the step that changes from level to
                // level, gives an error constant that changes too: no settled tail, but the slope over all
                // levels.
                let inside = class.switching == Switching::InsideSteps;
                // Forest–Ruth's substeps reach past the step's ends, so a switch on a step's edge is inside
                // a substep, at a fraction that changes from level to level: first order as a bound (every
                // error within 5 × the first level's, scaled by dt), with no settled tail.
                let reaching = class.switching != Switching::None && method == MethodId::ForestRuth;
                let first_order_bound = || {
                    let (e0, dt0) = (s.points[0].error, s.points[0].dt);
                    s.points.iter().all(|p| p.error <= 5.0 * e0 * p.dt / dt0)
                };
                let ok = match (expected, s.verdict) {
                    (Expected::Exact, OrderVerdict::Exact) => true,
                    (Expected::Order(n), OrderVerdict::Order(p)) => (p - n as f64).abs() <= 0.1,
                    (
                        Expected::Order(1),
                        OrderVerdict::NotAsymptotic | OrderVerdict::Drifting { .. },
                    ) if reaching => first_order_bound(),
                    (
                        Expected::Order(n),
                        OrderVerdict::NotAsymptotic | OrderVerdict::Drifting { .. },
                    ) if inside => (fit - n as f64).abs() <= 0.25,
                    _ => false,
                };
                let errors: Vec<String> = s
                    .points
                    .iter()
                    .map(|p| format!("{:.2e}", p.error))
                    .collect();
                let line = format!(
                    "{id:16} {:?} {:18} stated {:8} measured {:40} fit {fit:.2} errors {}",
                    setup.params.values,
                    s.method.id(),
                    expected.text(),
                    s.verdict.text(),
                    errors.join(" ")
                );
                println!("{line}");
                if !ok {
                    failures.push(line);
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// "1", "2", … as a number; "≥1" as at least one.
fn count_holds(stated: &str, measured: f64) -> bool {
    match stated.strip_prefix('≥') {
        Some(least) => measured >= least.parse::<f64>().unwrap(),
        None => measured == stated.parse::<f64>().unwrap(),
    }
}

#[test]
fn every_method_takes_the_force_evaluations_it_states_on_every_scenario() {
    let mut failures = Vec::new();
    for scenario in scenarios::all() {
        let id = scenario.info().id;
        for (setup, _) in asymptotic(id) {
            let class = setup.class();
            for s in study(&setup, &MethodId::ALL, Precision::F64, 2).unwrap() {
                let method = s.method.builtin().expect("one of the lab's methods");
                let stated = (method.info().evaluations_on)(&class);
                // Counted between two runs of one setup (at dt and dt/2): a start's one-off evaluation
                // (a Verlet's first acceleration) cancels.
                let [p, q] = [&s.points[0], &s.points[1]];
                let measured = (q.evaluations - p.evaluations) as f64 / (q.steps - p.steps) as f64;
                if !count_holds(stated, measured) {
                    failures.push(format!(
                        "{id} {:?} {}: states {stated}, measured {measured} a step",
                        setup.params.values,
                        method.id()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
