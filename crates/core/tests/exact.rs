//! Exact solutions: the kinematic integrator reproduces them where “True Physics” says it should, and every closed
//! form in the scenarios agrees with a fine RK4 run of the same equations.

mod common;

use common::{final_state, setup};
use integrator_lab::{scenarios, MethodId, Run, Setup, Truth};

#[test]
fn kinematic_is_exact_for_a_constant_force_at_any_dt() {
    for dt in [0.5, 1.0, 5.0] {
        let s = setup("constant-force", &[("v0", 3.0)], dt, 1000.0 * dt);
        let end = final_state::<f64>(&s, MethodId::Kinematic);
        let truth = s.truth().at(1000);
        let scale = truth.x[0].abs();
        assert!((end.x[0] - truth.x[0]).abs() <= 1e-14 * scale, "dt {dt}");
        assert!(
            (end.v[0] - truth.v[0]).abs() <= 1e-14 * truth.v[0].abs(),
            "dt {dt}"
        );
    }
}

#[test]
fn kinematic_is_exact_for_one_spring_at_any_dt() {
    // Fiedler's spring, ω = √15: at dt = 5 a step is three periods.
    for dt in [0.5, 1.0, 5.0] {
        let s = setup("spring", &[], dt, 1000.0 * dt);
        let end = final_state::<f64>(&s, MethodId::Kinematic);
        let truth = s.truth().at(1000);
        // Round-off only: 1000 steps of a few ulps of the 1000 m amplitude.
        assert!(
            (end.x[0] - truth.x[0]).abs() < 1e-9,
            "dt {dt}: {} vs {}",
            end.x[0],
            truth.x[0]
        );
        assert!((end.v[0] - truth.v[0]).abs() < 1e-8, "dt {dt}");
        // Symplectic Euler at ω dt = 3.9 and 19 is past its limit of 2: it blows up.
        if dt >= 1.0 {
            let mut run = Run::<f64>::new(&s, MethodId::SymplecticEuler);
            run.advance(1000);
            let off = run.diverged_at().is_some() || (run.state().x[0] - truth.x[0]).abs() > 100.0;
            assert!(off);
        }
    }
}

#[test]
fn kinematic_is_exact_for_the_lunar_lander_with_burns_inside_steps() {
    // The burn from 2 s to 5 s starts and ends inside steps of 0.7 s and 3 s.
    for dt in [0.5, 0.7, 3.0] {
        let s = setup("lunar-lander", &[], dt, 30.0 * dt);
        let mut run = Run::<f64>::new(&s, MethodId::Kinematic);
        let mut truth = s.truth();
        for _ in 0..s.steps() {
            run.step();
            let t = truth.at(run.steps());
            assert!(
                (run.state().x[0] - t.x[0]).abs() < 1e-10,
                "dt {dt} step {}",
                run.steps()
            );
            assert!((run.state().v[0] - t.v[0]).abs() < 1e-12);
        }
    }
}

/// Each closed form against RK4 at a step of 10⁻⁴ s: catches a wrong formula, since the two share no code.
/// Every scenario whose truth is exact is checked at its defaults (read from the registry), and these at
/// settings that reach other branches of their formulas.
#[test]
fn closed_forms_agree_with_a_fine_rk4_run() {
    let defaults: Vec<(&str, &[(&str, f64)])> = scenarios::all()
        .iter()
        .filter(|s| s.info().truth == Truth::Exact)
        .map(|s| (s.info().id, &[][..]))
        .collect();
    assert!(defaults.len() >= 10);
    let more: &[(&str, &[(&str, f64)])] = &[
        ("constant-force", &[("v0", -2.0)]),
        ("spring", &[("v0", 30.0)]),
        ("damped-spring", &[("v0", 5.0)]),
        ("damped-spring", &[("b", 2.0 * 15f64.sqrt())]),
        ("damped-spring", &[("b", 20.0)]),
        ("orbit", &[("omega", 2.0)]),
        ("kepler", &[("e", 0.9)]),
        ("two-springs", &[("a1", 1.0), ("a2", -0.5), ("k2", 1.0)]),
        ("drag", &[("c", 0.0)]),
    ];
    for (id, overrides) in defaults.iter().chain(more) {
        let s = setup(id, overrides, 0.5, 3.0);
        // The lander's burn switches inside RK4's steps, so its truth is only as good as that step.
        let fine = setup(id, overrides, 1e-4, 3.0);
        let numeric = final_state::<f64>(&fine, MethodId::Rk4);
        let exact = s.truth().at(s.steps());
        let scale = 1.0
            + exact
                .x
                .iter()
                .chain(&exact.v)
                .fold(0.0f64, |m, q| m.max(q.abs()));
        let tolerance = if *id == "lunar-lander" { 1e-3 } else { 1e-9 };
        for (a, b) in numeric
            .x
            .iter()
            .zip(&exact.x)
            .chain(numeric.v.iter().zip(&exact.v))
        {
            assert!(
                (a - b).abs() < tolerance * scale,
                "{id} {overrides:?}: {a} vs {b}"
            );
        }
    }
}

