//! The wasm surface, run in wasm under Node: what the page reads through it equals what the core computes.
//! (What sessions record is tested natively, in the core's tests/session.rs.)

use integrator_lab::{MethodId, Precision, Session as CoreSession, Setup};
use integrator_lab_wasm::{catalogue, check_param, parse_number, parse_time, wasm_memory, Session};
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
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<&'a str>,
}

fn spec(scenario: &str, methods: &[&str], dt: f64, until: f64, precision: &str) -> JsValue {
    serde_wasm_bindgen::to_value(&Spec {
        scenario,
        methods,
        dt,
        until,
        precision,
        params: Default::default(),
        rule: None,
    })
    .unwrap()
}

/// A spec with a student's rule, which `yours` steps with.
fn with_rule(scenario: &str, methods: &[&str], dt: f64, until: f64, rule: &str) -> JsValue {
    serde_wasm_bindgen::to_value(&Spec {
        scenario,
        methods,
        dt,
        until,
        precision: "f64",
        params: Default::default(),
        rule: Some(rule),
    })
    .unwrap()
}

/// A column as the page reads it: a Float64Array view over wasm memory.
fn column(lab: &Session, track: usize, c: usize) -> Vec<f64> {
    // The copy's room first: allocating may grow wasm memory, which detaches every view taken before.
    let mut out = vec![0.0; lab.rows(track)];
    let memory: js_sys::WebAssembly::Memory = wasm_memory().unchecked_into();
    let view = Float64Array::new_with_byte_offset_and_length(
        &memory.buffer(),
        lab.column_ptr(track, c) as u32,
        out.len() as u32,
    );
    view.copy_to(&mut out);
    out
}

fn message(e: wasm_bindgen::JsError) -> String {
    let value: JsValue = e.into();
    value.unchecked_into::<js_sys::Error>().message().into()
}

/// The page reads histories through views into wasm memory: they hold what the core's session recorded.
#[wasm_bindgen_test]
fn views_into_wasm_memory_hold_the_session_histories() {
    for &precision in Precision::ALL {
        let mut lab =
            Session::new(spec("kepler", &["rk4", "euler"], 0.05, 2.0, precision.id())).unwrap();
        assert_eq!(lab.advance(1_000), 40);
        let setup = Setup::new("kepler", &[], Some(0.05), Some(2.0)).unwrap();
        let runs = [(MethodId::Rk4, None), (MethodId::Euler, None)];
        let mut session = CoreSession::new(setup, &runs, precision).unwrap();
        session.advance(1_000);
        for track in 0..=2 {
            for c in 0..9 {
                assert_eq!(
                    column(&lab, track, c),
                    session.history(track).unwrap().column(c),
                    "{precision:?} track {track} column {c}"
                );
            }
        }
        // A view taken before memory grew would be stale: a new lab allocates, and views are re-taken.
        let other = Session::new(spec("spring-chain", &["rk4"], 0.01, 10.0, "f64")).unwrap();
        assert_eq!(column(&lab, 0, 0).len(), 41);
        drop(other);
    }
}

/// The export is the studies tier's (the full page's); a figure, with the base tier, offers none.
#[cfg(feature = "studies")]
#[wasm_bindgen_test]
fn csv_export_is_the_cli_table() {
    for &precision in Precision::ALL {
        let lab = Session::new(spec(
            "damped-spring",
            &["euler", "rk4"],
            0.01,
            1.0,
            precision.id(),
        ));
        let setup = Setup::new("damped-spring", &[], Some(0.01), Some(1.0)).unwrap();
        let expected =
            integrator_lab::csv::to_string(&setup, &[MethodId::Euler, MethodId::Rk4], precision, 1);
        assert_eq!(lab.unwrap().csv(1).unwrap(), expected, "{precision:?}");
    }
}

/// The base tier steps in f64 only, and says so: the page loads the studies tier for an f32 run.
#[cfg(not(feature = "studies"))]
#[wasm_bindgen_test]
fn the_usual_build_refuses_f32_plainly() {
    let err = message(
        Session::new(spec("spring", &["euler"], 0.1, 1.0, "f32"))
            .err()
            .unwrap(),
    );
    assert_eq!(err, "precision 'f32' is not in this build of the core");
}

/// Only the language build runs rules: the others read no rule from a spec (the page never sends them one),
/// so `yours` has none to run, and they say so.
#[cfg(not(feature = "language"))]
#[wasm_bindgen_test]
fn builds_without_the_language_run_no_rule() {
    let rule = "v = v + a(x, v, t) * dt;\nx = x + v * dt;";
    for spec in [
        with_rule("spring", &["yours"], 0.1, 1.0, rule),
        spec("spring", &["yours"], 0.1, 1.0, "f64"),
    ] {
        let err = message(Session::new(spec).err().unwrap());
        assert!(
            err.starts_with("your method: there is no rule to run"),
            "{err}"
        );
    }
}

