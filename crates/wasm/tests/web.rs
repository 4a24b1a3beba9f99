//! The wasm surface, run in wasm under Node: what the page reads equals what the core computes.

use integrator_lab::{csv, MethodId, Precision, Run, Setup};
use integrator_lab_wasm::{catalogue, check_param, wasm_memory, Lab};
use js_sys::{Float64Array, Reflect};
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

#[derive(Serialize)]
struct Spec<'a> {
    scenario: &'a str,
    methods: &'a [&'a str],
    dt: f64,
    until: f64,
    precision: &'a str,
    params: std::collections::BTreeMap<&'a str, f64>,
}

fn spec(scenario: &str, methods: &[&str], dt: f64, until: f64, precision: &str) -> JsValue {
    serde_wasm_bindgen::to_value(&Spec {
        scenario,
        methods,
        dt,
        until,
        precision,
        params: Default::default(),
    })
    .unwrap()
}

/// A column as the page reads it: a Float64Array view over wasm memory.
fn column(lab: &Lab, track: usize, c: usize) -> Vec<f64> {
    let memory: js_sys::WebAssembly::Memory = wasm_memory().unchecked_into();
    let view = Float64Array::new_with_byte_offset_and_length(
        &memory.buffer(),
        lab.column_ptr(track, c) as u32,
        lab.rows(track) as u32,
    );
    view.to_vec()
}

fn message(e: wasm_bindgen::JsError) -> String {
    let value: JsValue = e.into();
    value.unchecked_into::<js_sys::Error>().message().into()
}

#[wasm_bindgen_test]
fn histories_equal_the_core_runs_in_both_precisions() {
    for precision in ["f64", "f32"] {
        let mut lab = Lab::new(spec("kepler", &["rk4", "euler"], 0.05, 2.0, precision)).unwrap();
        assert_eq!(lab.advance(1_000), 40);
        assert_eq!(lab.advance(1_000), 0, "never past the end");
        let setup = Setup::new("kepler", &[], Some(0.05), Some(2.0)).unwrap();
        for (track, method) in [MethodId::Rk4, MethodId::Euler].into_iter().enumerate() {
            let xs = column(&lab, track, 1);
            let vys = column(&lab, track, 4);
            assert_eq!(xs.len(), 41);
            for step in [0u64, 1, 17, 40] {
                let (x, vy) = if precision == "f64" {
                    let mut run = Run::<f64>::new(&setup, method);
                    run.advance(step);
                    (run.state().x[0], run.state().v[1])
                } else {
                    let mut run = Run::<f32>::new(&setup, method);
                    run.advance(step);
                    (run.state().x[0] as f64, run.state().v[1] as f64)
                };
                assert_eq!(xs[step as usize], x, "{precision} {method:?} step {step}");
                assert_eq!(vys[step as usize], vy);
            }
        }
        // The truth track follows the tracks, and t is step·dt.
        let t = column(&lab, 2, 0);
        assert_eq!(t[40], 40.0 * 0.05);
    }
}

#[wasm_bindgen_test]
fn csv_export_is_the_cli_table() {
    let lab = Lab::new(spec("damped-spring", &["euler", "rk4"], 0.01, 1.0, "f32")).unwrap();
    let setup = Setup::new("damped-spring", &[], Some(0.01), Some(1.0)).unwrap();
    let expected = csv::to_string(&setup, &[MethodId::Euler, MethodId::Rk4], Precision::F32, 1);
    assert_eq!(lab.csv(1), expected);
}

#[wasm_bindgen_test]
fn errors_carry_the_core_messages() {
    let cases = [
        (
            spec("spring", &["rk4"], 0.0, 1.0, "f64"),
            "dt must be positive (got 0)",
        ),
        (
            spec("sprung", &["rk4"], 0.1, 1.0, "f64"),
            "unknown scenario 'sprung'",
        ),
        (
            spec("spring", &["rk5"], 0.1, 1.0, "f64"),
            "unknown method 'rk5'",
        ),
        (spec("spring", &[], 0.1, 1.0, "f64"), "no method given"),
        (
            spec("spring", &["rk4"], 0.1, 1.0, "f16"),
            "unknown precision 'f16'",
        ),
    ];
    for (s, needle) in cases {
        let err = message(Lab::new(s).err().expect("an error"));
        assert!(err.starts_with(needle), "{err}");
    }
    let not_a_spec = message(Lab::new(JsValue::from_str("spring")).err().unwrap());
    assert!(!not_a_spec.is_empty());
    assert_eq!(
        check_param("spring", "m", 0.0).unwrap(),
        "m = 0 is out of range (0, 1000000]"
    );
    assert_eq!(check_param("spring", "m", 2.0), None);
}

