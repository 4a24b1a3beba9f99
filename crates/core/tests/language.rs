//! "Your method": rules written as students write them run as the lab's methods do, to round-off where they
//! are the same method; the report card measures what a rule is and names the mistake behind a wrong one;
//! mistakes in the text are reported with their line and column; a runaway rule is stopped.

use std::sync::Arc;

use integrator_lab::analysis::OrderVerdict;
use integrator_lab::language::{grade, Rule, TEMPLATES};
use integrator_lab::{Method, MethodId, Run, Setup, StabilityLimit};

fn rule(text: &str) -> Method {
    Method::Rule(Arc::new(
        Rule::compile(text).unwrap_or_else(|e| panic!("{e}\n{text}")),
    ))
}

fn error(text: &str) -> String {
    Rule::compile(text).expect_err("a mistake").to_string()
}

/// The positions and velocities of a run at every step.
fn trajectory(setup: &Setup, method: impl Into<Method>) -> Vec<(Vec<f64>, Vec<f64>)> {
    let mut run = Run::<f64>::new(setup, method);
    let mut out = Vec::new();
    while run.steps() < setup.steps() && run.step() {
        out.push((run.state().x.clone(), run.state().v.clone()));
    }
    assert_eq!(run.failure(), None);
    out
}

#[test]
fn the_simplest_rules_step_bit_for_bit_as_their_methods() {
    let setup = Setup::new("orbit", &[], Some(0.1), Some(10.0)).unwrap();
    for m in [MethodId::Euler, MethodId::SymplecticEuler] {
        let text = TEMPLATES.iter().find(|(id, _)| *id == m).unwrap().1;
        let (mine, theirs) = (trajectory(&setup, rule(text)), trajectory(&setup, m));
        assert_eq!(mine.len(), theirs.len());
        let first = mine.iter().zip(&theirs).position(|(a, b)| a != b);
        assert_eq!(first, None, "{} differs from step {first:?}", m.id());
    }
}

/// Every method a rule can write: its template's card says it equals the method, measures the method's
/// order on the spring, finds the method's stability limit, and keeps phase-space area exactly where the
/// method is symplectic.
#[test]
fn every_template_is_graded_as_the_method_it_writes() {
    for (m, text) in TEMPLATES {
        let card = grade::report(rule(text), None).unwrap_or_else(|e| panic!("{}: {e}", m.id()));
        let info = m.info();
        assert_eq!(card.equals, Some(m), "{}: {:?}", m.id(), card.lines());
        // No template is a mistake; explicit Euler's card says what its rule is and what to change for
        // symplectic Euler.
        assert_eq!(card.mistake, None, "{}", m.id());
        match m {
            MethodId::Euler => assert!(card.hint.unwrap().contains("which is explicit Euler")),
            _ => assert_eq!(card.hint, None, "{}", m.id()),
        }
        let order = card.orders[0]
            .1
            .order()
            .unwrap_or_else(|| panic!("{}: {:?}", m.id(), card.orders));
        let stated = info.order.unwrap() as f64;
        assert!(
            (order - stated).abs() < 0.1,
            "{}: order {order}, states {stated}",
            m.id()
        );
        match (card.stability, info.stability) {
            (StabilityLimit::Below(a), StabilityLimit::Below(b)) => {
                assert!((a - b).abs() < 1e-5, "{}: {a} against {b}", m.id())
            }
            (a, b) => assert_eq!(a, b, "{}", m.id()),
        }
        assert_eq!(
            (card.area - 1.0).abs() < 1e-9,
            info.symplectic,
            "{}: area {}",
            m.id(),
            card.area
        );
    }
}

