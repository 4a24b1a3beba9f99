//! The CLI contract: CSV on stdout, one-line errors on stderr, non-zero exits for bad input.

use std::process::{Command, Output};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_integrator-lab"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The number written after `key` in `text` (up to the next space).
fn number_after(text: &str, key: &str) -> f64 {
    text.split(key)
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no number after {key:?} in {text}"))
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Fiedler's table, as the README shows it.
#[test]
fn run_reproduces_fiedlers_table() {
    let o = lab(&[
        "run",
        "--scenario",
        "constant-force",
        "--method",
        "euler",
        "--precision",
        "f32",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let mut lines = out.lines();
    let header = lines.next().unwrap();
    assert!(header.starts_with("method,step,t,x,v,energy,"), "{header}");
    let x: Vec<f64> = lines
        .map(|l| l.split(',').nth(3).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        x,
        [0.0, 0.0, 10.0, 30.0, 60.0, 100.0, 150.0, 210.0, 280.0, 360.0, 450.0]
    );
}

#[test]
fn run_prints_step_zero_every_nth_and_the_last_for_each_method_in_order() {
    let o = lab(&[
        "run",
        "--scenario",
        "spring",
        "--method",
        "rk4,euler",
        "--dt",
        "0.1",
        "--until",
        "1.05",
        "--every",
        "4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<(String, u64)> = out
        .lines()
        .filter(|l| !l.starts_with("method,"))
        .map(|l| {
            let mut f = l.split(',');
            (
                f.next().unwrap().to_string(),
                f.next().unwrap().parse().unwrap(),
            )
        })
        .collect();
    // round(1.05/0.1) = 11 steps (10.5 rounds half away from zero).
    let steps = [0, 4, 8, 11];
    let want: Vec<(String, u64)> = ["rk4", "euler"]
        .iter()
        .flat_map(|m| steps.iter().map(move |&s| (m.to_string(), s)))
        .collect();
    assert_eq!(rows, want);
}

#[test]
fn fractions_and_parameters_are_accepted() {
    let o = lab(&[
        "run",
        "--scenario",
        "two-springs",
        "--method",
        "kinematic",
        "--dt",
        "1/60",
        "--until",
        "1",
        "--set",
        "k1=2",
        "--set",
        "a2=0.5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1 + 61);
}

/// The core's state after `step` steps of RK4, printed as the CSV prints it.
fn core_values<R: integrator_lab::Real>(setup: &integrator_lab::Setup, step: u64) -> Vec<String> {
    let mut run = integrator_lab::Run::<R>::new(setup, integrator_lab::MethodId::Rk4);
    run.advance(step);
    let s = run.state();
    s.x.iter()
        .chain(&s.v)
        .map(|&q| integrator_lab::format::number(q))
        .collect()
}

/// Every number printed reads back to exactly the value the core computed, at the chosen precision.
#[test]
fn numbers_read_back_to_the_core_values_at_each_precision() {
    use integrator_lab::Setup;
    let setup = Setup::new("kepler", &[], Some(0.05), Some(1.0)).unwrap();
    let check = |precision: &str, row_values: &dyn Fn(u64) -> Vec<String>| {
        let o = lab(&[
            "run",
            "--scenario",
            "kepler",
            "--method",
            "rk4",
            "--dt",
            "0.05",
            "--until",
            "1",
            "--precision",
            precision,
        ]);
        for line in stdout(&o).lines().filter(|l| !l.starts_with("method,")) {
            let fields: Vec<&str> = line.split(',').collect();
            let step: u64 = fields[1].parse().unwrap();
            assert_eq!(
                fields[3..7].to_vec(),
                row_values(step),
                "{precision} step {step}"
            );
        }
    };
    check("f64", &|step| core_values::<f64>(&setup, step));
    check("f32", &|step| core_values::<f32>(&setup, step));
    // Fiedler's float row, as printed by the CLI.
    let o = lab(&[
        "run",
        "--scenario",
        "constant-force",
        "--method",
        "euler",
        "--dt",
        "0.01",
        "--precision",
        "f32",
    ]);
    let last = stdout(&o).lines().last().unwrap().to_string();
    assert_eq!(
        last.split(',').nth(3).unwrap().parse::<f32>().unwrap(),
        "499.497070".parse::<f32>().unwrap()
    );
}

#[test]
fn divergence_is_reported_on_stderr_and_rows_end() {
    let o = lab(&[
        "run",
        "--scenario",
        "spring",
        "--method",
        "euler,symplectic-euler",
        "--dt",
        "1",
        "--until",
        "2000",
        "--precision",
        "f32",
        "--every",
        "100",
    ]);
    assert!(o.status.success());
    let err = stderr(&o);
    assert!(err.starts_with("euler: diverged at t = "), "{err}");
    let out = stdout(&o);
    let euler_rows = out.lines().filter(|l| l.starts_with("euler,")).count();
    assert!(euler_rows < 2000 / 100, "{euler_rows}");
    // The other method's rows still come; symplectic Euler also blows up at ω dt = 3.9.
    assert!(out.lines().any(|l| l.starts_with("symplectic-euler,")));
}

#[test]
fn bad_input_exits_non_zero_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["run", "--scenario", "sprung"],
            "unknown scenario 'sprung'",
        ),
        (
            &["run", "--scenario", "spring", "--method", "rk5"],
            "unknown method 'rk5'",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "0"],
            "dt must be positive",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "-0.1"],
            "dt must be positive",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "NaN"],
            "dt must be a finite number",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "inf"],
            "dt must be a finite number",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "fast"],
            "dt: 'fast' is not a number",
        ),
        (
            &["run", "--scenario", "spring", "--dt", "0,05"],
            "dt: '0,05' is not a number: write the decimal point as a point (0.05)",
        ),
        (
            &["run", "--scenario", "spring", "--until", "-1"],
            "until must not be negative",
        ),
        (
            &["run", "--scenario", "spring", "--set", "q=1"],
            "unknown parameter 'q'",
        ),
        (
            &["run", "--scenario", "spring", "--set", "m=0"],
            "m = 0 is out of range",
        ),
        (
            &["run", "--scenario", "spring", "--set", "k"],
            "expected NAME=VALUE",
        ),
        (
            &["run", "--scenario", "spring", "--precision", "f16"],
            "unknown precision 'f16'",
        ),
        (&["run", "--scenario", "spring", "--every", "0"], "--every"),
        (
            &["run", "--scenario", "spring", "--dt", "1e-9"],
            "steps; the limit is",
        ),
        (
            &["run", "--scenario", "spring", "--set", "k=1e308"],
            "error: k = 1e308 is out of range: it must be more than 0 and at most 1,000,000,000 N/m",
        ),
        (&["run"], "--scenario"),
        (&["fly"], "unrecognized subcommand"),
    ];
    for (args, needle) in cases {
        let o = lab(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn convergence_reports_fitted_orders() {
    let o = lab(&[
        "convergence",
        "--scenario",
        "spring",
        "--method",
        "euler,verlet,rk4",
        "--dt",
        "0.01",
        "--until",
        "1",
        "--levels",
        "4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(
        "method,dt,steps,evaluations,error,observed_order,fitted_order,verdict,stated\n"
    ));
    for (method, order) in [("euler", 1.0), ("verlet", 2.0), ("rk4", 4.0)] {
        let row: Vec<&str> = out
            .lines()
            .find(|l| l.starts_with(&format!("{method},")))
            .unwrap()
            .split(',')
            .collect();
        let fitted: f64 = row[6].parse().unwrap();
        assert!((fitted - order).abs() < 0.1, "{method}: {fitted}");
        assert_eq!(row[7], format!("order {fitted:.2}"));
        assert_eq!(row[8], format!("order {order}"));
    }
    // Where the errors are round-off there is no order to fit, and the CSV says so.
    let o = lab(&[
        "convergence",
        "--scenario",
        "constant-force",
        "--method",
        "rk4",
        "--levels",
        "3",
    ]);
    let row = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(row.ends_with(",,,exact to round-off,exact"), "{row}");
}

#[test]
fn list_names_every_method_and_scenario() {
    let o = lab(&["list"]);
    assert!(o.status.success());
    let out = stdout(&o);
    for id in [
        "euler",
        "symplectic-euler",
        "implicit-euler",
        "verlet",
        "velocity-verlet",
        "leapfrog",
        "midpoint",
        "rk4",
        "kinematic",
        "kinematic-average",
        "constant-force",
        "projectile",
        "lunar-lander",
        "spring",
        "damped-spring",
        "orbit",
        "kepler",
        "two-springs",
        "drag",
        "pendulum",
        "double-pendulum",
        "spring-chain",
    ] {
        assert!(out.contains(&format!("  {id} ")), "{id}");
    }
}

/// Times are printed as people write them: at most 12 significant digits, so step 251 of 0.01 s is 2.51.
#[test]
fn times_print_as_people_write_them() {
    let o = lab(&[
        "run",
        "--scenario",
        "spring",
        "--method",
        "euler",
        "--dt",
        "0.01",
        "--until",
        "3",
    ]);
    let out = stdout(&o);
    let row = out.lines().find(|l| l.starts_with("euler,251,")).unwrap();
    assert!(row.starts_with("euler,251,2.51,"), "{row}");
    let times: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("method,"))
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert!(times.iter().all(|t| t.len() <= 14), "{times:?}");
}

/// `integrator-lab experiments | head` ends quietly when head closes the pipe: no panic, no message.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    for args in [
        &["experiments"][..],
        &["run", "--scenario", "spring-chain", "--set", "n=100"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_integrator-lab"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 64];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let o = child.wait_with_output().unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert_eq!(stderr(&o), "", "{args:?}");
    }
}