#[wasm_bindgen_test]
fn divergence_is_reported_and_other_methods_go_on() {
    let mut lab = Lab::new(spec(
        "spring",
        &["euler", "symplectic-euler"],
        0.5,
        500.0,
        "f32",
    ))
    .unwrap();
    lab.advance(1000);
    let t = lab
        .diverged_at(0)
        .expect("Euler at ω dt = 1.9 overflows f32");
    assert!(t > 0.0 && t < 500.0);
    assert_eq!(lab.diverged_at(1), None);
    assert_eq!(lab.rows(1), 1001);
    assert!(lab.rows(0) < 1001);
}

#[wasm_bindgen_test]
fn catalogue_comes_from_the_core() {
    let c = catalogue().unwrap();
    let scenarios: js_sys::Array = Reflect::get(&c, &"scenarios".into())
        .unwrap()
        .unchecked_into();
    assert_eq!(scenarios.length(), 12);
    let first = scenarios.get(0);
    assert_eq!(
        Reflect::get(&first, &"id".into()).unwrap(),
        "constant-force"
    );
    let methods: js_sys::Array = Reflect::get(&c, &"methods".into())
        .unwrap()
        .unchecked_into();
    assert_eq!(methods.length(), 10);
}

#[derive(Serialize)]
struct RunsSpec<'a> {
    scenario: &'a str,
    runs: Vec<Pair<'a>>,
    dt: f64,
    until: f64,
}

#[derive(Serialize)]
struct Pair<'a> {
    method: &'a str,
    dt: f64,
}

/// One method at several steps at once: each track keeps its own clock and its own truth.
#[wasm_bindgen_test]
fn runs_at_several_dt_follow_the_core_at_each_dt() {
    let spec = RunsSpec {
        scenario: "projectile",
        runs: vec![
            Pair {
                method: "euler",
                dt: 1.0 / 15.0,
            },
            Pair {
                method: "euler",
                dt: 1.0 / 30.0,
            },
            Pair {
                method: "velocity-verlet",
                dt: 1.0 / 15.0,
            },
        ],
        dt: 1.0 / 30.0,
        until: 2.0,
    };
    let mut lab = Lab::new(serde_wasm_bindgen::to_value(&spec).unwrap()).unwrap();
    lab.advance(10_000);
    assert_eq!(lab.track_steps(0), 30.0);
    assert_eq!(lab.track_steps(1), 60.0);
    assert_eq!(lab.rows(0), 31);
    assert_eq!(lab.rows(1), 61);
    for (track, method, dt) in [
        (0, MethodId::Euler, 1.0 / 15.0),
        (1, MethodId::Euler, 1.0 / 30.0),
        (2, MethodId::VelocityVerlet, 1.0 / 15.0),
    ] {
        let setup = Setup::new("projectile", &[], Some(dt), Some(2.0)).unwrap();
        let mut run = Run::<f64>::new(&setup, method);
        run.advance(setup.steps());
        let ys = column(&lab, track, 2);
        assert_eq!(*ys.last().unwrap(), run.state().x[1], "track {track}");
        let t = column(&lab, track, 0);
        assert_eq!(*t.last().unwrap(), setup.steps() as f64 * dt);
    }
    // The export is the CLI's table for each dt, a blank line between.
    let coarse = Setup::new("projectile", &[], Some(1.0 / 15.0), Some(2.0)).unwrap();
    let fine = Setup::new("projectile", &[], Some(1.0 / 30.0), Some(2.0)).unwrap();
    let expected = format!(
        "{}\n{}",
        csv::to_string(
            &coarse,
            &[MethodId::Euler, MethodId::VelocityVerlet],
            Precision::F64,
            1
        ),
        csv::to_string(&fine, &[MethodId::Euler], Precision::F64, 1)
    );
    assert_eq!(lab.csv(1), expected);
}
