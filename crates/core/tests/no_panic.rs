//! No input to the public API panics: bad input is a typed error, and any accepted input can be stepped.

use integrator_lab::format::parse as parse_number;
use integrator_lab::{csv, scenarios, Error, MethodId, Precision, Run, Setup};
use proptest::prelude::*;

fn any_number() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(f64::MIN_POSITIVE),
        Just(1e300),
        -1e3..1e3f64,
        any::<f64>(),
    ]
}

fn any_name() -> impl Strategy<Value = String> {
    let known: Vec<String> = scenarios::all()
        .iter()
        .flat_map(|s| s.info().params.iter().map(|p| p.name.to_string()))
        .collect();
    prop_oneof![proptest::sample::select(known), "[a-zA-Z0-9_]{0,6}"]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn setups_are_errors_or_runnable(
        scenario in prop_oneof![proptest::sample::select(scenarios::ids()).prop_map(String::from), ".{0,12}"],
        overrides in proptest::collection::vec((any_name(), any_number()), 0..4),
        dt in prop_oneof![Just(None), any_number().prop_map(Some)],
        until in prop_oneof![Just(None), (0.0..5.0f64).prop_map(Some), any_number().prop_map(Some)],
        method in proptest::sample::select(MethodId::ALL.to_vec()),
    ) {
        match Setup::new(&scenario, &overrides, dt, until) {
            Ok(setup) => {
                prop_assert!(setup.dt > 0.0 && setup.dt.is_finite());
                // Step a bounded number of steps in both precisions; divergence is reported, not a panic.
                let steps = setup.steps().min(200);
                let mut a = Run::<f64>::new(&setup, method);
                a.advance(steps);
                prop_assert!(a.state().is_finite());
                let mut b = Run::<f32>::new(&setup, method);
                b.advance(steps);
                prop_assert!(b.state().is_finite());
                let short = setup.with_dt(setup.dt).unwrap();
                if short.steps() <= 200 {
                    let table = csv::to_string(&short, &[method], Precision::F32, 7);
                    prop_assert!(table.lines().count() >= 2);
                }
            }
            Err(e) => prop_assert!(!e.to_string().is_empty() && !e.to_string().contains('\n')),
        }
    }

    #[test]
    fn number_parsing_never_panics(text in ".{0,16}") {
        if let Ok(v) = parse_number("dt", &text) {
            prop_assert!(v.is_finite());
        }
    }

    #[test]
    fn method_lists_never_panic(list in "[a-z,\\- ]{0,40}") {
        let _ = MethodId::parse_list(&list);
    }
}

#[test]
fn errors_name_the_problem() {
    let err = |s: &str, o: &[(&str, f64)], dt: Option<f64>| {
        let o: Vec<(String, f64)> = o.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        Setup::new(s, &o, dt, None).unwrap_err()
    };
    assert!(matches!(
        err("sprung", &[], None),
        Error::UnknownScenario(_)
    ));
    assert!(matches!(
        err("spring", &[("kk", 1.0)], None),
        Error::UnknownParameter { .. }
    ));
    assert!(matches!(
        err("spring", &[("m", 0.0)], None),
        Error::OutOfRange { .. }
    ));
    assert!(matches!(
        err("spring", &[("k", f64::NAN)], None),
        Error::NotFinite { .. }
    ));
    assert!(matches!(
        err("spring", &[], Some(0.0)),
        Error::NonPositiveStep(_)
    ));
    assert!(matches!(
        err("spring", &[], Some(-1.0)),
        Error::NonPositiveStep(_)
    ));
    assert!(matches!(
        err("spring", &[], Some(1e-12)),
        Error::TooManySteps { .. }
    ));
    assert!(matches!(
        err("spring-chain", &[("n", 2.5)], None),
        Error::Inconsistent(_)
    ));
    assert!(matches!(
        err(
            "lunar-lander",
            &[("burn_start", 5.0), ("burn_end", 2.0)],
            None
        ),
        Error::Inconsistent(_)
    ));
    assert_eq!(
        err("spring", &[("m", 0.0)], None).to_string(),
        "m = 0 is out of range: it must be more than 0 and at most 1,000,000 kg"
    );
    assert!(matches!(
        MethodId::from_id("rk5"),
        Err(Error::UnknownMethod(_))
    ));
    assert!(matches!(
        Precision::from_id("f16"),
        Err(Error::UnknownPrecision(_))
    ));
}