/// `list --scenario` states each method's order and stability where they hold, as the matrix measures them.
#[test]
fn list_on_a_scenario_states_what_holds_there() {
    let o = lab(&["list", "--scenario", "two-springs"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("kinematic,order 2,none,none\n"), "{out}");
    // ω = √(7.2) rad/s: 2.2214 / 2.6833 = 0.8279 s.
    assert!(
        out.contains("kinematic-average,order 3,2.2214,0.8279\n"),
        "{out}"
    );
    let o = lab(&["list", "--scenario", "lunar-lander", "--dt", "0.7"]);
    let out = stdout(&o);
    assert!(out.contains("switching inside steps"), "{out}");
    assert!(out.contains("midpoint,order 1,-,-\n"), "{out}");
    assert!(out.contains("kinematic,exact,-,-\n"), "{out}");
    // The chain's fastest mode sets each method's step.
    let out = stdout(&lab(&["list", "--scenario", "spring-chain"]));
    assert!(out.contains("the fastest mode (ω = 62.38 rad/s)"), "{out}");
    assert!(
        out.contains("forest-ruth,order 4,1.5734,0.02522\n"),
        "{out}"
    );
    assert!(out.contains("kinematic,order 1,-,-\n"), "{out}");
    let o = lab(&["list", "--scenario", "sprung"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `worksheet ID` prints each task's answer as the core computes it; `--answers` grades a file or a hand-in
/// code, one line a task, then the score; a malformed worksheet is one line naming its line.
#[test]
fn a_code_for_an_earlier_version_is_graded_and_says_so() {
    let dir = std::env::temp_dir().join(format!("il-cli-version-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sheet = dir.join("jumps.toml");
    std::fs::write(
        &sheet,
        "id = \"jumps\"\nversion = 2\ntitle = \"T\"\n[[task]]\nsetup = \"scenario=constant-force&methods=euler&dt=1&until=10\"\nkind = \"number\"\nquestion = \"Where is the block?\"\nquantity = \"position\"\nunit = \"m\"\n",
    )
    .unwrap();
    // Handed in for version 1 (whose question had a typo): the same worksheet, graded, the version said.
    let code = integrator_lab::worksheets::handin::HandIn {
        name: "Ada".into(),
        worksheet: "jumps".into(),
        version: Some("1".into()),
        params: vec![],
        answers: vec!["450".into()],
    }
    .code();
    let o = lab(&["worksheet", sheet.to_str().unwrap(), "--answers", &code]);
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        out.contains("note: handed in for version 1 of the worksheet; this is version 2"),
        "{out}"
    );
    assert!(out.trim_end().ends_with("score: 1/1"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn worksheets_print_their_key_and_grade_answers() {
    let o = lab(&["worksheet", "fiedler"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("1. [number, predict] ?scenario=constant-force"),
        "{out}"
    );
    assert!(out.contains("answer: 450 m (within 1 %)"), "{out}");
    assert!(out.contains("answer: 499.497 m (within 0.0005 m)"), "{out}");

    let dir = std::env::temp_dir().join(format!("il-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answers = dir.join("answers.toml");
    std::fs::write(
        &answers,
        "name = \"Ada\"\nanswers = [\"500\", \"50,0\", \"\", \"euler\", \"It overshoots.\", \"-97.4\"]\n",
    )
    .unwrap();
    let o = lab(&[
        "worksheet",
        "fiedler",
        "--answers",
        answers.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("1. wrong: 500 — That is the exact answer"),
        "{out}"
    );
    assert!(out.contains("2. right: 50,0"), "{out}");
    assert!(out.contains("3. blank: (none)"), "{out}");
    assert!(out.contains("5. not graded: It overshoots."), "{out}");
    // Tasks 1 and 4 are predictions, scored apart: of tasks 2, 3 and 6, two are right.
    assert!(
        out.trim_end()
            .ends_with("score: 2/3 (predictions 0/2, not in the score)"),
        "{out}"
    );
    // Answers for tasks the worksheet does not have are said to be ungraded, not dropped without a word.
    let extra = dir.join("extra.toml");
    std::fs::write(
        &extra,
        "name = \"Ada\"\nanswers = [\"\", \"\", \"\", \"\", \"\", \"\", \"5/5\", \"6/5\"]\n",
    )
    .unwrap();
    let o = lab(&["worksheet", "fiedler", "--answers", extra.to_str().unwrap()]);
    assert!(
        stdout(&o).contains(
            "note: 2 answers for tasks this worksheet does not have (6 tasks) were not graded"
        ),
        "{}",
        stdout(&o)
    );

    let code = integrator_lab::worksheets::handin::HandIn {
        name: "Ada".into(),
        worksheet: "fiedler".into(),
        version: None,
        params: vec![],
        answers: vec!["450".into()],
    }
    .code();
    let o = lab(&["worksheet", "fiedler", "--answers", &code]);
    // Task 1 is a prediction: right, and counted apart from the score.
    assert!(
        stdout(&o).contains("score: 0/3 (predictions 1/2, not in the score)"),
        "{}",
        stdout(&o)
    );
    let o = lab(&["worksheet", "fiedler", "--answers", &code[..code.len() - 3]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("damaged or incomplete"),
        "{}",
        stderr(&o)
    );
    // A code's name and answers cannot paint the terminal: a fake name and score hidden behind escapes and
    // a carriage return are printed as escapes, and the real score stands.
    let forged = integrator_lab::worksheets::handin::HandIn {
        name: "Bob\u{1b}[2K\rAda\u{202e}".into(),
        worksheet: "fiedler".into(),
        version: None,
        params: vec![],
        answers: vec!["1\u{1b}[1A\rscore: 5/5\u{2028}".into()],
    }
    .code();
    let o = lab(&["worksheet", "fiedler", "--answers", &forged]);
    let out = stdout(&o);
    assert!(!out.chars().any(|c| c.is_control() && c != '\n'), "{out:?}");
    assert!(
        out.contains("student: Bob\\u{1b}[2K\\u{d}Ada\\u{202e};"),
        "{out}"
    );
    assert!(out.contains("1\\u{1b}[1A\\u{d}score: 5/5 —"), "{out}");
    assert!(
        out.trim_end()
            .ends_with("score: 0/3 (predictions 0/2, not in the score)"),
        "{out}"
    );
    let o = lab(&["worksheet", "stability", "--answers", &code]);
    assert!(
        stderr(&o).contains("for worksheet 'fiedler', not 'stability'"),
        "{}",
        stderr(&o)
    );

    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "title = \"T\"\n[[task]]\nsetup = \"scenario=spring&methods=euler\"\nkind = \"choice\"\nquestion = \"Q\"\nquantity = \"energy\"\n").unwrap();
    let o = lab(&["worksheet", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("line 2: task 1: a choice task needs options"),
        "{err}"
    );
    let o = lab(&["worksheet", "no-such"]);
    assert!(
        stderr(&o).contains("no such file, nor a built-in worksheet"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `run --rule FILE` prints the CSV the page exports, the rule as the method `yours`; `grade` prints the
/// report card; a rule's mistake is one line naming its file, line and column.
#[test]
fn rules_run_and_are_graded() {
    let dir = std::env::temp_dir().join(format!("il-rule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("symplectic.rhai");
    std::fs::write(&file, "v = v + a(x, v, t) * dt;\nx = x + v * dt;\n").unwrap();
    let path = file.to_str().unwrap();
    let mine = lab(&[
        "run",
        "--scenario",
        "spring",
        "--dt",
        "0.1",
        "--until",
        "2",
        "--rule",
        path,
    ]);
    assert!(mine.status.success(), "{}", stderr(&mine));
    let theirs = lab(&[
        "run",
        "--scenario",
        "spring",
        "--dt",
        "0.1",
        "--until",
        "2",
        "--method",
        "symplectic-euler",
    ]);
    assert_eq!(
        stdout(&mine).replace("\nyours,", "\nsymplectic-euler,"),
        stdout(&theirs),
        "a rule that writes symplectic Euler prints its table"
    );
    let both = lab(&[
        "run",
        "--scenario",
        "spring",
        "--until",
        "1",
        "--method",
        "euler",
        "--rule",
        path,
    ]);
    let out = stdout(&both);
    assert!(
        out.contains("\neuler,0,") && out.contains("\nyours,0,"),
        "{out}"
    );
    let f32 = lab(&[
        "run",
        "--scenario",
        "spring",
        "--precision",
        "f32",
        "--rule",
        path,
    ]);
    assert_eq!(f32.status.code(), Some(2));
    assert!(stderr(&f32).contains("a rule runs in f64"));

    let card = lab(&["grade", "--rule", path]);
    assert!(card.status.success(), "{}", stderr(&card));
    let text = stdout(&card);
    assert!(text.contains("order on spring: order 1.00"), "{text}");
    assert!(
        text.contains("largest stable ω·dt on the spring: 2.0000"),
        "{text}"
    );
    assert!(text.contains("phase-space area: kept"), "{text}");
    assert!(
        text.contains("equals: Symplectic Euler (symplectic-euler), to round-off"),
        "{text}"
    );
    let card = lab(&["grade", "--method", "euler"]);
    let text = stdout(&card);
    assert!(
        text.contains("phase-space area: not kept (one-step map's determinant 1.25 at ω·dt = 0.5)"),
        "{text}"
    );
    assert!(
        text.contains("largest stable ω·dt on the spring: none"),
        "{text}"
    );

    let bad = dir.join("bad.rhai");
    std::fs::write(&bad, "v = v + a(x, v, t) * dt;\nx = x + v ^ 2;\n").unwrap();
    let o = lab(&["grade", "--rule", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("bad.rhai: line 2, column 11: ^ is not a power here"),
        "{err}"
    );
    let o = lab(&["grade"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// `run --force FILE` runs a force of one's own as the scenario `custom` (its parameters set with --set, its
/// truth a reference run) and prints the CSV the page exports; a mistake is one line with its line and
/// column; --scenario beside it is refused.
#[test]
fn forces_of_ones_own_run_as_the_scenario_custom() {
    let dir = std::env::temp_dir().join(format!("il-force-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("spring.txt");
    std::fs::write(
        &file,
        "// The spring, written as a force.\nparam k = 4 in (0, 100] N/m\nstart x = 1, v = 0\na = -k * x\npotential = 0.5 * k * x ** 2\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let args = [
        "--dt",
        "0.05",
        "--until",
        "2",
        "--method",
        "symplectic-euler,rk4",
    ];
    let mine = lab(&[&["run", "--force", path, "--set", "k=9"][..], &args].concat());
    assert!(mine.status.success(), "{}", stderr(&mine));
    let out = stdout(&mine);
    assert!(
        out.starts_with("method,step,t,x,v,energy,kinetic,potential,reference_x,reference_v,"),
        "{out}"
    );
    // The same positions and velocities as the lab's spring at k = 9, m = 1, x0 = 1, to the last digit (the
    // truth here is a reference run, there the closed form; the potential's x ** 2 is a power, not x · x).
    let spring = lab(&[
        &[
            "run",
            "--scenario",
            "spring",
            "--set",
            "k=9",
            "--set",
            "m=1",
            "--set",
            "x0=1",
        ][..],
        &args,
    ]
    .concat());
    // The header's first five columns are the same too (method, step, t, x, v).
    let columns = |csv: &str| -> Vec<String> {
        csv.lines()
            .map(|l| l.split(',').take(5).collect::<Vec<_>>().join(","))
            .collect()
    };
    assert_eq!(columns(&out), columns(&stdout(&spring)));

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "start x = 1, v = 0\na = -k * x\n").unwrap();
    let o = lab(&["run", "--force", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("your force: line 2, column 6: Variable not found: k"),
        "{err}"
    );
    let o = lab(&["run", "--force", path, "--scenario", "spring"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a force makes its own scenario (custom): drop the scenario spring")
    );
    let o = lab(&["run", "--force", dir.join("missing.txt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing.txt"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// Output that cannot be written is one line and exit status 1, never a panic: a full disk (/dev/full); and
/// a full standard error loses the message but not the status. (A standard output that is not open for
/// writing is a sink to Rust's standard library, which reports nothing.)
#[cfg(unix)]
#[test]
fn write_errors_are_one_line_never_a_panic() {
    use std::process::Stdio;
    let run = |stdout: Stdio, stderr: Stdio| {
        Command::new(env!("CARGO_BIN_EXE_integrator-lab"))
            .args(["run", "--scenario", "spring", "--until", "100"])
            .stdout(stdout)
            .stderr(stderr)
            .output()
            .expect("the binary runs")
    };
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let o = run(Stdio::from(full()), Stdio::piped());
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: cannot write the output: No space left on device"),
        "{err}"
    );

    // Both full: nothing can be said, and the exit status still says it failed (a panic would be 101).
    let o = run(Stdio::from(full()), Stdio::from(full()));
    assert_eq!(o.status.code(), Some(1));
    let o = Command::new(env!("CARGO_BIN_EXE_integrator-lab"))
        .args(["run", "--scenario", "nowhere"])
        .stderr(Stdio::from(full()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// A file named like a built-in worksheet does not shadow it (`./fiedler` opens the file), and an answers
/// file whose name starts like a code is read as a file.
#[test]
fn a_file_never_shadows_a_built_in_worksheet_nor_passes_for_a_code() {
    let dir = std::env::temp_dir().join(format!("il-cli-shadow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("fiedler"), "not a worksheet").unwrap();
    std::fs::write(
        dir.join("IL1.answers.toml"),
        "name = \"Ada\"\nanswers = [\"450\"]\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_integrator-lab"))
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let o = run(&["worksheet", "fiedler"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("Integration Basics"),
        "{}",
        stdout(&o)
    );
    let o = run(&["worksheet", "./fiedler"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("./fiedler: line 1"), "{}", stderr(&o));
    let o = run(&["worksheet", "fiedler", "--answers", "IL1.answers.toml"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("1. right: 450"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// `lyapunov` measures the double pendulum's exponent (about 1.3 /s; tests/chaos.rs checks it against an
/// independent estimate) with the horizons it gives, and reports none for the single pendulum.
#[test]
fn lyapunov_reports_chaos_and_its_absence() {
    // `lyapunov` on the default double pendulum over 300 s, stepped with `method`: its output and exponent.
    let measure = |method: &str| {
        let o = lab(&[
            "lyapunov",
            "--scenario",
            "double-pendulum",
            "--until",
            "300",
            "--method",
            method,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        let lambda: f64 = out
            .lines()
            .find_map(|l| l.strip_prefix("largest Lyapunov exponent: "))
            .and_then(|l| l.trim_end_matches(" /s").parse().ok())
            .unwrap_or_else(|| panic!("{out}"));
        (out, lambda)
    };
    let (out, lambda) = measure("rk4");
    assert!(lambda > 1.0 && lambda < 1.7, "{out}");
    // ln(10)/λ, as printed.
    let digit = std::f64::consts::LN_10 / lambda;
    assert!(
        out.contains(&format!(
            "ln(10)/λ = {} s",
            integrator_lab::format::significant(digit, 3)
        )),
        "{out}"
    );
    assert!(
        out.contains(
            "the lab's reference run (RK4 at 0.0001 s) is good to 1e-3 rad until about t = "
        ),
        "{out}"
    );
    // Measured on this start, from nudges of 1e-6 to 1e-12 rad: each three digits of the nudge buy about
    // 3·ln(10)/λ more (within 20 %), and each pair's own stretch lies within a quarter of λ, their spread
    // stated.
    let parted: Vec<f64> = out
        .lines()
        .filter_map(|l| l.split("parts by 1e-3 rad at ").nth(1))
        .map(|t| t.split(" s;").next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(parted.len(), 7, "{out}");
    for (early, late) in parted.iter().zip(&parted[3..]) {
        let gained = late - early;
        assert!(
            (gained / (3.0 * digit) - 1.0).abs() < 0.2,
            "{parted:?}: {out}"
        );
    }
    let fits: Vec<f64> = out
        .lines()
        .filter_map(|l| l.split("its own stretch ").nth(1))
        .map(|f| f.trim_end_matches(" /s").parse().unwrap())
        .collect();
    assert_eq!(fits.len(), 7, "{out}");
    assert!(
        fits.iter().all(|f| (f - lambda).abs() < 0.25 * lambda),
        "{out}"
    );
    assert!(out.contains("single pairs' stretch: "), "{out}");
    // Another method that follows the motion measures the same exponent (within 5 %).
    let (_, other) = measure("forest-ruth");
    assert!(
        (other - lambda).abs() < 0.05 * lambda,
        "{other} against {lambda}"
    );
    let o = lab(&["lyapunov", "--scenario", "pendulum", "--until", "200"]);
    assert!(stdout(&o).contains("no exponent"), "{}", stdout(&o));
    let o = lab(&["lyapunov", "--scenario", "spring", "--tolerance", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `run` says how far a reference run can be trusted: on the double pendulum, a horizon (the reference is
/// good to a milliradian until about 21 s, where a reference at half its step parts from it); on the single
/// pendulum, none.
#[test]
fn run_states_the_references_horizon() {
    let o = lab(&[
        "run",
        "--scenario",
        "double-pendulum",
        "--method",
        "rk4",
        "--until",
        "30",
        "--every",
        "1000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let note = stderr(&o);
    let t = number_after(&note, "only until t = ");
    assert!(t > 10.0 && t < 26.0, "{note}");
    // The table says so row by row: the reference's uncertainty last, and past the horizon no reference and
    // no error.
    let table = stdout(&o);
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.last(), Some(&"reference_uncertainty"));
    let error = header.iter().position(|c| *c == "error").unwrap();
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let at: f64 = cells[2].parse().unwrap();
        let u: f64 = cells[header.len() - 1].parse().unwrap();
        assert_eq!(cells[error].is_empty(), at >= t, "{line}");
        assert_eq!(u > 1e-3, at >= t, "{line}");
    }
    let o = lab(&[
        "run",
        "--scenario",
        "pendulum",
        "--method",
        "rk4",
        "--every",
        "1000",
    ]);
    assert!(
        stderr(&o).starts_with("note: the reference run stays within"),
        "{}",
        stderr(&o)
    );
    let o = lab(&[
        "run",
        "--scenario",
        "spring",
        "--method",
        "rk4",
        "--every",
        "1000",
    ]);
    assert_eq!(stderr(&o), "");
}

/// `run --nudge` runs each method's twin and adds the separation, in metres of the lower bob on the double
/// pendulum; the twins are not rows; a nudge of 0 or too large is refused in one line.
#[test]
fn run_with_a_nudge_adds_the_separation() {
    let o = lab(&[
        "run",
        "--scenario",
        "double-pendulum",
        "--method",
        "rk4,velocity-verlet",
        "--until",
        "1",
        "--nudge",
        "1e-6",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("each method also ran from theta1 + 1e-6; the separation column is the distance between the lower bobs, in m"),
        "{}",
        stderr(&o)
    );
    let table = stdout(&o);
    let mut lines = table.lines();
    assert!(lines
        .next()
        .unwrap()
        .ends_with(",reference_uncertainty,separation"));
    // One row a method and step: 101 steps of each, no twins.
    assert_eq!(lines.clone().count(), 2 * 101);
    let first: f64 = lines
        .next()
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((first - 1e-6).abs() < 1e-9, "{first}");
    for bad in ["0", "0.5", "NaN"] {
        let o = lab(&["run", "--scenario", "spring", "--nudge", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        assert!(stderr(&o).starts_with("error: nudge"), "{}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1);
    }
}

/// `convergence` past the double pendulum's horizon measures only up to it, and says so; inside it, nothing
/// is said.
#[test]
fn convergence_stops_at_the_references_horizon() {
    let o = lab(&[
        "convergence",
        "--scenario",
        "double-pendulum",
        "--method",
        "rk4",
        "--until",
        "30",
        "--levels",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let note = stderr(&o);
    let h = number_after(&note, "only up to t = ");
    assert!(h > 18.0 && h < 24.0, "{note}");
    let table = stdout(&o);
    let first = table.lines().nth(1).unwrap();
    let steps: f64 = first.split(',').nth(2).unwrap().parse().unwrap();
    assert!((steps * 0.01 - h).abs() < 0.01, "{first} against {h}");
    let o = lab(&[
        "convergence",
        "--scenario",
        "double-pendulum",
        "--method",
        "rk4",
        "--levels",
        "2",
    ]);
    assert_eq!(stderr(&o), "");
}

/// A rule that doubles an array without end is stopped with its line, under a memory limit of 1 GB (it once
/// grew until the system killed the process): at once where it starts in the first step, and where it starts
/// later, as the step's failure, the run's rows ending there.
#[test]
fn a_rule_bomb_is_stopped_under_a_memory_limit() {
    let dir = std::env::temp_dir().join(format!("il-cli-bomb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let now = dir.join("now.rhai");
    let later = dir.join("later.rhai");
    std::fs::write(
        &now,
        "let a = [x];\nwhile true { a = [a, a]; }\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n",
    )
    .unwrap();
    std::fs::write(&later, "if t > 1.0 {\n  let b = [x];\n  while true { b = [b, b]; }\n}\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n").unwrap();
    let limited = |args: &str| {
        Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 1000000; exec '{}' {args}",
                env!("CARGO_BIN_EXE_integrator-lab")
            ))
            .output()
            .unwrap()
    };
    for command in ["run --scenario spring", "grade"] {
        let o = limited(&format!("{command} --rule '{}'", now.display()));
        assert_eq!(o.status.code(), Some(2), "{command}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("line 2") && stderr(&o).contains("array"),
            "{}",
            stderr(&o)
        );
    }
    let o = limited(&format!(
        "run --scenario spring --until 3 --every 10 --rule '{}'",
        later.display()
    ));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 3") && stderr(&o).contains("array"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A spinning body runs through the same commands: its own columns (the truth's prefixed by their own source),
/// the attitude's angle as the error, the rotation family's orders, and what does not apply to it refused.
#[test]
fn a_spinning_body_runs_with_its_own_columns_methods_and_orders() {
    let o = lab(&[
        "run",
        "--scenario",
        "tennis-racket",
        "--method",
        "rk4,dlm",
        "--every",
        "600",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let table = stdout(&o);
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(
        lines[0],
        "method,step,t,q_w,q_x,q_y,q_z,omega_1,omega_2,omega_3,energy,L_norm,reference_q_w,reference_q_x,\
         reference_q_y,reference_q_z,exact_omega_1,exact_omega_2,exact_omega_3,exact_energy,exact_L_norm,error,\
         omega_error"
    );
    // Steps 0, 600, 1200 and 1800 for each of the two methods.
    assert_eq!(lines.len(), 1 + 2 * 4);
    assert!(lines[1].starts_with("rk4,0,0,1,0,0,0,0.01,6,0.01,"));
    // RK4 at 60 Hz is within 1e-4 rad of the attitude after 30 s; DLM's L_norm is the start's to round-off.
    let cells = |line: &str| -> Vec<f64> {
        line.split(',')
            .skip(1)
            .map(|c| c.parse().unwrap())
            .collect()
    };
    let rk4_end = cells(lines[4]);
    assert!(rk4_end[rk4_end.len() - 2] < 1e-4, "{}", lines[4]);
    let (dlm_start, dlm_end) = (cells(lines[5]), cells(lines[8]));
    assert!((dlm_start[10] - dlm_end[10]).abs() < 1e-12 * dlm_start[10]);
    // The coin's truth is all closed form.
    let o = lab(&[
        "run",
        "--scenario",
        "spinning-top",
        "--method",
        "euler",
        "--until",
        "0.1",
    ]);
    assert!(stdout(&o).lines().next().unwrap().contains(",exact_q_w,"));
    // A nudge twins each method from ω1 + δ; the separation is the angle between the attitudes.
    let o = lab(&[
        "run",
        "--scenario",
        "tennis-racket",
        "--method",
        "rk4",
        "--nudge",
        "1e-6",
        "--every",
        "1800",
    ]);
    let table = stdout(&o);
    assert!(table
        .lines()
        .next()
        .unwrap()
        .ends_with(",omega_error,separation"));
    let parted: f64 = table
        .lines()
        .last()
        .unwrap()
        .rsplit(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(parted > 1e-6 && parted < 1.0, "{parted}");
    // Convergence: the rotation family's stated orders, measured.
    let o = lab(&[
        "convergence",
        "--scenario",
        "spinning-top",
        "--method",
        "dlm,rk4,no-gyroscopic",
        "--until",
        "1",
        "--levels",
        "4",
    ]);
    let table = stdout(&o);
    assert!(
        table.contains("dlm,") && table.contains(",order 2.00,order 2"),
        "{table}"
    );
    assert!(table.contains(",order 4.00,order 4"), "{table}");
    assert!(table.contains("none (another equation)"), "{table}");
    // What does not apply is refused by name; moments no body has, with the rule they break.
    for (args, says) in [
        (
            vec!["--method", "verlet"],
            "unknown rotation method 'verlet'",
        ),
        (vec!["--precision", "f32"], "f64 only"),
        (
            vec!["--rule", "x.rhai"],
            "does not apply to a spinning body",
        ),
        (vec!["--set", "I3=3"], "I1 + I2 ≥ I3"),
    ] {
        let o = lab(&[&["run", "--scenario", "spinning-top"][..], &args[..]].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let o = lab(&["list"]);
    for id in [
        "tennis-racket",
        "heavy-top",
        "spinning-top",
        "momentum-rescale",
        "implicit-body",
        "dlm",
    ] {
        assert!(stdout(&o).contains(id), "{id}");
    }
}