/// The language build steps a rule as `yours` beside the lab's methods: symplectic Euler written as a rule
/// records the same history as the method, to the bit; `insert` adds it back; the catalogue lists it; a
/// mistake is reported with its line and column; its report card says which method it is.
#[cfg(feature = "language")]
#[wasm_bindgen_test]
fn the_language_build_runs_checks_and_grades_a_rule() {
    use integrator_lab::language::{ABOUT, TEMPLATES};
    use integrator_lab_wasm::language::{check_rule, report_card, rule_templates};
    let text = TEMPLATES
        .iter()
        .find(|(m, _)| *m == MethodId::SymplecticEuler)
        .unwrap()
        .1;
    let mut lab = Session::new(with_rule(
        "orbit",
        &["symplectic-euler", "yours"],
        0.05,
        5.0,
        text,
    ))
    .unwrap();
    lab.advance(100);
    assert_eq!(lab.method(1).as_deref(), Some("yours"));
    for c in 0..9 {
        assert_eq!(column(&lab, 0, c), column(&lab, 1, c), "column {c}");
    }
    lab.remove(1).unwrap();
    lab.insert(1, "yours").unwrap();
    assert_eq!(column(&lab, 0, 1), column(&lab, 1, 1));
    assert_eq!(lab.failure(1), None);

    let methods = Reflect::get(&catalogue().unwrap(), &"methods".into()).unwrap();
    let last = js_sys::Array::from(&methods).pop();
    assert_eq!(
        Reflect::get(&last, &"id".into())
            .unwrap()
            .as_string()
            .as_deref(),
        Some(ABOUT.id)
    );
    assert_eq!(
        js_sys::Array::from(&rule_templates().unwrap()).length() as usize,
        TEMPLATES.len()
    );

    assert!(check_rule(text).unwrap().is_undefined());
    let problem = check_rule("v = v + a(x, v, t) * dt;\nx = x + v ^ 2;").unwrap();
    let field = |k: &str| Reflect::get(&problem, &k.into()).unwrap();
    assert_eq!(field("line").as_f64(), Some(2.0));
    assert_eq!(field("column").as_f64(), Some(11.0));
    let err = message(
        Session::new(with_rule("spring", &["yours"], 0.1, 1.0, "x = x +;"))
            .err()
            .unwrap(),
    );
    assert!(err.starts_with("your method: line 1, column"), "{err}");

    let card = report_card(text, None).unwrap();
    assert_eq!(
        Reflect::get(&card, &"equals".into())
            .unwrap()
            .as_string()
            .as_deref(),
        Some("symplectic-euler")
    );
}

/// The studies tier's studies answer with the core's own figures: Fiedler's 450 m, the experiments' list.
#[cfg(feature = "studies")]
#[wasm_bindgen_test]
fn the_second_build_measures_the_experiments() {
    use integrator_lab_wasm::studies::{experiments, measure_experiment};
    let list = js_sys::Array::from(&experiments().unwrap());
    assert_eq!(
        list.length() as usize,
        integrator_lab::experiments::all().len()
    );
    let measured = measure_experiment("fiedler-table").unwrap();
    assert_eq!(
        measured,
        integrator_lab::experiments::get("fiedler-table")
            .unwrap()
            .measure()
            .unwrap()
    );
    assert!(measured.contains("450"), "{measured}");
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
        let err = message(Session::new(s).err().expect("an error"));
        assert!(err.starts_with(needle), "{err}");
    }
    let not_a_spec = message(Session::new(JsValue::from_str("spring")).err().unwrap());
    assert!(!not_a_spec.is_empty());
    assert_eq!(
        check_param("spring", "m", 0.0, None).unwrap(),
        "m = 0 is out of range: it must be more than 0 and at most 1,000,000 kg"
    );
    assert_eq!(check_param("spring", "m", 2.0, None), None);
    assert_eq!(parse_time("dt", "1/60").unwrap(), 1.0 / 60.0);
    assert_eq!(
        message(parse_time("until", "-1").err().unwrap()),
        "until must not be negative (got -1)"
    );
}

