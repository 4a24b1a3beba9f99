//! Worksheets: the built-in ones load and their answer keys are the physics (each figure below is worked out
//! here from its closed form, not copied from the core's output); answers are read as students write
//! them; hand-in codes survive the round trip and are refused when damaged; a malformed worksheet is
//! reported with its line.

use integrator_lab::worksheets::{
    self, built_in, handin, handin::CodeError, handin::HandIn, parse, Answer, AnswerVerdict, Kind,
    BUILT_IN,
};

fn value(answer: &Answer) -> f64 {
    match answer {
        Answer::Number { value, .. } => *value,
        other => panic!("not a number: {other:?}"),
    }
}

fn option(answer: &Answer) -> &str {
    match answer {
        Answer::Choice { option, .. } => option,
        other => panic!("not a choice: {other:?}"),
    }
}

/// A worksheet of one task, whose fields are `body` (its header is line 2).
fn one_task(body: &str) -> Result<worksheets::Worksheet, worksheets::WorksheetError> {
    parse("", &format!("title = \"T\"\n[[task]]\n{body}"))
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn every_built_in_worksheet_loads_with_five_to_eight_tasks_that_predict_observe_and_explain() {
    for (id, _) in BUILT_IN {
        let sheet = built_in(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(sheet.id, id);
        assert!(
            (5..=8).contains(&sheet.tasks.len()),
            "{id}: {} tasks",
            sheet.tasks.len()
        );
        assert!(
            sheet.tasks.iter().any(|t| t.predict),
            "{id}: nothing to predict"
        );
        assert!(
            sheet.tasks.iter().any(|t| matches!(t.kind, Kind::Explain)),
            "{id}: nothing to explain"
        );
        assert!(
            sheet.tasks.iter().all(|t| !t.explanation.trim().is_empty()),
            "{id}: a task explains nothing"
        );
        let key = sheet
            .key("Ada Lovelace")
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        for (task, answer) in sheet.tasks.iter().zip(&key.answers) {
            if let Answer::Number { value, .. } = answer {
                assert!(
                    value.is_finite(),
                    "{id}: task at line {} has no finite answer",
                    task.line
                );
            }
        }
    }
}

#[test]
fn fiedlers_block_is_450_m_after_ten_euler_steps_50_m_behind_and_499_49707_m_in_float() {
    let sheet = built_in("fiedler").unwrap();
    let key = sheet.key("").unwrap();
    // x10 = Σ v_i·dt with v_i = a·i·dt, i = 0…9: a·dt²·45 with a = 10 m/s², dt = 1 s.
    assert_eq!(value(&key.answers[0]), 450.0);
    // ½·a·t² − 450.
    assert_eq!(value(&key.answers[1]), 50.0);
    // Fiedler's printed float row: position = 499.497070.
    assert_eq!(format!("{:.6}", value(&key.answers[2])), "499.497070");
    // The damped spring: explicit Euler's energy rises, symplectic Euler's keeps falling.
    assert_eq!(option(&key.answers[3]), "symplectic-euler");
    // RK4 at dt = 0.25 on ω = √15: each step multiplies the energy by the square of its amplification.
    let h: f64 = 0.25 * 15f64.sqrt();
    let (re, im) = rk4_amplification(h);
    let energy = (re * re + im * im).powi(360);
    assert!(close(value(&key.answers[5]), 100.0 * (energy - 1.0), 1e-6));
}

/// RK4's amplification of the oscillator x'' = −x at step h: 1 + z + z²/2 + z³/6 + z⁴/24 at z = i·h.
fn rk4_amplification(h: f64) -> (f64, f64) {
    (1.0 - h * h / 2.0 + h.powi(4) / 24.0, h - h.powi(3) / 6.0)
}

#[test]
fn the_stability_worksheet_asks_for_2_over_root_15_s_and_the_methods_limits() {
    let sheet = built_in("stability").unwrap();
    let key = sheet.key("").unwrap();
    let omega = 15f64.sqrt();
    assert!(
        close(value(&key.answers[0]), 2.0 / omega, 1e-5),
        "{:?}",
        key.answers[0]
    );
    assert_eq!(option(&key.answers[1]), "euler");
    assert!(close(value(&key.answers[2]), 8f64.sqrt(), 1e-5));
    // Forest–Ruth: stable while |trace| ≤ 2 of its one-step map; its limit is ω·dt = 1.5734 (docs/claims.md).
    assert!(close(value(&key.answers[3]) * omega, 1.5734, 1e-4));
    // Implicit Euler at ω·dt = √15: each step divides the energy by 1 + 15.
    assert_eq!(option(&key.answers[4]), "-100");
}

#[test]
fn the_dog_on_a_rod_is_22_7_m_out_after_ten_turns_of_euler_and_0_044_m_in_after_implicit_euler() {
    let sheet = built_in("van-verth").unwrap();
    let key = sheet.key("").unwrap();
    // 628 steps of dt = 0.1 at ω = 1: explicit Euler multiplies the radius by √(1 + h²) a step, implicit Euler
    // divides it by the same, midpoint multiplies it by √(1 + h⁴/4).
    let steps = 628.0;
    assert!(close(
        value(&key.answers[1]),
        1.01f64.powf(steps / 2.0),
        1e-9
    ));
    assert!(close(
        value(&key.answers[2]),
        1.01f64.powf(-steps / 2.0),
        1e-9
    ));
    assert!(close(
        value(&key.answers[3]),
        (1.0 + 1e-4 / 4.0f64).powf(steps / 2.0),
        1e-9
    ));
    assert_eq!(option(&key.answers[0]), "symplectic-euler");
}

#[test]
fn the_jump_follows_each_students_parabola_and_euler_flies_high() {
    let sheet = built_in("gravity-answer").unwrap();
    for name in ["Ada", "Grace Hopper", "Emmy"] {
        let key = sheet.key(name).unwrap();
        let vy0 = key.params.iter().find(|(n, _)| n == "vy0").unwrap().1;
        assert!((8.0..=14.0).contains(&vy0) && vy0.fract() == 0.0, "{vy0}");
        assert!(
            key.setups[0].ends_with(&format!("vy0={vy0}")),
            "{}",
            key.setups[0]
        );
        // y(1) = vy0 − g/2 for velocity Verlet (exact); explicit Euler: Σ (vy0 − g·i·dt)·dt over 15 steps.
        let g = 9.81;
        assert!(close(value(&key.answers[0]), vy0 - g / 2.0, 1e-12));
        let dt = 1.0 / 15.0;
        assert!(close(
            value(&key.answers[1]),
            vy0 - g * dt * dt * 105.0,
            1e-12
        ));
        assert!(value(&key.answers[2]) < 1e-12);
        assert_eq!(option(&key.answers[3]), "velocity-verlet");
        assert_eq!(option(&key.answers[4]), "2");
    }
}

#[test]
fn true_physics_semi_implicit_euler_is_first_order_and_the_kinematic_integrator_is_exact() {
    let sheet = built_in("true-physics").unwrap();
    let key = sheet.key("").unwrap();
    assert_eq!(option(&key.answers[0]), "kinematic");
    assert!(value(&key.answers[1]) < 1e-12);
    assert_eq!(option(&key.answers[2]), "1");
    assert!(value(&key.answers[3]) < 1e-6 * 1000.0);
    // "about 5%" after three hours.
    let change = value(&key.answers[4]);
    assert!((-6.0..-4.0).contains(&change), "{change}");
    // The comments' chaos: a 1e-9 rad nudge parts the lower bobs by 1 cm in about 12–14 s (an independent
    // measurement; tests/chaos.rs checks the same crossing against the CSV's separations).
    let parted = value(&key.answers[6]);
    assert!((12.0..14.5).contains(&parted), "{parted}");
}

/// A parting time asks for a twin and a distance, and for a run long enough to part in.
#[test]
fn a_parting_time_needs_a_nudge_a_distance_and_a_long_enough_run() {
    let task = |setup: &str, extra: &str| {
        one_task(&format!(
            "setup = \"{setup}\"\nkind = \"find\"\nquestion = \"Q\"\nquantity = \"parting-time\"\nunit = \"s\"\n{extra}"
        ))
    };
    let e = task("scenario=double-pendulum&methods=rk4", "apart = 0.01\n").unwrap_err();
    assert!(e.message.contains("nudge="), "{e}");
    let e = task("scenario=double-pendulum&methods=rk4&nudge=1e-9", "").unwrap_err();
    assert!(e.message.contains("apart"), "{e}");
    let e = task(
        "scenario=double-pendulum&methods=rk4&nudge=5",
        "apart = 0.01\n",
    )
    .unwrap_err();
    assert!(e.message.contains("nudge"), "{e}");
    let short = task(
        "scenario=double-pendulum&methods=rk4&dt=0.001&until=5&nudge=1e-9",
        "apart = 0.01\n",
    )
    .unwrap();
    let e = short.key("Ada").unwrap_err();
    assert!(e.message.contains("make the run longer"), "{e}");
    // On the spring a stable method keeps a nudge as it is: 1e-3 m never grows to 1 cm.
    let spring = task(
        "scenario=spring&methods=velocity-verlet&dt=0.01&until=20&nudge=1e-3",
        "apart = 0.01\n",
    )
    .unwrap();
    assert!(spring.key("Ada").is_err());
}

/// Past the reference's horizon (21.1 s on the default double pendulum) neither the reference nor an error
/// against it is known: a task that reads either there is refused with the horizon; before it, and of a
/// method's own run, it is asked as ever.
#[test]
fn no_task_reads_the_reference_past_its_horizon() {
    let task = |setup: &str, quantity: &str, method: &str| {
        one_task(&format!(
            "setup = \"{setup}\"\nkind = \"find\"\nquestion = \"Q\"\nquantity = \"{quantity}\"\nat = 30\n{method}"
        ))
    };
    let late = "scenario=double-pendulum&methods=rk4&dt=0.01&until=30";
    for (quantity, method) in [
        ("error", "method = \"rk4\"\n"),
        ("distance-error", "method = \"rk4\"\n"),
        ("position", "method = \"exact\"\n"),
    ] {
        let e = task(late, quantity, method).unwrap_err();
        assert!(
            e.message.contains("only until t = 21.1 s") && e.message.contains("at t = 30 s"),
            "{quantity}: {e}"
        );
    }
    // A method's own position at 30 s is its own, known: asked as ever.
    assert!(task(late, "position", "method = \"rk4\"\n").is_ok());
    // Before the horizon the error is known.
    let early = one_task(
        "setup = \"scenario=double-pendulum&methods=rk4&dt=0.01&until=30\"\nkind = \"find\"\nquestion = \"Q\"\nquantity = \"error\"\nat = 10\nmethod = \"rk4\"\n",
    );
    assert!(early.is_ok(), "{:?}", early.err());
}

#[test]
fn the_lecture_verlet_start_up_is_the_exact_step() {
    let sheet = built_in("lecture").unwrap();
    let key = sheet.key("").unwrap();
    assert_eq!(option(&key.answers[0]), "euler");
    // Symplectic Euler's energy after 144,000 steps stays within its band of about ±ω·dt/2.
    let h = 15f64.sqrt() / 120.0;
    assert!(
        value(&key.answers[1]).abs() <= 100.0 * h,
        "{:?}",
        key.answers[1]
    );
    let dt: f64 = 1.0 / 60.0;
    assert!(close(
        value(&key.answers[2]),
        10.0 * dt - 9.81 * dt * dt / 2.0,
        1e-12
    ));
    assert_eq!(option(&key.answers[3]), "2");
    // The spinning coin's quaternion under explicit Euler: √(1 + (‖ω‖dt/2)²) a step, 60 steps.
    let grown = (1.0 + (10.0 * dt / 2.0).powi(2)).powf(30.0);
    assert!(
        close(value(&key.answers[4]), grown, 1e-12),
        "{:?}",
        key.answers[4]
    );
    assert!((grown - 1.2307).abs() < 1e-4);
}

/// A spinning body's quantities in a worksheet: its own methods and quantities (`euler` is explicit Euler on
/// the body), and a point mass's quantities refused by name, as a spinning body's are on a spring.
#[test]
fn a_spinning_bodys_task_reads_its_own_quantities() {
    let task = |setup: &str, extra: &str| {
        format!(
            "title = \"t\"\n\n[[task]]\nsetup = \"{setup}\"\nkind = \"number\"\nquestion = \"q\"\n{extra}"
        )
    };
    let racket = "scenario=tennis-racket&methods=rk4,no-gyroscopic&dt=1/60&until=10";
    let flip =
        integrator_lab::worksheets::parse("", &task(racket, "quantity = \"flip-time\"\n")).unwrap();
    // Half the flip interval after the start near the middle axis: the first sign change of ω2, within a
    // step's interpolation of the exact motion's.
    let rk4 = value(&flip.key("").unwrap().answers[0]);
    let exact = integrator_lab::worksheets::parse(
        "",
        &task(racket, "quantity = \"flip-time\"\nmethod = \"exact\"\n"),
    )
    .unwrap();
    let truth = value(&exact.key("").unwrap().answers[0]);
    assert!((rk4 - truth).abs() < 1e-4, "{rk4} {truth}");
    assert!(truth > 1.0 && truth < 4.3, "{truth}");
    // Without the gyroscopic term it never flips: the key says so rather than give a number.
    let never = integrator_lab::worksheets::parse(
        "",
        &task(
            racket,
            "quantity = \"flip-time\"\nmethod = \"no-gyroscopic\"\n",
        ),
    )
    .unwrap();
    assert!(never
        .key("")
        .unwrap_err()
        .to_string()
        .contains("does not flip"));
    // ‖L‖ of the coin, kept by DLM to round-off: ‖I ω0‖ = ‖(0, 1·1, 2·4)‖ = √65.
    let coin = "scenario=spinning-top&methods=dlm&dt=1/60&until=5";
    let l = integrator_lab::worksheets::parse("", &task(coin, "quantity = \"L-norm\"\n")).unwrap();
    let l0 = (1.0f64 + 64.0).sqrt();
    assert!(close(value(&l.key("").unwrap().answers[0]), l0, 1e-12));
    for (setup, extra, says) in [
        (
            coin,
            "quantity = \"position\"\n",
            "'position' is not a quantity of a spinning body",
        ),
        (
            "scenario=spring&methods=euler&dt=0.1&until=1",
            "quantity = \"q-norm\"\n",
            "'q-norm' is not a quantity of a point mass",
        ),
        (
            "scenario=spinning-top&methods=verlet",
            "quantity = \"energy\"\n",
            "unknown rotation method 'verlet'",
        ),
    ] {
        let err = integrator_lab::worksheets::parse("", &task(setup, extra))
            .unwrap_err()
            .to_string();
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn answers_are_read_as_students_write_them() {
    let sheet = built_in("fiedler").unwrap();
    let key = sheet.key("").unwrap();
    let verdict = |task: usize, answer: &str| key.check(&sheet, task, answer).verdict;
    for right in [
        "450", " 450 ", "450 m", "450m", "450.0", "450,0", "4.5e2", "449",
    ] {
        assert_eq!(verdict(0, right), AnswerVerdict::Right, "{right:?}");
    }
    assert_eq!(verdict(0, "440"), AnswerVerdict::Wrong);
    assert_eq!(verdict(0, "450 km"), AnswerVerdict::Unreadable);
    assert_eq!(verdict(0, "about 450"), AnswerVerdict::Unreadable);
    assert_eq!(verdict(0, ""), AnswerVerdict::Blank);
    assert_eq!(verdict(2, "499,49707"), AnswerVerdict::Right);
    assert_eq!(verdict(2, "499.5"), AnswerVerdict::Wrong);
    // A known mistake is named.
    let exact = key.check(&sheet, 0, "500");
    assert_eq!(exact.verdict, AnswerVerdict::Wrong);
    assert!(
        exact.feedback.contains("exact answer"),
        "{}",
        exact.feedback
    );
    assert!(
        exact.feedback.contains("velocity each step began with"),
        "{}",
        exact.feedback
    );
    // A choice by id or by label; a wrong one names its mistake.
    assert_eq!(verdict(3, "symplectic-euler"), AnswerVerdict::Right);
    assert_eq!(verdict(3, "symplectic Euler"), AnswerVerdict::Right);
    assert!(key.check(&sheet, 3, "euler").feedback.contains("climbs"));
    assert_eq!(verdict(3, "rk4"), AnswerVerdict::Unreadable);
    assert_eq!(verdict(4, "It overshoots."), AnswerVerdict::NotGraded);
    // A typographic minus is a minus.
    assert_eq!(verdict(5, "\u{2212}97,4 %"), AnswerVerdict::Right);
    assert!(exact.named && !key.check(&sheet, 0, "440").named);
    // The predictions (tasks 1 and 4) are scored apart: 450 was predicted right, "euler" wrong; of the
    // graded tasks 2, 3 and 6, two are right (task 3 is blank); the explanation is not graded.
    let graded = key.grade(
        &sheet,
        &[
            "450".into(),
            "50".into(),
            "".into(),
            "euler".into(),
            "…".into(),
            "-97.4".into(),
        ],
    );
    assert_eq!(
        (
            graded.right,
            graded.graded,
            graded.predictions_right,
            graded.predictions
        ),
        (2, 3, 1, 2)
    );
    assert_eq!(graded.score(), "2/3 (predictions 1/2, not in the score)");
}

#[test]
fn a_students_parameters_come_from_their_name_the_same_everywhere() {
    let sheet = built_in("gravity-answer").unwrap();
    assert_eq!(
        sheet.params_for("Ada Lovelace"),
        sheet.params_for("  ada   LOVELACE ")
    );
    let drawn: std::collections::BTreeSet<String> = (0..40)
        .map(|i| format!("{:?}", sheet.params_for(&format!("student {i}"))))
        .collect();
    assert!(drawn.len() >= 5, "40 names drew only {drawn:?}");
}

#[test]
fn a_hand_in_code_round_trips_and_a_damaged_one_is_refused() {
    let handin = HandIn {
        name: "Ada Lovelace".into(),
        worksheet: "fiedler".into(),
        version: Some("2".into()),
        params: vec![("vy0".into(), 11.0)],
        answers: vec![
            "450".into(),
            "".into(),
            "Euler's lag, ½·a·dt·t — “quoted”".into(),
        ],
    };
    let code = handin.code();
    assert!(code.starts_with("IL1."));
    assert_eq!(HandIn::read(&code).unwrap(), handin);
    // Line breaks and spaces a mail program adds are ignored.
    let wrapped: String = code
        .as_bytes()
        .chunks(20)
        .map(|c| std::str::from_utf8(c).unwrap())
        .collect::<Vec<_>>()
        .join("\n  ");
    assert_eq!(HandIn::read(&wrapped).unwrap(), handin);
    // Cut short anywhere, or one character changed anywhere: refused.
    for cut in [code.len() - 1, code.len() - 9, code.len() / 2, 6] {
        assert_eq!(
            HandIn::read(&code[..cut]),
            Err(CodeError::Damaged),
            "cut at {cut}"
        );
    }
    for at in (4..code.len()).step_by(7) {
        let mut bytes = code.clone().into_bytes();
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(bytes).unwrap();
        assert_eq!(
            HandIn::read(&changed),
            Err(CodeError::Damaged),
            "changed at {at}"
        );
    }
    assert_eq!(HandIn::read("hello"), Err(CodeError::NotACode));
}

/// A class's codes pasted from mail: quoted in replies ("> "), broken by quoted-printable ("=" at a line's
/// end) or by a mail program's wrapping, among other text: each is found whole, in order.
#[test]
fn the_codes_in_a_pasted_mail_are_found_whole() {
    let student = |name: &str| HandIn {
        name: name.into(),
        worksheet: "fiedler".into(),
        version: None,
        params: vec![],
        answers: vec!["450".into(), "Euler lags".into()],
    };
    let (a, b) = (student("Ada").code(), student("Grace Hopper").code());
    let (head, tail) = a.split_at(30);
    let text = format!(
        "Dear teacher,\n> my code: {head}=\n> {tail}\nThanks!\n\n{}\n  {}\nGrace",
        &b[..40],
        &b[40..]
    );
    assert_eq!(handin::codes_in(&text), vec![a.clone(), b.clone()]);
    for code in handin::codes_in(&text) {
        assert!(HandIn::read(&code).is_ok());
    }
    // Lines that end in a lone CR or a Unicode line separator are unquoted as a browser would; a zero-width
    // no-break space is no part of a code; a quote mark after spaces is a quote mark; one soft break
    // removed leaves no second one to remove.
    let (head, tail) = a.split_at(20);
    for mail in [
        format!("> {head}\r> {tail}"),
        format!("{head}\u{2028}> {tail}"),
        format!("{head}\u{feff}{tail}"),
        format!("> {head}\n>  > {tail}"),
    ] {
        assert_eq!(handin::codes_in(&mail), vec![a.clone()], "{mail:?}");
    }
    assert_eq!(
        handin::codes_in(&format!("{head}==\r\n\n{tail}")),
        vec![head.to_string()]
    );
    // A reply that quotes the student's mail holds the code twice: one hand-in.
    assert_eq!(
        handin::codes_in(&format!("{a}\n\n> {a}\n{b}")),
        vec![a.clone(), b.clone()]
    );
    // What follows a code's checksum is not part of it; text without a code holds none.
    assert_eq!(handin::codes_in(&format!("{a}.Thanks")), vec![a]);
    assert!(handin::codes_in("no code here").is_empty());
}

/// The marks the task list and the teacher's table show: one for each verdict, none twice.
#[test]
fn each_verdict_has_a_mark_of_its_own() {
    let marks: Vec<&str> = AnswerVerdict::ALL.iter().map(AnswerVerdict::mark).collect();
    for (i, m) in marks.iter().enumerate() {
        assert!(!m.is_empty() && !marks[i + 1..].contains(m), "{marks:?}");
    }
    assert_eq!(worksheets::tidy_name("  Ada   Lovelace "), "Ada Lovelace");
    assert_eq!(worksheets::normal_name("  Ada   LOVELACE "), "ada lovelace");
}

#[test]
fn a_malformed_worksheet_is_reported_with_its_line() {
    let task = |extra: &str| {
        format!(
            "title = \"T\"\n\n[[task]]\nsetup = \"scenario=spring&methods=euler\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"position\"\n{extra}"
        )
    };
    let error = |text: &str| parse("", text).unwrap_err();
    assert!(parse("", &task("")).is_ok());
    let e = error(&task("colour = 3\n"));
    assert_eq!(e.line, Some(8));
    assert!(e.message.contains("unknown field `colour`"), "{e}");
    let e = error("title = \"T\"\n[[task]]\nsetup = \"scenario=spring\nkind = 1\n");
    assert_eq!(e.line, Some(3));
    let e = error(&task("").replace("position", "speed"));
    assert_eq!(e.line, Some(3));
    assert!(
        e.message.starts_with("task 1: unknown quantity 'speed'"),
        "{e}"
    );
    let e = error(&task("").replace("methods=euler", "methods=euler&k=-1"));
    assert!(e.message.contains("k = -1 is out of range"), "{e}");
    let e = error(&task("coordinate = \"y\"\n"));
    assert!(
        e.message
            .contains("coordinate 'y' is not one of spring's (x)"),
        "{e}"
    );
    let e = error(&task("at = 100\n"));
    assert!(
        e.message
            .contains("at = 100 s is after the run's end (until = 90 s)"),
        "{e}"
    );
    let e = error(&task("method = \"rk4\"\n"));
    assert!(
        e.message
            .contains("method 'rk4' is not among the setup's methods (euler)"),
        "{e}"
    );
    let random = |table: &str| {
        task("").replacen(
            "title = \"T\"\n",
            &format!("title = \"T\"\n[random]\n{table}\n"),
            1,
        )
    };
    let e = error(&random("zeta = { min = 1, max = 2 }"));
    assert!(
        e.message
            .contains("no task's scenario has a parameter 'zeta'"),
        "{e}"
    );
    let e = error(&random("k = { min = -5, max = 2 }"));
    assert!(e.message.contains("random k = -5"), "{e}");
    let e = error(&task("").replace("\"number\"", "\"essay\""));
    assert!(e.message.contains("kind = 'essay'"), "{e}");
    let e = error("title = \"T\"\n");
    assert!(e.message.contains("no [[task]]"), "{e}");
    // A worksheet written elsewhere is named by its text's hash: the same text, the same id.
    assert_eq!(
        parse("", &task("")).unwrap().id,
        parse("", &task("")).unwrap().id
    );
    assert_ne!(
        parse("", &task("")).unwrap().id,
        parse("", &task("hints = [\"h\"]\n")).unwrap().id
    );
    assert!(worksheets::built_in("nope")
        .unwrap_err()
        .message
        .contains("built in: fiedler"));
}

/// Each kind's name is the one a worksheet file writes (the CLI and the page show the same), and a word
/// is a built-in's id where anything else is a worksheet's text or a file.
#[test]
fn kinds_are_named_as_files_write_them_and_ids_are_words() {
    let mut seen = Vec::new();
    for (id, text) in BUILT_IN {
        let sheet = built_in(id).unwrap();
        for (task, written) in sheet.tasks.iter().zip(text.split("[[task]]").skip(1)) {
            let name = task.kind.name();
            assert!(Kind::NAMES.contains(&name), "{id}: {name}");
            assert!(
                written.contains(&format!("kind = \"{name}\"")),
                "{id}: a {name} task is written otherwise"
            );
            seen.push(name);
        }
    }
    for name in Kind::NAMES {
        assert!(
            seen.contains(&name),
            "no built-in worksheet has a {name} task"
        );
    }
    for id in ["fiedler", "my-sheet_2"] {
        assert!(worksheets::is_id(id), "{id}");
    }
    for not in ["", "sheets/a.toml", "title = \"t\"", "a b"] {
        assert!(!worksheets::is_id(not), "{not}");
    }
}

/// Two names a reader cannot tell apart are one name: zero-width spaces, a soft hyphen, direction marks, a
/// full-width letter or a tab do not draw another student's parameters (copying Ada's answers under
/// "Bob Smith" plus three zero-width spaces once drew Ada's own and scored 5/5, unflagged).
#[test]
fn invisible_characters_do_not_make_another_name() {
    let sheet = built_in("gravity-answer").unwrap();
    let bob = sheet.params_for("Bob Smith");
    for disguised in [
        "Bob Smith\u{200b}\u{200b}\u{200b}",
        "B\u{ad}ob\u{200d} Smi\u{feff}th",
        "\u{202e}Bob Smith",
        "Ｂｏｂ Ｓｍｉｔｈ",
        "Bob\tSmith\u{7}",
    ] {
        assert_eq!(
            worksheets::normal_name(disguised),
            "bob smith",
            "{disguised:?}"
        );
        assert_eq!(sheet.params_for(disguised), bob, "{disguised:?}");
    }
    assert_eq!(worksheets::tidy_name("Bob\u{200b} Smith "), "Bob Smith");
}

/// A key no student can match is refused with its task's line: an answer of ∞ (implicit Euler is stable at
/// any dt), and two options that tie. A diverged option counts as the largest value, never the smallest.
#[test]
fn a_key_no_student_can_match_is_refused() {
    let sheet = |body: &str| parse("", &format!("title = \"T\"\n\n[[task]]\n{body}")).unwrap();
    let infinite = sheet(
        "setup = \"scenario=spring&methods=implicit-euler\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"stable-dt\"\nunit = \"s\"\n",
    );
    let e = infinite.key("Ada").unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(e.message.contains("its answer is inf"), "{e}");
    // At dt = 0.6 explicit Euler diverges on the spring and RK4 does not: the largest energy is Euler's, the
    // smallest RK4's, whatever the list's order.
    let choice = |choose: &str, options: &str| {
        sheet(&format!(
            "setup = \"scenario=spring&methods=euler,rk4&dt=0.6&until=600\"\nkind = \"choice\"\nquestion = \"Q\"\noptions = {options}\nchoose = \"{choose}\"\nquantity = \"energy\"\n"
        ))
    };
    for options in ["[\"euler\", \"rk4\"]", "[\"rk4\", \"euler\"]"] {
        let largest = choice("largest", options).key("Ada").unwrap();
        let smallest = choice("smallest", options).key("Ada").unwrap();
        let picked = |k: &worksheets::Key| match &k.answers[0] {
            worksheets::Answer::Choice { option, .. } => option.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(picked(&largest), "euler", "{options}");
        assert_eq!(picked(&smallest), "rk4", "{options}");
    }
    // Two options with one value tie: refused, not decided by their order.
    let tie = sheet(
        "setup = \"scenario=spring&methods=verlet,velocity-verlet&dt=0.1&until=10\"\nkind = \"choice\"\nquestion = \"Q\"\noptions = [\"verlet\", \"velocity-verlet\"]\nchoose = \"largest\"\nquantity = \"position\"\n",
    );
    let e = tie.key("Ada").unwrap_err();
    assert!(e.message.contains("tie"), "{e}");
}

/// The small things a class meets: a number too large to compute with is said to be so; a thousands
/// separator read as a decimal comma is pointed out; a choice's label is quoted, not glued to "Not"; a whole
/// code that does not read is not called damaged.
#[test]
fn small_answers_are_told_what_happened() {
    let e = worksheets::read_number("1e309", "m").unwrap_err();
    assert!(e.contains("too large"), "{e}");
    let sheet = built_in("fiedler").unwrap();
    let key = sheet.key("Ada").unwrap();
    let task = sheet
        .tasks
        .iter()
        .position(|t| matches!(t.kind, worksheets::Kind::Number(_)))
        .unwrap();
    let told = key.check(&sheet, task, "794,215");
    assert!(
        told.feedback.contains("your 794,215 was read as 794.215"),
        "{}",
        told.feedback
    );
    // A wrong choice without a named mistake is told its label, quoted (not "Not it is about…").
    let choice = one_task(
        "setup = \"scenario=damped-spring&methods=euler,symplectic-euler&dt=0.01&until=10\"\nkind = \"choice\"\n\
         question = \"Which keeps its energy falling?\"\noptions = [\"euler\", \"symplectic-euler\"]\n\
         labels = [\"explicit Euler\", \"symplectic Euler\"]\nchoose = \"smallest\"\nquantity = \"energy-rise\"\n",
    )
    .unwrap();
    let said = choice.key("").unwrap().check(&choice, 0, "euler").feedback;
    assert_eq!(said, "Not “explicit Euler”. Look again.");
    // A code whose checksum matches but whose content is not a hand-in's.
    use base64::Engine as _;
    let body = format!(
        "IL1.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD
            .encode(r#"{"name":"Ada","worksheet":"fiedler"}"#)
    );
    let code = format!("{body}.{:08x}", crc32fast::hash(body.as_bytes()));
    let e = worksheets::handin::HandIn::read(&code)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("whole, but not what a result code holds"),
        "{e}"
    );
}

/// A worksheet whose key would hold a page for seconds is refused as it is read, with the task's line: one
/// run of 10⁸ steps once froze a student's page for 20 s a task, and the teacher's for minutes.
#[test]
fn a_worksheet_has_a_work_budget() {
    let sheet = |until: &str, levels: &str| {
        format!(
            "title = \"T\"\n\n[[task]]\nsetup = \"scenario=spring&methods=euler&dt=0.01&until=10\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"position\"\n\n[[task]]\nsetup = \"scenario=spring&methods=euler&dt=0.01&until={until}\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"order\"\nmethod = \"euler\"\n{levels}"
        )
    };
    assert!(parse("", &sheet("10", "")).is_ok());
    let e = parse("", &sheet("1000000", "")).unwrap_err();
    assert_eq!(e.line, Some(9), "{e}");
    assert!(
        e.message
            .starts_with("task 2: the worksheet's key would take about"),
        "{e}"
    );
    // A convergence study's levels count: 2^levels runs.
    let e = parse("", &sheet("100", "levels = 12\n")).unwrap_err();
    assert_eq!(e.line, Some(9), "{e}");
    // Every built-in fits.
    for (id, _) in worksheets::BUILT_IN {
        assert!(built_in(id).is_ok(), "{id}: {:?}", built_in(id).err());
    }
}

/// A worksheet's `id` names it and seeds its draws: fixing a typo in its text (and raising its `version`)
/// keeps every student's parameters and every code handed in; a built-in's own file is the built-in; a code
/// made before versions existed reads as it did.
#[test]
fn a_worksheet_keeps_its_id_and_its_draws_when_its_text_changes() {
    // The issue that asked for ids saw Ada draw vy0 = 9 from the built-in and 11 from its file.
    let (_, text) = BUILT_IN
        .iter()
        .find(|(id, _)| *id == "gravity-answer")
        .unwrap();
    let file = parse("", text).unwrap();
    let builtin = built_in("gravity-answer").unwrap();
    assert_eq!(file.id, "gravity-answer");
    assert_eq!(builtin.params_for("Ada"), vec![("vy0".to_string(), 9.0)]);
    assert_eq!(file.params_for("Ada"), builtin.params_for("Ada"));
    for (id, text) in BUILT_IN {
        assert_eq!(parse("", text).unwrap().id, id, "{id}'s file names it");
    }
    let sheet = |question: &str, version: &str| {
        parse(
            "",
            &format!(
                "id = \"jumps\"\nversion = {version}\ntitle = \"T\"\n[random]\nvy0 = {{ min = 8, max = 14 }}\n\n[[task]]\nsetup = \"scenario=projectile&methods=euler&dt=0.1&until=1\"\nkind = \"number\"\nquestion = \"{question}\"\nquantity = \"position\"\ncoordinate = \"y\"\n"
            ),
        )
        .unwrap()
    };
    let first = sheet("Wher is it?", "1");
    let fixed = sheet("Where is it?", "\"1b\"");
    assert_eq!((first.id.as_str(), fixed.id.as_str()), ("jumps", "jumps"));
    assert_eq!(
        (first.version.as_deref(), fixed.version.as_deref()),
        (Some("1"), Some("1b"))
    );
    for i in 0..40 {
        let name = format!("student {i}");
        assert_eq!(first.params_for(&name), fixed.params_for(&name), "{name}");
    }
    // Without an id, the text's hash names it, as before ids: the same text, the same id.
    let plain = |q: &str| {
        parse("", &format!("title = \"T\"\n[[task]]\nsetup = \"scenario=spring&methods=euler\"\nkind = \"explain\"\nquestion = \"{q}\"\n")).unwrap().id
    };
    assert_eq!(plain("Why?"), plain("Why?"));
    assert_ne!(plain("Why?"), plain("Why so?"));
    assert!(plain("Why?").starts_with("text-"));
    // A code written before versions (no "version" in it) reads, and its worksheet is the built-in.
    use base64::Engine as _;
    let body = format!(
        "IL1.{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(
            r#"{"name":"Ada","worksheet":"gravity-answer","params":[["vy0",9.0]],"answers":["1"]}"#
        )
    );
    let old = HandIn::read(&format!("{body}.{:08x}", crc32fast::hash(body.as_bytes()))).unwrap();
    assert_eq!(old.version, None);
    assert_eq!(old.worksheet, builtin.id);
    assert_eq!(old.params, builtin.params_for(&old.name));
    // An id that is not a word, or that poses as a hash, or that contradicts the built-in it is opened as.
    for (bad, says) in [
        ("\"two words\"", "an id is a word"),
        ("\"text-0123\"", "not starting with 'text-'"),
    ] {
        let e = parse("", &format!("title = \"T\"\nid = {bad}\n[[task]]\nsetup = \"scenario=spring&methods=euler\"\nkind = \"explain\"\nquestion = \"Q\"\n")).unwrap_err();
        assert_eq!(e.line, Some(2), "{e}");
        assert!(e.message.contains(says), "{e}");
    }
    let e = parse("fiedler", text).unwrap_err();
    assert!(
        e.message.contains("opened as the built-in 'fiedler'"),
        "{e}"
    );
}

/// Every draw of a worksheet's random parameters is checked when it is loaded: one student's diverged key
/// is found before that student opens it; more than 1,000 draws are refused.
#[test]
fn every_draw_is_checked_and_too_many_are_refused() {
    let sheet = |random: &str| {
        parse(
            "",
            &format!("title = \"T\"\n[random]\n{random}\n\n[[task]]\nsetup = \"scenario=spring&methods=euler&dt=0.1&until=600\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"position\"\n"),
        )
    };
    // Explicit Euler's amplitude grows √(1 + (ω·dt)²) a step: over 6,000 steps ×1.01^3000 ≈ 1e13 at
    // k = 1 (finite), ×5^3000 at k = 400 (beyond any double).
    assert!(sheet("k = { min = 1, max = 1, step = 1 }").is_ok());
    let e = sheet("k = { min = 1, max = 400, step = 399 }").unwrap_err();
    assert_eq!(e.line, Some(5), "{e}");
    assert!(e.message.contains("no student can write"), "{e}");
    assert!(e.message.ends_with("(drawn k = 400)"), "{e}");
    let e = sheet("k = { min = 1, max = 1001, step = 1 }").unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    assert!(
        e.message.contains("drawn 1001 ways, more than the 1000"),
        "{e}"
    );
    // A tiny step over a wide range (once a panic: 2e19 values, a saturating cast, then % 0) is refused.
    let e = sheet("k = { min = 1, max = 2000000, step = 1e-13 }").unwrap_err();
    assert!(e.message.contains("more than the 1000"), "{e}");
    // The product of the ranges counts.
    let e = sheet("k = { min = 1, max = 40, step = 1 }\nm = { min = 1, max = 26, step = 1 }")
        .unwrap_err();
    assert!(e.message.contains("drawn 1040 ways"), "{e}");
}

/// A relative tolerance of 1 or more is refused unless written as a percentage; "%" answers say whether
/// the tolerance is of the value or in percentage points; a largest stable dt is answered at or below it.
#[test]
fn tolerances_say_what_they_mean() {
    let sheet = |tolerance: &str| {
        one_task(&format!("setup = \"scenario=constant-force&methods=euler&dt=1&until=10\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"position\"\nunit = \"m\"\n{tolerance}\n"))
    };
    let e = sheet("tolerance = 2").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(
        e.message
            .contains("write tolerance = 0.02 or tolerance = \"2 %\""),
        "{e}"
    );
    // Explicit Euler's block is at 450 m: "2 %" accepts 441 to 459.
    let two = sheet("tolerance = \"2 %\"").unwrap();
    let key = two.key("").unwrap();
    assert_eq!(key.check(&two, 0, "459").verdict, AnswerVerdict::Right);
    assert_eq!(key.check(&two, 0, "460").verdict, AnswerVerdict::Wrong);
    let wide = sheet("tolerance = \"200 %\"").unwrap();
    assert_eq!(
        wide.key("").unwrap().check(&wide, 0, "1300").verdict,
        AnswerVerdict::Right
    );
    assert!(sheet("tolerance = \"2\"").is_err());
    // fiedler's task 6 is an energy change in %, 2 % of it.
    let fiedler = built_in("fiedler").unwrap();
    assert_eq!(
        fiedler.key("").unwrap().answers[5]
            .text()
            .split_once('(')
            .unwrap()
            .1,
        "within 2 % of the value, not 2 percentage points)"
    );
    // Symplectic Euler on k = 15 N/m is stable while dt < 2/√15 = 0.51640 s: 0.516 is right, 0.52 (unstable)
    // is not, however close.
    let stability = built_in("stability").unwrap();
    let key = stability.key("").unwrap();
    assert!(close(value(&key.answers[0]), 2.0 / 15f64.sqrt(), 1e-6));
    assert_eq!(
        key.check(&stability, 0, "0.516").verdict,
        AnswerVerdict::Right
    );
    assert_eq!(
        key.check(&stability, 0, "0.512").verdict,
        AnswerVerdict::Right
    );
    let above = key.check(&stability, 0, "0.52");
    assert_eq!(above.verdict, AnswerVerdict::Wrong);
    assert!(
        above.feedback.starts_with("Close, but too large"),
        "{}",
        above.feedback
    );
    let e = sheet("side = \"left\"").unwrap_err();
    assert!(e.message.contains("it is both, below or above"), "{e}");
}

/// `error` is the largest coordinate's error; `distance-error` the distance from the true position, their
/// root sum of squares: on a 2-D orbit they differ, and each is worked out here from the positions.
#[test]
fn distance_error_is_the_distance_from_the_true_position() {
    let sheet = |quantity: &str, coordinate: &str, method: &str| {
        let s = one_task(&format!("setup = \"scenario=orbit&methods=euler&dt=0.01&until=5\"\nkind = \"number\"\nquestion = \"Q\"\nquantity = \"{quantity}\"\n{coordinate}{method}"))
        .unwrap();
        value(&s.key("").unwrap().answers[0])
    };
    let dx = sheet("position", "coordinate = \"x\"\n", "")
        - sheet("position", "coordinate = \"x\"\n", "method = \"exact\"\n");
    let dy = sheet("position", "coordinate = \"y\"\n", "")
        - sheet("position", "coordinate = \"y\"\n", "method = \"exact\"\n");
    let error = sheet("error", "", "");
    let distance = sheet("distance-error", "", "");
    assert!(
        close(error, dx.abs().max(dy.abs()), 1e-12),
        "{error} {dx} {dy}"
    );
    assert!(close(distance, dx.hypot(dy), 1e-12), "{distance} {dx} {dy}");
    assert!(
        distance > error * 1.01,
        "the orbit's two errors differ: {distance} {error}"
    );
}

/// A worksheet may ask for the largest stable dt on the chain, where the fastest mode sets it: ω² is the
/// largest eigenvalue of k/m times the chain's stiffness matrix (N = n − 1 moving masses, the first pinned,
/// the last free), found here by power iteration; symplectic Euler's limit is 2/ω. The kinematic integrators
/// state none there: refused with its line.
#[test]
fn the_largest_stable_dt_on_the_chain_is_set_by_its_fastest_mode() {
    let sheet = |method: &str| {
        one_task(&format!("setup = \"scenario=spring-chain&methods={method}&dt=0.01&until=1\"\nkind = \"find\"\nquestion = \"Q\"\nquantity = \"stable-dt\"\nunit = \"s\"\n"))
    };
    let s = sheet("symplectic-euler").unwrap();
    let setup = integrator_lab::Setup::new("spring-chain", &[], Some(0.01), Some(1.0)).unwrap();
    let big_n = setup.params.get("n") as usize - 1;
    let k_over_m = setup.params.get("k") / setup.params.get("m");
    // K u: 2u_i − u_{i−1} − u_{i+1} inside, u_N − u_{N−1} at the free end, u_0 = 0 pinned.
    let apply = |u: &[f64]| -> Vec<f64> {
        (0..big_n)
            .map(|i| {
                let left = if i == 0 { 0.0 } else { u[i - 1] };
                if i == big_n - 1 {
                    u[i] - left
                } else {
                    2.0 * u[i] - left - u[i + 1]
                }
            })
            .collect()
    };
    let mut u: Vec<f64> = (0..big_n)
        .map(|i| if i % 2 == 0 { 1.0 } else { -0.7 })
        .collect();
    let mut lambda = 0.0;
    for _ in 0..20_000 {
        let w = apply(&u);
        let norm = w.iter().map(|x| x * x).sum::<f64>().sqrt();
        lambda = w.iter().zip(&u).map(|(a, b)| a * b).sum::<f64>()
            / u.iter().map(|x| x * x).sum::<f64>();
        u = w.iter().map(|x| x / norm).collect();
    }
    let omega = (k_over_m * lambda).sqrt();
    let got = value(&s.key("").unwrap().answers[0]);
    assert!(
        close(got, 2.0 / omega, 1e-9),
        "{got} against {}",
        2.0 / omega
    );
    let e = sheet("kinematic").unwrap_err();
    assert_eq!(e.line, Some(2), "{e}");
    assert!(e.message.contains("states no stability limit"), "{e}");
}