/// Where no closed form exists the truth is a reference run, and says so.
#[test]
fn pendulums_use_a_labelled_reference() {
    for id in ["pendulum", "double-pendulum"] {
        let s = Setup::defaults(id).unwrap();
        assert_eq!(s.scenario.info().truth, Truth::Reference);
        assert!(s.truth().reference_step().unwrap() <= 1e-4);
        assert!(integrator_lab::csv::header(&s).contains("reference_"));
        // The reference conserves energy to 1e-9 over the whole run.
        let mut truth = s.truth();
        let e0 = s.energy(&truth.at(0)).total();
        let e1 = s.energy(&truth.at(s.steps())).total();
        assert!(((e1 - e0) / e0).abs() < 1e-9, "{id}: {e0} → {e1}");
    }
    // Small swings of the pendulum follow the small-angle law θ0 cos(√(g/L) t).
    let s = setup("pendulum", &[("theta0", 1e-4)], 0.05, 3.0);
    let th = s.truth().at(60).x[0];
    assert!((th - 1e-4 * (9.81f64.sqrt() * 3.0).cos()).abs() < 1e-11);
}

#[test]
fn every_scenario_has_defaults_ranges_and_an_energy() {
    let ids = scenarios::ids();
    for (i, id) in ids.iter().enumerate() {
        assert!(!ids[..i].contains(id), "{id} twice");
    }
    for s in scenarios::all() {
        let info = s.info();
        let setup = Setup::defaults(info.id).unwrap();
        let c = setup.coordinates();
        assert_eq!(c.positions.len(), setup.system().dim, "{}", info.id);
        assert_eq!(c.velocities.len(), c.positions.len());
        for p in info.params {
            assert!(p.check(p.default).is_ok(), "{}.{}", info.id, p.name);
            assert!(p.min < p.max);
        }
        assert!(setup.energy(&setup.initial()).total().is_finite());
        assert!(info.dt > 0.0 && info.until > 0.0);
    }
}

/// Where a scenario prepares its closed form (the chain's modes computed once), the prepared form gives
/// the state `exact` gives, to the bit, at every time.
#[test]
fn a_prepared_closed_form_is_the_closed_form() {
    for scenario in integrator_lab::scenarios::all() {
        for n in ["2", "10", "100"] {
            let overrides: Vec<(String, f64)> = if scenario.info().id == "spring-chain" {
                vec![("n".into(), n.parse().unwrap())]
            } else {
                Vec::new()
            };
            let setup = Setup::new(scenario.info().id, &overrides, None, None).unwrap();
            let Some(prepared) = scenario.exact_prepared(&setup.params) else {
                continue;
            };
            let (mut a, mut b) = (setup.initial(), setup.initial());
            for t in [0.0, 0.013, 1.0, 7.77, 10.0] {
                prepared(t, &mut a);
                assert!(scenario.exact(&setup.params, t, &mut b));
                assert_eq!(a, b, "{} n = {n} at t = {t}", scenario.info().id);
            }
        }
    }
}
