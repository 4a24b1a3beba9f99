//! Each method's largest stable ω·dt on the undamped spring, measured from its own output, next to theory.

use integrator_lab::analysis::{
    amplification, stability_limit, theoretical_limit, Growth, StabilityLimit,
};
use integrator_lab::MethodId;

#[test]
fn measured_stability_limits_match_theory() {
    for method in MethodId::ALL {
        let measured = stability_limit(method);
        match (measured, theoretical_limit(method)) {
            // The measured boundary is where a growth fitted from the method's own output first passes
            // the threshold; where the eigenvalues meet (at +1 for Forest–Ruth, whose trace reaches +2) the
            // fit is ill-conditioned and lands within about 1e-6 of the theory's boundary.
            (StabilityLimit::Below(m), StabilityLimit::Below(t)) => {
                assert!((m - t).abs() < 1e-5, "{method:?}: measured {m}, theory {t}")
            }
            (m, t) => assert_eq!(m, t, "{method:?}"),
        }
    }
}

/// The growth a step is the theory's: √(1 + h²) for explicit Euler, its inverse for implicit Euler,
/// (1 + h⁴/4)^½ for the midpoint method, exactly 1 for symplectic Euler below its limit.
#[test]
fn growth_per_step_matches_the_step_matrices() {
    for h in [0.05, 0.3, 1.0, 1.9] {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b;
        assert!(close(
            amplification(MethodId::Euler, h),
            (1.0 + h * h).sqrt()
        ));
        assert!(close(
            amplification(MethodId::ImplicitEuler, h),
            1.0 / (1.0 + h * h).sqrt()
        ));
        assert!(close(
            amplification(MethodId::Midpoint, h),
            (1.0 + h.powi(4) / 4.0).sqrt()
        ));
        assert!(close(amplification(MethodId::SymplecticEuler, h), 1.0));
        assert!(close(amplification(MethodId::Kinematic, h), 1.0));
        // Average acceleration's step has determinant cos h + (h/2) sin h: it loses energy.
        let d = h.cos() + 0.5 * h * h.sin();
        assert!(close(
            amplification(MethodId::KinematicAverage, h),
            d.sqrt()
        ));
    }
    // Past the limit symplectic Euler's growth jumps above 1.
    assert!(amplification(MethodId::SymplecticEuler, 2.1) > 1.3);
    // The leading terms the method facts state (MethodInfo::energy): RK4 shrinks by about h⁶/144 a step,
    // average acceleration by about h⁴/48, and the symplectic ones neither grow nor shrink.
    for h in [0.05, 0.1, 0.2] {
        let shrink = |m: MethodId| 1.0 - amplification(m, h);
        let within = |a: f64, b: f64, tol: f64| ((a - b) / b).abs() < tol;
        assert!(
            within(shrink(MethodId::Rk4), h.powi(6) / 144.0, 0.05),
            "rk4 at {h}"
        );
        assert!(
            within(shrink(MethodId::KinematicAverage), h.powi(4) / 48.0, 0.05),
            "average at {h}"
        );
        for m in [
            MethodId::Verlet,
            MethodId::VelocityVerlet,
            MethodId::Leapfrog,
        ] {
            assert!((amplification(m, h) - 1.0).abs() < 1e-9, "{m:?} at {h}");
        }
    }
}