#[test]
fn a_wrong_rule_is_told_the_mistake_its_numbers_point_to() {
    let said = |text: &str| {
        grade::report(rule(text), None)
            .unwrap()
            .mistake
            .unwrap_or_default()
    };
    // Explicit Euler written so is no mistake: the card says what it is (see below).
    assert_eq!(
        said("x = x + v * dt;\nv = v + a(x - v * dt, v, t) * dt;"),
        ""
    );
    assert!(said(
        "x = x + v * dt + 0.5 * a(x, v, t) * dt * dt;\nlet a1 = a(x, v, t);\nv = v + 0.5 * (a1 + a1) * dt;"
    )
    .contains("used a(x) after x moved"));
    assert!(said(
        "let a0 = a(x, v, t);\nx = x + v * dt + 0.5 * a0 * dt * dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a0 + a1) * dt;"
    )
    .contains("without halving"));
    // What looks like a slip (a·dt² without its ½, and v kicked with the old a) is symplectic Euler itself.
    let card = grade::report(
        rule("let a0 = a(x, v, t);\nx = x + v * dt + a0 * dt * dt;\nv = v + a0 * dt;"),
        None,
    )
    .unwrap();
    assert_eq!(card.equals, Some(MethodId::SymplecticEuler));
    assert!(said("v = v + a(x, v, t) * dt;\nx = x + v * dt * dt;").contains("dt twice"));
    // Not consistent: the step does not vanish with dt.
    assert!(said("v = v + a(x, v, t) * dt;\nx = x + v * 0.01;").contains("not consistent"));
    // A method of its own (Heun's) is no mistake: the card describes it.
    let heun = grade::report(
        rule("let a0 = a(x, v, t);\nlet xp = x + v * dt;\nlet vp = v + a0 * dt;\nlet a1 = a(xp, vp, t + dt);\nx = x + (v + vp) * (0.5 * dt);\nv = v + (a0 + a1) * (0.5 * dt);"),
        None,
    )
    .unwrap();
    assert_eq!((heun.equals, heun.mistake.as_deref()), (None, None));
    assert!((heun.orders[0].1.order().unwrap() - 2.0).abs() < 0.05);
    // Its map stretches area by 1 + h⁴/4 a step (h = 0.5), as every two-stage second-order Runge–Kutta's.
    assert!(
        (heun.area - (1.0 + 0.5f64.powi(4) / 4.0)).abs() < 1e-12,
        "{}",
        heun.area
    );
    // Another order of symplectic Euler is no mistake.
    let card = grade::report(rule("x = x + v * dt;\nv = v + a(x, v, t) * dt;"), None).unwrap();
    assert_eq!(card.mistake, None);
    assert!(card.known.unwrap().contains("x first"));
    assert!((card.area - 1.0).abs() < 1e-9);
}

#[test]
fn the_labs_own_methods_have_report_cards_too() {
    let card = grade::report(MethodId::Rk4, Some("pendulum")).unwrap();
    assert_eq!(card.orders.len(), 3);
    assert!(
        card.orders
            .iter()
            .all(|(_, v)| matches!(v, OrderVerdict::Order(p) if (p - 4.0).abs() < 0.15)),
        "{:?}",
        card.orders
    );
    assert_eq!(card.evaluations, 4.0);
    assert_eq!(card.equals, None);
    assert_eq!(card.mistake, None);
}

#[test]
fn mistakes_in_the_text_name_line_and_column() {
    assert_eq!(
        error("v = v + a(x, v, t) * dt;\nx = x + v ^ 2;"),
        "line 2, column 11: ^ is not a power here (it is an exclusive or): write x * x, or x ** 2"
    );
    // A missing ; is where the line that lacks it ends, not where the next one starts.
    assert_eq!(
        error("v = v + a(x, v, t) * dt\n\n// then x\nx = x + v * dt;"),
        "line 1, column 24: a ; is missing at the end of this line"
    );
    // The usual slips, in a student's words rather than the engine's.
    for (text, says) in [
        ("x = x + 1;\nv = v;", "line 1, column 7: a vector and a number cannot be added: work on a component (x[0] + 1)"),
        ("if x == v { }\nx = x + v * dt;", "vectors cannot be compared with ==: compare components (x[0] == 0); to assign, write a single ="),
        ("v = v + a(x) * dt;\nx = x + v * dt;", "a takes the position, the velocity and the time: write a(x, v, t) (it was given a vector)"),
        ("v = v + acc(x, v, t) * dt;\nx = x + v * dt;", "there is no function acc(a vector, a vector, a number) here"),
    ] {
        let e = error(text);
        assert!(e.contains(says), "{e}\nwanted {says}");
    }
    let e = error("v = v + b(x, v, t) * dt;\nx = x + v * dt;");
    assert!(e.starts_with("line 1, column 9:") && e.contains("b"), "{e}");
    let e = error("v = v + a(x, v, t) * dt;\nx = x + v[3] * dt;");
    assert!(
        e.contains("index 3 is outside this vector of 1 numbers"),
        "{e}"
    );
    let e = error("start {\n  let xp = x;\nv = v + a(x, v, t) * dt;");
    assert!(
        e.starts_with("line 1, column 1: the start block is not closed"),
        "{e}"
    );
    let e = error("v = v * v;\nx = x + v * dt;");
    assert!(e.contains("vector * vector is not defined here"), "{e}");
    let e = error("x = 1.0;");
    assert!(e.contains("x must stay a vector"), "{e}");
}

