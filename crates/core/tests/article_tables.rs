//! The tables the articles print, reproduced.

mod common;

use common::{final_state, setup};
use integrator_lab::{csv, MethodId, Precision, Run, Setup};

/// Fiedler, “Integration Basics”: explicit Euler, 1 kg pushed by 10 N, dt = 1 s, printed after every step.
#[test]
fn fiedler_constant_force_table_at_dt_1() {
    let positions = [
        0.0, 0.0, 10.0, 30.0, 60.0, 100.0, 150.0, 210.0, 280.0, 360.0, 450.0,
    ];
    let setup = Setup::defaults("constant-force").unwrap();
    for &precision in Precision::ALL {
        let table = csv::to_string(&setup, &[MethodId::Euler], precision, 1);
        let rows: Vec<Vec<&str>> = table
            .lines()
            .filter(|l| !l.starts_with("method,"))
            .map(|l| l.split(',').collect())
            .collect();
        assert_eq!(rows.len(), 11);
        for (step, row) in rows.iter().enumerate() {
            assert_eq!(row[1], step.to_string());
            assert_eq!(
                row[3].parse::<f64>().unwrap(),
                positions[step],
                "x at t = {step}"
            );
            assert_eq!(
                row[4].parse::<f64>().unwrap(),
                10.0 * step as f64,
                "v at t = {step}"
            );
        }
    }
}

/// Fiedler at dt = 0.01 in `float`: after 1000 steps, position 499.497070 and velocity 99.999046, where
/// explicit Euler in exact arithmetic would give 499.5 and 100.
#[test]
fn fiedler_float_row_at_dt_0_01() {
    let s = setup("constant-force", &[], 0.01, 10.0);
    let mut run = Run::<f32>::new(&s, MethodId::Euler);
    run.advance(1000);
    assert_eq!(run.state().x[0], "499.497070".parse::<f32>().unwrap());
    assert_eq!(run.state().v[0], "99.999046".parse::<f32>().unwrap());
    // The rest of his printed rows, t = 9.90 … 9.99.
    let printed = [
        (990, 489.552155, 98.999062),
        (995, 494.512115, 99.499054),
        (999, 498.498077, 99.899048),
    ];
    for (step, x, v) in printed {
        let mut run = Run::<f32>::new(&s, MethodId::Euler);
        run.advance(step);
        assert_eq!(run.state().x[0], x as f32, "x after {step} steps");
        assert_eq!(run.state().v[0], v as f32, "v after {step} steps");
    }
    // In f64 the same method gives the 499.5 it owes, and the difference is float rounding.
    let x64 = final_state::<f64>(&s, MethodId::Euler).x[0];
    assert!((x64 - 499.5).abs() < 1e-9, "{x64}");
}

/// The kinematic integrator gives Fiedler's exact 500 m at dt = 1.
#[test]
fn kinematic_lands_on_the_exact_500_m() {
    let s = Setup::defaults("constant-force").unwrap();
    assert_eq!(final_state::<f32>(&s, MethodId::Kinematic).x[0], 500.0);
    assert_eq!(final_state::<f64>(&s, MethodId::Kinematic).x[0], 500.0);
}

/// The gravity answer's claim: for constant acceleration velocity Verlet is exact, so the landing point does not move
/// with dt; Euler's moves in proportion to dt.
#[test]
fn velocity_verlet_jump_lands_on_the_same_spot_at_any_dt() {
    let truth = Setup::defaults("projectile").unwrap().truth().at(120);
    for dt in [1.0 / 15.0, 1.0 / 30.0, 1.0 / 60.0, 1.0 / 120.0] {
        let s = setup("projectile", &[], dt, 2.0);
        for m in [
            MethodId::VelocityVerlet,
            MethodId::Leapfrog,
            MethodId::Verlet,
            MethodId::Kinematic,
        ] {
            let end = final_state::<f64>(&s, m);
            assert!(
                (end.x[1] - truth.x[1]).abs() < 1e-11,
                "{m:?} at dt {dt}: {}",
                end.x[1]
            );
        }
        let euler = final_state::<f64>(&s, MethodId::Euler);
        // Euler steps with the velocity at the start of each step, so it flies high by exactly ½ g t dt.
        let expected = 0.5 * 9.81 * 2.0 * dt;
        assert!((euler.x[1] - truth.x[1] - expected).abs() < 1e-9);
    }
}