#[wasm_bindgen_test]
fn catalogue_comes_from_the_core() {
    let c = catalogue().unwrap();
    let scenarios: js_sys::Array = Reflect::get(&c, &"scenarios".into())
        .unwrap()
        .unchecked_into();
    // The point mass's twelve, then the three spinning bodies, each with its family.
    assert_eq!(scenarios.length(), 15);
    let family = |i: u32| Reflect::get(&scenarios.get(i), &"family".into()).unwrap();
    assert_eq!(family(11), "motion");
    assert_eq!(family(12), "rotation");
    assert_eq!(
        Reflect::get(&scenarios.get(13), &"id".into()).unwrap(),
        "tennis-racket"
    );
    let rotation: js_sys::Array = Reflect::get(&c, &"rotationMethods".into())
        .unwrap()
        .unchecked_into();
    assert_eq!(rotation.length(), 8);
    let first = scenarios.get(0);
    assert_eq!(
        Reflect::get(&first, &"id".into()).unwrap(),
        "constant-force"
    );
    let methods: js_sys::Array = Reflect::get(&c, &"methods".into())
        .unwrap()
        .unchecked_into();
    // The language build lists a student's rule as well, as `yours`.
    let rule = usize::from(cfg!(feature = "language"));
    assert_eq!(
        methods.length() as usize,
        integrator_lab::MethodId::ALL.len() + rule
    );
}

/// The page reads numbers with JavaScript's parseFloat under the core's grammar; the CLI with Rust's parser.
/// Both round correctly, so they agree to the bit, and refuse the same texts with the same messages.
#[wasm_bindgen_test]
fn the_page_reads_numbers_as_the_cli_does() {
    for text in [
        "0.1",
        "1/60",
        "1e-3",
        "-2.5E+2",
        ".5",
        "1.",
        "+3",
        "0.30000000000000004",
        "4.9e-324",
        "1.7976931348623157e308",
        "2.2250738585072014e-308",
        "123456789012345678901234567890",
        "0.000001",
        "1/3",
        " 7 ",
        "1e400",
        "NaN",
        "inf",
        "abc",
        "",
        "1/",
        "0x10",
        "1e5x",
    ] {
        let core = integrator_lab::format::parse("x", text);
        let page = parse_number("x", text);
        match (core, page) {
            (Ok(a), Ok(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text}"),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), message(b), "{text}"),
            (a, b) => panic!("{text}: core {a:?}, page {:?}", b.map_err(message)),
        }
    }
}

/// A spinning body's session, in the studies tier and up: the page's views into wasm memory hold what the
/// core's session of spinning bodies records, in wasm as natively (the browser tests compare with the CLI).
#[cfg(feature = "studies")]
#[wasm_bindgen_test]
fn a_spinning_bodys_session_is_the_cores() {
    use integrator_lab::rotation::{
        methods::RotationMethodId, scenarios::RotationSetup, session::SpinSession, session::COLUMNS,
    };
    let mut lab = Session::new(spec(
        "tennis-racket",
        &["euler", "dlm"],
        1.0 / 60.0,
        2.0,
        "f64",
    ))
    .unwrap();
    assert_eq!(lab.advance(1_000), 120);
    let setup = RotationSetup::new("tennis-racket", &[], Some(1.0 / 60.0), Some(2.0)).unwrap();
    let mut session = SpinSession::new(setup, &[RotationMethodId::Euler, RotationMethodId::Dlm]);
    session.advance(1_000);
    for track in 0..=2 {
        for (c, name) in COLUMNS.iter().enumerate() {
            assert_eq!(
                column(&lab, track, c),
                session.history(track).unwrap().column(c),
                "track {track} column {name}"
            );
        }
    }
    assert_eq!(lab.csv(1).unwrap(), session.csv(1));
    // What a spinning body does not take is refused with the core's words.
    let err = message(
        Session::new(spec("tennis-racket", &["verlet"], 0.01, 1.0, "f64"))
            .err()
            .unwrap(),
    );
    assert!(err.contains("unknown rotation method 'verlet'"), "{err}");
}

/// The base tier, which embeds load, does not step spinning bodies: it says so (the page loads the studies
/// tier first). Nor does it check one: a setup the studies tier refuses (a point mass's method, a step past
/// the budget) passes its check, and is refused when made, as a run it cannot step; a point mass's is still
/// checked.
#[cfg(not(feature = "studies"))]
#[wasm_bindgen_test]
fn the_base_tier_neither_steps_nor_checks_a_spinning_body() {
    use integrator_lab_wasm::check_setup;
    for methods in [&["dlm"][..], &["rk4"]] {
        let err = message(
            Session::new(spec("tennis-racket", methods, 0.01, 1.0, "f64"))
                .err()
                .unwrap(),
        );
        assert!(err.contains("studies build"), "{err}");
    }
    assert_eq!(
        check_setup(spec("tennis-racket", &["rk4"], 1e-9, 1e6, "f64")),
        None
    );
    let point = check_setup(spec("spring", &["rk4"], 1e-9, 1e6, "f64")).unwrap();
    assert!(point.contains("steps"), "{point}");
}