#[test]
fn a_runaway_rule_is_stopped_and_a_rule_that_blows_up_diverges() {
    let e = error("while true { }\nx = x + v * dt;");
    assert!(e.contains("more than 100000 operations in one step"), "{e}");
    // A rule that loops only later in a run: stopped there, and the run says why.
    let late = rule("start { let n = 0; }\nn = n + 1;\nif n > 5 { while true { } }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;");
    let setup = Setup::new("spring", &[], Some(0.1), Some(2.0)).unwrap();
    let mut run = Run::<f64>::new(&setup, late);
    assert_eq!(run.advance(20), 5);
    assert!(
        run.failure().unwrap().contains("an endless loop?"),
        "{:?}",
        run.failure()
    );
    // Dividing by zero makes the state infinite: the run diverges, as any method's would (here at its
    // second step, at t = 0.1); a rule that does so at once is refused when it is written.
    let mut run = Run::<f64>::new(&setup, rule("v = v + a(x, v, t) * dt;\nx = x / (t - 0.1);"));
    assert_eq!(run.advance(20), 1);
    assert_eq!(run.diverged_at(), Some(2));
    assert_eq!(run.failure(), None);
    let e = error("v = v + a(x, v, t) * dt;\nx = x / (t - t);");
    assert!(
        e.contains("left the state not finite: a division by zero?"),
        "{e}"
    );
}

#[test]
fn a_start_block_keeps_its_variables_and_a_steps_own_are_its_own() {
    // Counts its steps in a start-block variable; a step's `let` is declared afresh each step.
    let counting = rule("start { let n = 0; }\nlet k = 1;\nn = n + k;\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\nif n == 1000 { x = x * 0; x[0] = 42; }");
    let setup = Setup::new("spring", &[], Some(0.001), Some(1.0)).unwrap();
    let mut run = Run::<f64>::new(&setup, counting);
    assert_eq!(run.advance(1000), 1000);
    assert_eq!(run.state().x[0], 42.0);
    assert_eq!(run.evaluations(), 1000);
}

#[test]
fn a_rule_is_listed_as_yours_with_a_look_no_method_has() {
    use integrator_lab::language::ABOUT;
    assert_eq!(
        rule("v = v + a(x, v, t) * dt;\nx = x + v * dt;").id(),
        ABOUT.id
    );
    assert!(MethodId::ALL
        .iter()
        .all(|m| m.info().style != ABOUT.style && m.id() != ABOUT.id));
}

/// The page's convergence study takes a rule beside the lab's methods: the RK4 template measures order 4
/// on the pendulum (nonlinear, where no closed form helps), as RK4 itself does, and the study carries it as
/// `yours`.
#[test]
fn a_convergence_study_measures_a_rule_beside_the_labs_methods() {
    use integrator_lab::analysis::study;
    use integrator_lab::Precision;
    let text = TEMPLATES
        .iter()
        .find(|(id, _)| *id == MethodId::Rk4)
        .unwrap()
        .1;
    let setup = Setup::new("pendulum", &[], Some(0.1), Some(4.0)).unwrap();
    let studies = study(
        &setup,
        &[rule(text), MethodId::Rk4.into()],
        Precision::F64,
        5,
    )
    .unwrap();
    assert_eq!(studies[0].method.id(), "yours");
    for s in &studies {
        match s.verdict {
            OrderVerdict::Order(p) => assert!((p - 4.0).abs() <= 0.1, "{}: {p}", s.method.id()),
            other => panic!("{}: {other:?}", s.method.id()),
        }
    }
    // Both measure the same errors, to round-off.
    for (a, b) in studies[0].points.iter().zip(&studies[1].points) {
        assert!(
            (a.error - b.error).abs() <= 1e-12 + 1e-9 * b.error,
            "{} vs {}",
            a.error,
            b.error
        );
    }
}