/// Each limit the lab states on a scenario holds in a long run of that scenario: below it the amplitude
/// does not grow, above it (or at any ω·dt where the lab says "none") it does.
#[test]
fn measured_limits_hold_in_long_runs_of_every_oscillator() {
    use integrator_lab::analysis::stability_limit_on;
    use integrator_lab::{scenarios, Run, Setup};
    // Growth of the amplitude over a run: the largest |x| in its last quarter over that in its first.
    let growth = |on: &Setup, method: MethodId, h: f64, steps: u64| {
        let scenario = on.scenario.info().id;
        let oscillator = on.scenario.info().oscillator.unwrap();
        let overrides: Vec<(String, f64)> = (oscillator.unit)(&on.params)
            .iter()
            .map(|(n, v)| (n.to_string(), *v))
            .collect();
        // A run steps as long as it is asked to; a short `until` keeps the pendulum's reference run short.
        let setup = Setup::new(scenario, &overrides, Some(h), Some(h)).unwrap();
        let start = setup.initial().x[0].abs();
        let mut run = Run::<f64>::new(&setup, method);
        let (mut early, mut late) = (0.0f64, 0.0f64);
        for k in 0..steps {
            if !run.step() {
                return f64::INFINITY;
            }
            let x = run.state().x[0].abs();
            // A thousandfold growth is growth, and the small-angle pendulum must stay small to stay linear.
            if x > 1e3 * start {
                return f64::INFINITY;
            }
            if k < steps / 4 {
                early = early.max(x);
            } else if k >= 3 * steps / 4 {
                late = late.max(x);
            }
        }
        late / early
    };
    // Every scenario at its defaults, and two whose limits depend on their parameters: unequal springs,
    // and strong damping.
    let mut setups: Vec<Setup> = scenarios::ids()
        .into_iter()
        .map(|id| Setup::defaults(id).unwrap())
        .collect();
    let set = |id: &str, name: &str, value: f64| {
        Setup::new(id, &[(name.to_string(), value)], None, None).unwrap()
    };
    setups.push(set("two-springs", "k2", 1.0));
    setups.push(set("damped-spring", "b", 2.0));
    let mut checked = 0;
    for on in &setups {
        let id = on.scenario.info().id;
        // The chain's limits are its fastest mode's (see the test of the chain below).
        if on.scenario.info().oscillator.is_none() {
            continue;
        }
        for method in MethodId::ALL {
            let Some(limit) = stability_limit_on(method, on) else {
                continue;
            };
            checked += 1;
            let steps = 40_000;
            match limit {
                StabilityLimit::Below(h) => {
                    let below = growth(on, method, 0.9 * h, steps);
                    let above = growth(on, method, 1.1 * h, steps);
                    assert!(below <= 1.01, "{id} {method:?} at 0.9 × {h}: grows {below}");
                    assert!(
                        above > 1.5,
                        "{id} {method:?} at 1.1 × {h}: grows only {above}"
                    );
                }
                StabilityLimit::None => {
                    let g = growth(on, method, 0.3, steps);
                    assert!(g > 1.0, "{id} {method:?}: at 0.3 grows only {g}");
                }
                StabilityLimit::Unbounded => {
                    let g = growth(on, method, 9.0, steps);
                    assert!(g <= 1.01, "{id} {method:?}: at 9 grows {g}");
                }
            }
        }
    }
    assert_eq!(
        checked,
        7 * MethodId::ALL.len(),
        "every method on seven oscillator setups"
    );
    // The limits that depend on the parameters are the ones an independent eigenvalue analysis gives.
    let limit = |on: &Setup, m: MethodId| match stability_limit_on(m, on) {
        Some(StabilityLimit::Below(h)) => h,
        other => panic!("{other:?}"),
    };
    let unequal = set("two-springs", "k2", 1.0);
    assert!((limit(&unequal, MethodId::KinematicAverage) - 2.3255).abs() < 1e-4);
    let equal = Setup::defaults("two-springs").unwrap();
    let pi_over_root2 = std::f64::consts::PI / 2f64.sqrt();
    assert!((limit(&equal, MethodId::KinematicAverage) - pi_over_root2).abs() < 1e-6);
    let damped = set("damped-spring", "b", 2.0);
    assert!((limit(&damped, MethodId::SymplecticEuler) - 1.5492).abs() < 1e-4);
}

/// The page says a limit and a growth in the core's words, never its own: each limit's sentence reads as
/// physics ("< none" was once on screen), and the verdict on a growth a step is the step matrices' own.
#[test]
fn limits_and_growth_are_said_in_the_cores_words() {
    assert_eq!(StabilityLimit::None.sentence(), "unstable at every ω·dt");
    assert_eq!(
        StabilityLimit::Below(2.0).sentence(),
        "stable while ω·dt < 2.0000"
    );
    assert_eq!(StabilityLimit::Unbounded.sentence(), "stable at any ω·dt");
    for method in MethodId::ALL {
        let sentence = stability_limit(method).sentence();
        assert!(
            !sentence.contains("none") && !sentence.contains("any ω·dt <"),
            "{method:?}: {sentence}"
        );
    }
    // At h = 0.3 explicit Euler's amplitude grows by √(1 + h²) a step, implicit Euler's shrinks by its
    // inverse, and symplectic Euler's keeps its size (below its limit of 2).
    let word = |m| Growth::of(amplification(m, 0.3)).word();
    assert_eq!(word(MethodId::Euler), "grows");
    assert_eq!(word(MethodId::ImplicitEuler), "shrinks");
    assert_eq!(word(MethodId::SymplecticEuler), "keeps");
    assert_eq!(Growth::of(1.0 + 1e-12), Growth::Keeps);
}