/// A diverging method stops at its last finite state and says when.
#[test]
fn divergence_is_detected_and_the_last_finite_state_kept() {
    let setup = Setup::new("spring", &[], Some(1.0), Some(2000.0)).unwrap();
    let mut run = Run::<f32>::new(&setup, MethodId::Euler);
    let taken = run.advance(setup.steps());
    let at = run
        .diverged_at()
        .expect("Euler at ω dt = 3.9 blows up in f32");
    assert_eq!(at, taken + 1);
    assert!(run.state().is_finite());
    assert!(!run.step());
}

/// Text with what hostile input carries: control characters, invisible characters, escapes and quotes.
fn hostile_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            "[a-zA-Z0-9 ]",
            Just("\u{1b}[2K".to_string()),
            Just("\r".to_string()),
            Just("\u{200b}".to_string()),
            Just("\u{202e}".to_string()),
            Just("\u{feff}".to_string()),
            Just("\u{0}".to_string()),
            Just("\"".to_string()),
            Just("\\".to_string()),
            Just("\n".to_string()),
            Just("Ａ".to_string()),
        ],
        0..12,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Worksheets with any random range (huge, tiny steps, inverted, NaN-producing) and any run length: a
    /// refusal with a line or a worksheet whose every key can be computed; never a panic.
    #[test]
    fn worksheets_of_any_shape_are_refused_or_keyed(
        min in prop_oneof![Just(-1e6), Just(0.0), Just(1.0), -10.0..10.0f64],
        span in prop_oneof![Just(0.0), Just(1e6), Just(1e300), 0.0..100.0f64],
        step in prop_oneof![Just(1e-13), Just(1e-300), Just(0.0), Just(-1.0), Just(1.0), 0.001..10.0f64],
        until in prop_oneof![Just("1"), Just("1e9"), Just("1e300"), Just("0"), Just("-1")],
        levels in 0u32..40,
        name in hostile_text(),
    ) {
        let text = format!(
            "title = \"T\"\n[random]\nk = {{ min = {min:e}, max = {:e}, step = {step:e} }}\n\n[[task]]\nsetup = \"scenario=spring&methods=euler,rk4&dt=0.1&until={until}\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"order\"\nmethod = \"rk4\"\nlevels = {levels}\n",
            min + span
        );
        if let Ok(sheet) = integrator_lab::worksheets::parse("", &text) {
            let _ = sheet.key(&name);
            prop_assert_eq!(sheet.params_for(&name), sheet.params_for(&integrator_lab::worksheets::tidy_name(&name)));
        }
    }

    /// Hand-in codes and pasted mail with control and invisible characters: read or refused, never a panic.
    #[test]
    fn codes_of_any_text_are_read_or_refused(text in hostile_text(), name in hostile_text()) {
        use integrator_lab::worksheets::handin::{codes_in, HandIn};
        let code = HandIn {
            name: name.clone(),
            worksheet: "fiedler".into(),
            version: Some(text.clone()),
            params: vec![],
            answers: vec![text.clone()],
        }
        .code();
        prop_assert_eq!(HandIn::read(&code).map(|h| h.name), Ok(name));
        for c in codes_in(&format!("{text}{code}{text}")) {
            let _ = HandIn::read(&c);
        }
        let _ = HandIn::read(&text);
    }

    /// Rules that nest arrays in loops, at any depth and count: refused, stopped with their line, or run;
    /// never a panic, and never past the array limit.
    #[test]
    fn rules_that_nest_arrays_are_stopped(depth in 0usize..6, turns in 0u32..40, later in any::<bool>()) {
        use integrator_lab::language::Rule;
        let nest = format!("{}x{}", "[".repeat(depth), "]".repeat(depth));
        let body = format!("let a = {nest};\nlet i = 0;\nwhile i < {turns} {{ a = [a, a, a]; i = i + 1; }}\n");
        let text = if later {
            format!("if t > 0.5 {{\n{body}}}\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n")
        } else {
            format!("{body}v = v + a(x, v, t) * dt;\nx = x + v * dt;\n")
        };
        if let Ok(rule) = Rule::compile(&text) {
            let setup = Setup::new("orbit", &[], Some(0.1), Some(1.0)).unwrap();
            let mut run = Run::<f64>::new(&setup, integrator_lab::Method::Rule(std::sync::Arc::new(rule)));
            while run.steps() < setup.steps() && run.step() {}
            if let Some(why) = run.failure() {
                prop_assert!(why.contains("line"), "{}", why);
            }
        }
    }
}