/// A rule whose state stops being finite is unstable at every ω·dt, not stable at any; a rule that leaves
/// the state as it is keeps phase-space area (its map is the identity, determinant 1).
#[test]
fn the_card_of_a_rule_that_blows_up_or_does_nothing() {
    let blows = rule(
        "start { let n = 0; }\nn = n + 1;\nv = v + a(x, v, t) * dt;\nx = x + v * dt / (3 - n);",
    );
    let card = grade::report(blows, None).unwrap();
    assert_eq!(card.stability, StabilityLimit::None);
    assert!(card.mistake.unwrap().contains("does not stay finite"));
    let idle = grade::report(rule("v = v;\nx = x;"), None).unwrap();
    assert_eq!(idle.area, 1.0);
    assert!(idle
        .lines()
        .iter()
        .any(|l| l.starts_with("phase-space area: kept")));
}

/// A rule's numbers are f64: `1/2` is a half (not Rhai's integer division to 0) and `2 ** (1/3)` the cube
/// root of 2, so that velocity Verlet written with `1/2` is velocity Verlet, and Forest–Ruth with `2 ** (1/3)`
/// is fourth order. Integer literals still index vectors.
#[test]
fn one_half_is_a_half_in_a_rule() {
    let halves = TEMPLATES
        .iter()
        .find(|(m, _)| *m == MethodId::VelocityVerlet)
        .map(|(_, text)| text.replace("0.5", "(1/2)"))
        .unwrap();
    assert!(halves.contains("(1/2)"), "{halves}");
    let card = grade::report(rule(&halves), None).unwrap();
    assert_eq!(
        card.equals,
        Some(MethodId::VelocityVerlet),
        "{:?}",
        card.lines()
    );
    // Twice a half is one: this is explicit Euler, whose limit is none (not "stable at any ω·dt").
    let euler = "let a0 = a(x, v, t);\nx = x + v * dt * (1/2) * 2;\nv = v + a0 * dt;\n";
    let card = grade::report(rule(euler), None).unwrap();
    assert_eq!(card.equals, Some(MethodId::Euler), "{:?}", card.lines());
    assert_eq!(card.stability, StabilityLimit::None);
    // Forest–Ruth with its weights written as fractions of integers: fourth order, the lab's limit.
    let forest_ruth = TEMPLATES
        .iter()
        .find(|(m, _)| *m == MethodId::ForestRuth)
        .map(|(_, text)| text.replace("1.0 / (2.0 - 2.0 ** (1.0 / 3.0))", "1 / (2 - 2 ** (1/3))"))
        .unwrap();
    assert!(forest_ruth.contains("2 ** (1/3)"));
    let card = grade::report(rule(&forest_ruth), None).unwrap();
    assert_eq!(
        card.equals,
        Some(MethodId::ForestRuth),
        "{:?}",
        card.lines()
    );
    let order = card.orders[0].1.order().unwrap();
    assert!((order - 4.0).abs() < 0.1, "order {order}");
    // An integer still indexes a vector, and an integer power of a number is a number.
    let indexed = "let acc = a(x, v, t);\nlet i = 2 - 2;\nwhile i < len(x) {\n  v[i] = v[i] + acc[i] * dt;\n  x[i] = x[i] + v[i] * dt ** 1;\n  i = i + 1;\n}\n";
    let card = grade::report(rule(indexed), None).unwrap();
    assert_eq!(
        card.equals,
        Some(MethodId::SymplecticEuler),
        "{:?}",
        card.lines()
    );
}

/// `for` over a range, as the docs list it: symplectic Euler written coordinate by coordinate is symplectic
/// Euler on the spring and on the 2-D orbit alike (the language refused `for` until the ranges were in).
#[test]
fn a_for_loop_over_the_coordinates_is_a_rule() {
    let text = "let acc = a(x, v, t);\nfor i in 0..len(x) {\n  v[i] = v[i] + acc[i] * dt;\n  x[i] = x[i] + v[i] * dt;\n}\n";
    for on in [None, Some("orbit")] {
        let card = grade::report(rule(text), on).unwrap();
        assert_eq!(
            card.equals,
            Some(MethodId::SymplecticEuler),
            "{on:?}: {:?}",
            card.lines()
        );
    }
    // A loop that never ends is still stopped by the operation limit, with its line.
    let endless =
        "for i in 0..1000000000 { x = x + v * 0.0; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n";
    let stopped = error(endless);
    assert!(
        stopped.starts_with("line 1, column ") && stopped.contains("operations in one step"),
        "{stopped}"
    );
}