/// The spring chain is ten coupled oscillators: its fastest mode (62.38 rad/s at the defaults) sets every
/// method's stable step. Each stated limit, as a dt, is where the chain itself stops staying bounded: 2 %
/// below it the energy stays within a factor of 2 over 20,000 steps; 2 % above it, it blows up. Explicit
/// Euler and the midpoint method, unstable at every dt, blow up at a step half the others' limits.
#[test]
fn the_chains_fastest_mode_sets_each_methods_stable_step() {
    use integrator_lab::analysis::stability_limit_on;
    use integrator_lab::{Run, Setup};
    let chain = Setup::defaults("spring-chain").unwrap();
    let omega = chain.omega().expect("the chain's fastest mode");
    let grows = |m: MethodId, dt: f64| {
        let setup = Setup::new("spring-chain", &[], Some(dt), Some(20_000.0 * dt)).unwrap();
        let e0 = setup.energy(&setup.initial()).total();
        let mut run = Run::<f64>::new(&setup, m);
        run.advance(setup.steps());
        let e = setup.energy(run.state()).total();
        run.diverged_at().is_some() || e.is_nan() || e.abs() >= 2.0 * e0
    };
    let mut stated = 0;
    for m in MethodId::ALL {
        match stability_limit_on(m, &chain) {
            Some(StabilityLimit::Below(h)) => {
                let dt = h / omega;
                assert!(!grows(m, 0.98 * dt), "{m:?} grows below dt = {dt}");
                assert!(grows(m, 1.02 * dt), "{m:?} stays bounded above dt = {dt}");
                stated += 1;
            }
            Some(StabilityLimit::None) => assert!(grows(m, 0.015), "{m:?}"),
            Some(StabilityLimit::Unbounded) => assert!(!grows(m, 1.0), "{m:?}"),
            None => assert!(
                matches!(m, MethodId::Kinematic | MethodId::KinematicAverage),
                "{m:?}"
            ),
        }
    }
    assert!(stated >= 6, "{stated}");
    // Forest–Ruth's limit as a step, as the page states it.
    let fr = stability_limit_on(MethodId::ForestRuth, &chain).unwrap();
    assert_eq!(fr.as_step(omega), "dt < 0.02522 s here");
}

/// A pendulum is an oscillator only for small swings: its ω (√(g/L)), growths and limits are theirs, and the
/// lab says so. They are true of small swings: at dt = 0.7 s (ω·dt = 2.19, past Position Verlet's limit of 2)
/// a swing of a thousandth of a radian grows tenfold within ten steps. They are not a wider swing's: there
/// the default swing of 1 rad stays within 1.2 rad over ten thousand steps, which a growth stated for this
/// run would deny, while one from 0.6 rad goes over the top within a thousand.
#[test]
fn a_pendulums_limit_is_its_small_swings() {
    use integrator_lab::analysis::stability_limit_on;
    use integrator_lab::{scenarios, Run, Setup};
    for id in scenarios::ids() {
        let setup = Setup::defaults(id).unwrap();
        assert_eq!(setup.small_swings(), id == "pendulum", "{id}");
    }
    let pendulum = Setup::defaults("pendulum").unwrap();
    let dt = 0.7;
    let StabilityLimit::Below(limit) = stability_limit_on(MethodId::Verlet, &pendulum).unwrap()
    else {
        panic!("Position Verlet has a limit on the pendulum");
    };
    assert!(pendulum.omega().unwrap() * dt > 1.05 * limit);
    // The widest swing over `steps` steps from `theta0`, in units of `theta0`; infinite once non-finite.
    let swing = |theta0: f64, steps: u64| {
        let setup = Setup::new(
            "pendulum",
            &[("theta0".to_string(), theta0)],
            Some(dt),
            Some(dt),
        )
        .unwrap();
        let mut run = Run::<f64>::new(&setup, MethodId::Verlet);
        let mut widest = 0.0f64;
        for _ in 0..steps {
            if !run.step() {
                return f64::INFINITY;
            }
            widest = widest.max(run.state().x[0].abs());
        }
        widest / theta0
    };
    let small = swing(1e-3, 10);
    assert!(small > 10.0, "a small swing grows past the limit: ×{small}");
    let wide = swing(1.0, 10_000);
    assert!(wide < 1.2, "the default swing stays bounded: ×{wide}");
    let over = 0.6 * swing(0.6, 1000);
    assert!(
        over > std::f64::consts::PI,
        "a 0.6 rad swing goes over the top: {over} rad"
    );
}