/// The forms students write the classics in are recognised, each as what it is.
#[test]
fn the_forms_a_class_writes_are_recognised() {
    let card = |text: &str| grade::report(rule(text), None).unwrap();
    // Velocity Verlet from the textbook, position first and kick–drift–kick: velocity Verlet where the
    // forces read only the position; under drag another velocity reaches a(x, v, t), and the card says so.
    for text in [
        "let a0 = a(x, v, t);\nx = x + v * dt + a0 * (dt * dt / 2);\nv = v + (a0 + a(x, v, t + dt)) * (dt / 2);\n",
        "v = v + a(x, v, t) * (dt / 2);\nx = x + v * dt;\nv = v + a(x, v, t + dt) * (dt / 2);\n",
    ] {
        let c = card(text);
        assert_eq!(c.equals, None, "{:?}", c.lines());
        let known = c.known.clone().unwrap_or_default();
        assert!(known.starts_with("velocity Verlet, the textbook form"), "{:?}", c.lines());
        assert!(known.contains("under drag"), "{known}");
        assert_eq!(c.mistake, None, "{:?}", c.lines());
    }
    // Symplectic Euler either way round, explicit Euler, midpoint, RK4, position Verlet with its start.
    let same = [
        ("v = v + a(x, v, t) * dt;\nx = x + v * dt;\n", MethodId::SymplecticEuler),
        ("let acc = a(x, v, t);\nx = x + v * dt;\nv = v + acc * dt;\n", MethodId::Euler),
        (
            "let xm = x + v * (dt / 2);\nlet vm = v + a(x, v, t) * (dt / 2);\nx = x + vm * dt;\nv = v + a(xm, vm, t + dt / 2) * dt;\n",
            MethodId::Midpoint,
        ),
        (
            "let k1x = v; let k1v = a(x, v, t);\nlet k2x = v + k1v * (dt / 2); let k2v = a(x + k1x * (dt / 2), v + k1v * (dt / 2), t + dt / 2);\nlet k3x = v + k2v * (dt / 2); let k3v = a(x + k2x * (dt / 2), v + k2v * (dt / 2), t + dt / 2);\nlet k4x = v + k3v * dt; let k4v = a(x + k3x * dt, v + k3v * dt, t + dt);\nx = x + (k1x + k2x * 2 + k3x * 2 + k4x) * (dt / 6);\nv = v + (k1v + k2v * 2 + k3v * 2 + k4v) * (dt / 6);\n",
            MethodId::Rk4,
        ),
    ];
    for (text, m) in same {
        assert_eq!(
            card(text).equals,
            Some(m),
            "{}: {:?}",
            m.id(),
            card(text).lines()
        );
    }
    let verlet = TEMPLATES
        .iter()
        .find(|(m, _)| *m == MethodId::Verlet)
        .unwrap()
        .1;
    assert_eq!(card(verlet).equals, Some(MethodId::Verlet));
    let x_first = card("x = x + v * dt;\nv = v + a(x, v, t) * dt;\n");
    assert!(x_first
        .known
        .unwrap()
        .starts_with("symplectic Euler the other way round"));
    // Forest–Ruth as the paper writes it (drift first) is a different method with the same limit: named so.
    let drift_first = "let w = 1 / (2 - 2 ** (1/3));\nx = x + v * (w / 2 * dt);\nv = v + a(x, v, t) * (w * dt);\nx = x + v * ((1 - w) / 2 * dt);\nv = v + a(x, v, t) * ((1 - 2 * w) * dt);\nx = x + v * ((1 - w) / 2 * dt);\nv = v + a(x, v, t) * (w * dt);\nx = x + v * (w / 2 * dt);\n";
    let c = card(drift_first);
    assert_eq!(c.equals, None);
    assert!(
        c.known
            .clone()
            .unwrap_or_default()
            .starts_with("Forest–Ruth, the drift-first form"),
        "{:?}",
        c.lines()
    );
    match c.stability {
        StabilityLimit::Below(limit) => assert!((limit - 1.5734).abs() < 1e-3, "{limit}"),
        other => panic!("{other:?}"),
    }
    // A right explicit Euler is no mistake.
    let euler = card("x = x + v * dt;\nv = v + a(x - v * dt, v, t) * dt;\n");
    assert_eq!(euler.equals, Some(MethodId::Euler));
    assert!(
        euler.lines().iter().all(|l| !l.starts_with("mistake:")),
        "{:?}",
        euler.lines()
    );
}