/// Past a symplectic method's stability limit its amplitude grows every step and it keeps no band of energy:
/// what it does to the energy is said so there (it was "Keeps the energy in a band", and then "it grows"),
/// and as before inside the limit. On the spring ω = √15: ω·dt = 2.2 is past 2 (the Verlets, symplectic
/// Euler) and past 1.5734 (Forest–Ruth); 1.0 is inside every one.
#[test]
fn past_the_limit_no_band_of_energy_is_said() {
    use integrator_lab::analysis::{amplification_on, energy_on_setup};
    use integrator_lab::Setup;
    let omega = 15f64.sqrt();
    for (scenario, swing) in [
        ("spring", "its amplitude"),
        ("pendulum", "a small swing's amplitude"),
    ] {
        let omega = if scenario == "spring" {
            omega
        } else {
            9.81f64.sqrt()
        };
        for (h, past) in [(2.2, true), (1.0, false)] {
            let setup = Setup::new(scenario, &[], Some(h / omega), Some(10.0 * h / omega)).unwrap();
            for m in [
                MethodId::SymplecticEuler,
                MethodId::Verlet,
                MethodId::VelocityVerlet,
                MethodId::Leapfrog,
                MethodId::ForestRuth,
            ] {
                let g = amplification_on(m, &setup, h).unwrap();
                let said = energy_on_setup(m, &setup, Some(g));
                if past {
                    assert!(g > 1.01, "{scenario} {m:?} at {h}: grows ×{g}");
                    assert_eq!(
                        said,
                        format!(
                            "Symplectic, but past its stability limit at this ω·dt: {swing} grows every \
                             step, and no band of energy is kept."
                        ),
                        "{scenario} {m:?} at {h}"
                    );
                } else {
                    assert_eq!(
                        said,
                        m.info().energy_on(&setup.class()),
                        "{scenario} {m:?} at {h}"
                    );
                }
            }
        }
    }
    // A method that is no symplectic one says what it says of its forces, past a limit too.
    let spring = Setup::new("spring", &[], Some(2.2 / omega), Some(22.0 / omega)).unwrap();
    let g = amplification_on(MethodId::Euler, &spring, 2.2).unwrap();
    assert_eq!(
        energy_on_setup(MethodId::Euler, &spring, Some(g)),
        MethodId::Euler.info().energy_on(&spring.class())
    );
}