/// The classic slips are each named for what they are.
#[test]
fn the_classic_slips_are_named() {
    let card = |text: &str| grade::report(rule(text), None).unwrap();
    // A rule stopped at run time shows its own message, with its line.
    let index = card("x = x + v * dt;\nlet i = if t > 0.5 { 5 } else { 0 };\nv[i] = v[0] + a(x, v, t)[0] * dt;\n");
    let why = index.mistake.unwrap_or_default();
    assert!(why.contains("index 5 is outside"), "{why}");
    assert!(why.contains("line 3"), "{why}");
    let endless = card("v = v + a(x, v, t) * dt;\nx = x + v * dt;\nwhile t > 1.0 { }\n");
    let why = endless.mistake.unwrap_or_default();
    assert!(
        why.contains("endless loop") && why.contains("at t = 1"),
        "{why}"
    );
    // The wrong sign: named, and a kept area said not to mean a bounded motion.
    let sign = card("v = v - a(x, v, t) * dt;\nx = x + v * dt;\n");
    assert!(sign
        .mistake
        .clone()
        .unwrap_or_default()
        .contains("against the acceleration"));
    assert!(sign
        .lines()
        .iter()
        .any(|l| l.starts_with("phase-space area: kept") && l.contains("still grows")));
    // A missing ½ in the move.
    let half = card("let a0 = a(x, v, t);\nx = x + v * dt + a0 * dt * dt;\nlet a1 = a(x, v + a0 * dt, t + dt);\nv = v + (a0 + a1) * (dt / 2);\n");
    assert!(
        half.mistake.clone().unwrap_or_default().contains("½·a·dt²"),
        "{:?}",
        half.lines()
    );
    // The same in the textbook form (a1 at the old velocity), as a class writes it.
    let textbook = card("let a0 = a(x, v, t);\nx = x + v*dt + a0*dt*dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a0 + a1)*(dt/2);\n");
    assert!(
        textbook
            .mistake
            .clone()
            .unwrap_or_default()
            .contains("½·a·dt²"),
        "{:?}",
        textbook.lines()
    );
    // Written with one acceleration, the same move is symplectic Euler, which the card says.
    let one = card("let a0 = a(x, v, t);\nx = x + v*dt + a0*dt*dt;\nv = v + a0*dt;\n");
    assert_eq!(
        one.equals,
        Some(MethodId::SymplecticEuler),
        "{:?}",
        one.lines()
    );
    // A rule that never changes v: no longer perfect energy conservation from rest.
    let frozen = card("x = x + v * dt;\n");
    assert!(
        frozen
            .mistake
            .clone()
            .unwrap_or_default()
            .starts_with("v never changes"),
        "{:?}",
        frozen.lines()
    );
}

/// An array that doubles itself in a loop is stopped at the language's array limit (it once took a page to
/// gigabytes): at once where it starts in the first step, and as the step's failure where it starts later.
#[test]
fn a_rule_that_grows_an_array_without_end_is_stopped() {
    let bomb =
        "let a = [x];\nwhile true { a = [a, a]; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n";
    let e = error(bomb);
    assert!(e.contains("line 2") && e.contains("array"), "{e}");
    let later = "if t > 1.0 {\n  let b = [x];\n  while true { b = [b, b]; }\n}\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n";
    let setup = Setup::new("spring", &[], Some(0.1), Some(3.0)).unwrap();
    let mut run = Run::<f64>::new(&setup, rule(later));
    while run.steps() < setup.steps() && run.step() {}
    let why = run.failure().expect("stopped");
    assert!(why.contains("line 3") && why.contains("array"), "{why}");
    assert!(run.t() > 1.0 && run.t() < 1.2, "{}", run.t());
}

/// A card counts a step's force evaluations, not a start's: position Verlet takes 1, Forest–Ruth 3 on the
/// spring (once 1.01 and 3.01, a start's evaluation spread over 100 steps).
#[test]
fn a_card_counts_a_steps_evaluations() {
    for (m, count) in [
        (MethodId::Verlet, 1.0),
        (MethodId::VelocityVerlet, 1.0),
        (MethodId::ForestRuth, 3.0),
        (MethodId::Rk4, 4.0),
    ] {
        let card = grade::report(m, None).unwrap();
        assert_eq!(card.evaluations, count, "{}", m.id());
    }
}