/// Where a method that is not symplectic changes its amplitude by more than 10 % a period, its sentence about
/// a spring at small ω·dt ("Loses energy very slowly … about h⁶/144", "Gains energy slowly") is not said: the
/// factor over a period is, checked against the closed forms of the methods' growth (the teacher's
/// walkthrough saw RK4's amplitude shrink to 0.62 a step beside "very slowly"). Within 10 % the sentence
/// stands, unless the run goes the other way than a spring: on the pendulum the kinematic average steps a
/// small swing as under a constant acceleration, whose factor is √(1 + h²/2) (for h < 4), and it gains energy
/// where its sentence says it loses it on a spring. At the pendulum's own dt that is ×1.28 a period: fast.
/// Under damping the sentence stands: the truth's own decay is no error of the method's.
#[test]
fn fast_changes_are_not_called_slow() {
    use integrator_lab::analysis::{amplification_on, energy_on_setup};
    use integrator_lab::format::significant;
    use integrator_lab::Setup;
    use std::f64::consts::TAU;
    let rk4 = |h: f64| (1.0 - h.powi(6) / 72.0 + h.powi(8) / 576.0).sqrt();
    let midpoint = |h: f64| (1.0 + h.powi(4) / 4.0).sqrt();
    let kinematic_average = |h: f64| (h.cos() + h / 2.0 * h.sin()).sqrt();
    let constant_acceleration = |h: f64| (1.0 + h * h / 2.0).sqrt();
    let (gains, loses) = ("Gains energy", "Loses energy");
    for (scenario, omega, swing) in [
        ("spring", 15f64.sqrt(), "its amplitude"),
        ("pendulum", 9.81f64.sqrt(), "a small swing's amplitude"),
    ] {
        let pendulum = scenario == "pendulum";
        let cases = [
            (MethodId::Rk4, 0.5, rk4(0.5), None),
            (MethodId::Rk4, 2.0, rk4(2.0), Some((loses, "fast"))),
            (MethodId::Rk4, 3.0, rk4(3.0), Some((gains, "fast"))),
            (MethodId::Midpoint, 0.3, midpoint(0.3), None),
            (
                MethodId::Midpoint,
                1.0,
                midpoint(1.0),
                Some((gains, "fast")),
            ),
            if pendulum {
                (
                    MethodId::KinematicAverage,
                    0.01,
                    constant_acceleration(0.01),
                    Some((gains, "slowly")),
                )
            } else {
                (
                    MethodId::KinematicAverage,
                    0.3,
                    kinematic_average(0.3),
                    None,
                )
            },
            if pendulum {
                (
                    MethodId::KinematicAverage,
                    0.05 * omega,
                    constant_acceleration(0.05 * omega),
                    Some((gains, "fast")),
                )
            } else {
                (
                    MethodId::KinematicAverage,
                    1.0,
                    kinematic_average(1.0),
                    Some((loses, "fast")),
                )
            },
        ];
        for (m, h, exact, expected) in cases {
            let setup = Setup::new(scenario, &[], Some(h / omega), Some(10.0 * h / omega)).unwrap();
            let g = amplification_on(m, &setup, h).unwrap();
            let text = energy_on_setup(m, &setup, Some(g));
            assert!(
                (g - exact).abs() < 1e-9,
                "{scenario} {m:?} at {h}: measured ×{g}, closed form ×{exact}"
            );
            let a_period = exact.powf(TAU / h);
            match expected {
                None => {
                    assert!(
                        (a_period - 1.0).abs() <= 0.1,
                        "{m:?} at {h}: ×{a_period} a period"
                    );
                    assert_eq!(
                        text,
                        m.info().energy_on(&setup.class()),
                        "{scenario} {m:?} at {h}"
                    );
                }
                Some((way, pace)) => {
                    assert_eq!(
                        (a_period - 1.0).abs() > 0.1,
                        pace == "fast",
                        "{m:?} at {h}: ×{a_period}"
                    );
                    assert_eq!(
                        text,
                        format!(
                            "{way} {pace} at this ω·dt: over a period {swing} is multiplied by {}.",
                            significant(a_period, 3)
                        ),
                        "{scenario} {m:?} at {h}"
                    );
                }
            }
        }
    }
    // Explicit and implicit Euler's sentences hold at every ω·dt (√(1 + h²), exactly): they stand at 2.2.
    let spring = Setup::new("spring", &[], Some(2.2 / 15f64.sqrt()), Some(10.0)).unwrap();
    for m in [MethodId::Euler, MethodId::ImplicitEuler] {
        let g = amplification_on(m, &spring, 2.2).unwrap();
        assert_eq!(
            energy_on_setup(m, &spring, Some(g)),
            m.info().energy_on(&spring.class())
        );
    }
    // On the damped spring RK4 at b = 2, dt = 0.02 shrinks 0.980199 a step, the truth's own decay e^(−b·dt/2m):
    // its sentence stands.
    let damped = Setup::new(
        "damped-spring",
        &[("b".into(), 2.0)],
        Some(0.02),
        Some(10.0),
    )
    .unwrap();
    let h = damped.omega_dt().unwrap();
    let g = amplification_on(MethodId::Rk4, &damped, h).unwrap();
    assert!((g - (-0.02f64).exp()).abs() < 1e-6, "×{g}");
    assert_eq!(
        energy_on_setup(MethodId::Rk4, &damped, Some(g)),
        MethodId::Rk4.info().energy_on(&damped.class())
    );
}
