//! Sessions: what the page records and shows equals what the core's runs compute, in both precisions, on
//! a shared grid and at steps of their own; the export is the CLI's table; a diverging method stops alone.

use integrator_lab::{chaos, csv, MethodId, Precision, Run, Session, Setup, State};

fn session(scenario: &str, methods: &[MethodId], dt: f64, until: f64, p: Precision) -> Session {
    let setup = Setup::new(scenario, &[], Some(dt), Some(until)).unwrap();
    let runs: Vec<(MethodId, Option<f64>)> = methods.iter().map(|&m| (m, None)).collect();
    Session::new(setup, &runs, p).unwrap()
}

/// The state of `method` after `step` steps, as a plain run computes it, widened to f64.
fn plain(setup: &Setup, method: MethodId, step: u64, p: Precision) -> (Vec<f64>, Vec<f64>) {
    let widen = |x: &[f32]| x.iter().map(|&q| q as f64).collect::<Vec<_>>();
    match p {
        Precision::F64 => {
            let mut run = Run::<f64>::new(setup, method);
            run.advance(step);
            (run.state().x.clone(), run.state().v.clone())
        }
        Precision::F32 => {
            let mut run = Run::<f32>::new(setup, method);
            run.advance(step);
            (widen(&run.state().x), widen(&run.state().v))
        }
    }
}

#[test]
fn histories_equal_plain_runs_in_both_precisions() {
    for p in [Precision::F64, Precision::F32] {
        let methods = [MethodId::Rk4, MethodId::Euler];
        let mut s = session("kepler", &methods, 0.05, 2.0, p);
        assert_eq!(s.advance(1_000), 40);
        assert_eq!(s.advance(1_000), 0, "never past the end");
        assert!(s.done());
        assert_eq!(s.columns()[..5], ["t", "x", "y", "vx", "vy"]);
        for (track, &method) in methods.iter().enumerate() {
            let h = s.history(track).unwrap();
            assert_eq!(h.rows(), 41);
            for step in [0u64, 1, 17, 40] {
                let (x, v) = plain(s.setup(), method, step, p);
                assert_eq!(h.column(1)[step as usize], x[0], "{p:?} {method:?} {step}");
                assert_eq!(h.column(4)[step as usize], v[1], "{p:?} {method:?} {step}");
            }
            let (x, v) = plain(s.setup(), method, 40, p);
            assert_eq!(s.current(track).unwrap(), [x, v].concat());
        }
        // The truth follows the tracks, on a grid of its own: 40 steps are too few to draw it smooth, so it
        // has 50 points a step, the last at the last step.
        let truth = s.history(2).unwrap();
        assert_eq!(s.truth_refine(), 50);
        assert_eq!(truth.rows(), 40 * 50 + 1);
        assert_eq!(*truth.column(0).last().unwrap(), 40.0 * 0.05);
        let exact = s.setup().truth().at(40);
        assert_eq!(*truth.column(1).last().unwrap(), exact.x[0]);
        assert_eq!(truth.column(0)[1], 0.05 / 50.0);
    }
}

#[test]
fn long_runs_record_every_nth_step_within_the_budget() {
    // 144,000 steps of the 20-minute level, ten methods: the rule is step 0, every N-th and the last.
    let mut s = session(
        "spring",
        &MethodId::ALL,
        1.0 / 120.0,
        1200.0,
        Precision::F64,
    );
    s.advance(u64::MAX);
    let every = s.stride();
    assert!(every > 1);
    let columns = s.columns().len();
    let rows = s.history(0).unwrap().rows();
    assert!(rows * columns * 11 <= integrator_lab::session::HISTORY_BUDGET);
    let t = s.history(0).unwrap().column(0);
    assert_eq!(t[1], every as f64 / 120.0);
    assert_eq!(*t.last().unwrap(), 144_000.0 / 120.0);
    // The truth keeps the same stride, to the end of the run.
    let truth = s.history(MethodId::ALL.len()).unwrap().column(0);
    assert_eq!(truth.len(), t.len());
    assert_eq!(*truth.last().unwrap(), 144_000.0 / 120.0);
}

/// A run at a dt of its own keeps its own stride: rows `track_stride` of its own steps apart, where the session's
/// stride says every step (the page draws rows far apart as a sample of the motion, not its path). The truth's
/// is the session's.
#[test]
fn a_run_at_its_own_dt_records_on_a_stride_of_its_own() {
    let setup = Setup::new("spring", &[], Some(0.5), Some(90_000.0)).unwrap();
    let mut s = Session::new(
        setup,
        &[(MethodId::Verlet, None), (MethodId::Rk4, Some(0.01))],
        Precision::F64,
    )
    .unwrap();
    s.advance(2_000);
    assert_eq!(s.track_stride(0), s.stride());
    assert_eq!(s.track_stride(2), s.stride());
    let own = s.track_stride(1);
    assert!(own > 1, "{own}");
    for (k, dt) in [(0, 0.5), (1, 0.01)] {
        let t = s.history(k).unwrap().column(0);
        let gap = t[1] - t[0];
        let expected = s.track_stride(k) as f64 * dt;
        assert!(
            (gap - expected).abs() < 1e-9 * expected,
            "track {k}: {gap} against {expected}"
        );
    }
}

#[test]
fn the_export_is_the_cli_table() {
    let methods = [MethodId::Euler, MethodId::Rk4];
    let s = session("damped-spring", &methods, 0.01, 1.0, Precision::F32);
    let setup = Setup::new("damped-spring", &[], Some(0.01), Some(1.0)).unwrap();
    assert_eq!(
        s.csv(1).unwrap(),
        csv::to_string(&setup, &methods, Precision::F32, 1)
    );
}

#[test]
fn a_diverging_method_stops_alone_and_keeps_its_last_finite_row() {
    let methods = [MethodId::Euler, MethodId::SymplecticEuler];
    let mut s = session("spring", &methods, 0.5, 500.0, Precision::F32);
    s.advance(1000);
    let t = s.diverged_at(0).expect("Euler at ω·dt = 1.9 overflows f32");
    assert!(t > 0.0 && t < 500.0);
    assert_eq!(s.diverged_at(1), None);
    assert_eq!(s.history(1).unwrap().rows(), 1001);
    let euler = s.history(0).unwrap();
    // Its rows end at the last finite step, whose time is one step before the divergence.
    assert_eq!(euler.rows() as f64, t / 0.5);
    assert_eq!(*euler.column(0).last().unwrap(), t - 0.5);
    assert!(euler.column(1).iter().all(|x| x.is_finite()));
    let table = s.values_table(0, None);
    assert_eq!(table.rows[0].note, format!("diverged at t = {t} s"));
    assert_eq!(table.rows[1].note, "");
}

#[test]
fn runs_at_their_own_dt_follow_plain_runs_at_that_dt() {
    let setup = Setup::new("projectile", &[], Some(1.0 / 30.0), Some(2.0)).unwrap();
    let runs = [
        (MethodId::Euler, Some(1.0 / 15.0)),
        (MethodId::Euler, Some(1.0 / 30.0)),
        (MethodId::VelocityVerlet, Some(1.0 / 15.0)),
    ];
    let mut s = Session::new(setup, &runs, Precision::F64).unwrap();
    s.advance(10);
    // A third of a second in: the coarse runs have taken 5 of their steps, the fine one 10.
    assert_eq!((s.track_steps(0), s.track_steps(1)), (5, 10));
    s.advance(10_000);
    assert_eq!((s.track_steps(0), s.track_steps(1)), (30, 60));
    assert_eq!(s.history(0).unwrap().rows(), 31);
    assert_eq!(s.history(1).unwrap().rows(), 61);
    for (track, &(method, dt)) in runs.iter().enumerate() {
        let dt = dt.unwrap();
        let own = Setup::new("projectile", &[], Some(dt), Some(2.0)).unwrap();
        let (x, _) = plain(&own, method, own.steps(), Precision::F64);
        let h = s.history(track).unwrap();
        assert_eq!(*h.column(2).last().unwrap(), x[1], "track {track}");
        assert_eq!(*h.column(0).last().unwrap(), own.steps() as f64 * dt);
        assert_eq!(s.track_dt(track), dt);
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
    assert_eq!(s.csv(1).unwrap(), expected);
}

#[test]
fn the_values_table_reads_as_the_csv_does() {
    // Fiedler's float run: every cell of the table is the CSV's cell for the same row.
    let methods = [MethodId::Euler, MethodId::Kinematic];
    let mut s = session("constant-force", &methods, 0.01, 10.0, Precision::F32);
    s.advance(251);
    let table = s.values_table(0, None);
    assert_eq!(table.columns, ["step", "t", "x", "v", "energy", "error"]);
    // For reading: six significant digits.
    let short = s.values_table(0, Some(6));
    assert_eq!(short.rows[0].cells[1], "2.51");
    let significant = |cell: &str| {
        let mantissa = cell
            .trim_start_matches('-')
            .split('e')
            .next()
            .unwrap()
            .replace('.', "");
        mantissa.trim_start_matches('0').len()
    };
    for row in &short.rows {
        for cell in &row.cells[2..] {
            assert!(cell.is_empty() || significant(cell) <= 6, "{cell}");
        }
    }
    let csv = csv::to_string(s.setup(), &methods, Precision::F32, 1);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    for (track, method) in methods.iter().enumerate() {
        let row: Vec<&str> = csv
            .lines()
            .find(|l| l.starts_with(&format!("{},251,", method.id())))
            .unwrap()
            .split(',')
            .collect();
        let cell = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
        let cells = &table.rows[track].cells;
        assert_eq!(cells[0], cell("step"));
        assert_eq!(cells[1], "2.51");
        assert_eq!(cells[1], cell("t"));
        assert_eq!(cells[2], cell("x"));
        assert_eq!(cells[3], cell("v"));
        assert_eq!(cells[4], cell("energy"));
        assert_eq!(cells[5], cell("error"));
    }
    // The truth's row is in f64, with no error of its own.
    let truth = &table.rows[2].cells;
    let exact = s.setup().truth().at(251);
    assert_eq!(truth[2], integrator_lab::format::number(exact.x[0]));
    assert_eq!(truth[5], "");
    // Fiedler's table: the last rows of explicit Euler, t then x then v.
    let steps = s.steps_table(0, 0, 3, None);
    assert_eq!(steps.columns, ["t", "x", "v"]);
    let times: Vec<&str> = steps.rows.iter().map(|r| r.cells[0].as_str()).collect();
    assert_eq!(times, ["2.49", "2.5", "2.51"]);
}

#[test]
fn bad_sessions_are_refused_with_the_core_message() {
    let setup = Setup::defaults("spring").unwrap();
    let none = Session::new::<MethodId>(setup.clone(), &[], Precision::F64)
        .err()
        .unwrap();
    assert_eq!(none.to_string(), "no method given");
    let bad_dt = Session::new(setup, &[(MethodId::Euler, Some(0.0))], Precision::F64)
        .err()
        .unwrap();
    assert_eq!(bad_dt.to_string(), "dt must be positive (got 0)");
}

#[test]
fn a_run_at_its_own_dt_that_diverges_keeps_its_last_finite_row() {
    let setup = Setup::new("spring", &[], Some(0.25), Some(500.0)).unwrap();
    let runs = [
        (MethodId::Euler, Some(0.5)),
        (MethodId::SymplecticEuler, None),
    ];
    let mut s = Session::new(setup, &runs, Precision::F32).unwrap();
    s.advance(u64::MAX);
    let t = s.diverged_at(0).expect("Euler at ω·dt = 1.9 overflows f32");
    let euler = s.history(0).unwrap();
    assert_eq!(*euler.column(0).last().unwrap(), t - 0.5);
    assert!(euler.column(1).iter().all(|x| x.is_finite()));
    assert_eq!(s.diverged_at(1), None);
    assert_eq!(s.history(1).unwrap().rows(), 2001);
}

#[test]
fn the_truth_is_drawn_smooth_between_long_steps_for_closed_forms_and_reference_runs() {
    // Fiedler's spring (ω = 3.87 rad/s) at dt = 5 s: 18 steps, each three periods long.
    for (scenario, dt, until) in [("spring", 5.0, 90.0), ("pendulum", 0.5, 10.0)] {
        let setup = Setup::new(scenario, &[], Some(dt), Some(until)).unwrap();
        let mut s = Session::new(
            setup.clone(),
            &[(MethodId::Kinematic, None)],
            Precision::F64,
        )
        .unwrap();
        s.advance(u64::MAX);
        let truth = s.history(1).unwrap();
        assert!(truth.rows() as u64 >= integrator_lab::session::TRUTH_POINTS);
        // Every point is the truth at its own time: against a plain truth asked at whole steps of a finer dt.
        let refine = s.truth_refine();
        let fine = setup.with_dt(dt / refine as f64).unwrap();
        let mut check = fine.truth();
        for i in [1, 7, 100, truth.rows() - 1] {
            let expected = check.at(i as u64);
            assert!((truth.column(0)[i] - i as f64 * dt / refine as f64).abs() < 1e-12);
            assert!(
                (truth.column(1)[i] - expected.x[0]).abs() <= 1e-9 * (1.0 + expected.x[0].abs()),
                "{scenario} point {i}"
            );
        }
    }
}

#[test]
fn a_method_ticked_mid_run_joins_at_the_same_time_with_the_history_it_would_have_had() {
    let setup = Setup::new("spring", &[], Some(0.1), Some(90.0)).unwrap();
    let mut both = Session::new(
        setup.clone(),
        &[(MethodId::Euler, None), (MethodId::Rk4, None)],
        Precision::F32,
    )
    .unwrap();
    both.advance(377);
    let mut one = Session::new(setup, &[(MethodId::Rk4, None)], Precision::F32).unwrap();
    one.advance(377);
    one.insert(0, MethodId::Euler).unwrap();
    assert_eq!(one.tracks(), 2);
    assert_eq!(
        one.method(0).and_then(|m| m.builtin()),
        Some(MethodId::Euler)
    );
    for track in 0..=2 {
        let (a, b) = (one.history(track).unwrap(), both.history(track).unwrap());
        assert_eq!(a.rows(), b.rows());
        for c in 0..one.column_count() {
            assert_eq!(a.column(c), b.column(c), "track {track} column {c}");
        }
        assert_eq!(one.current(track), both.current(track));
    }
    // And they go on together.
    one.advance(100);
    both.advance(100);
    assert_eq!(one.current(0), both.current(0));
    assert_eq!(one.csv(1).unwrap(), both.csv(1).unwrap());
    one.remove(0).unwrap();
    assert_eq!(one.method(0).and_then(|m| m.builtin()), Some(MethodId::Rk4));
    assert!(one.remove(0).is_err(), "the last method stays");
}

/// The frame a scene keeps: the exact solution's extent over the whole run, from its closed form.
#[test]
fn truth_bounds_are_the_exact_solutions_extent_over_the_run() {
    // Fiedler's spring swings between ±x0 = ±1000 m (4000 samples over 55 periods find the troughs to
    // within a metre); a run of a third of a period reaches only part of it.
    let spring = Setup::defaults("spring").unwrap();
    let (lo, hi) = spring.truth_bounds(4000, &[0]).unwrap()[0];
    assert!(
        (lo + 1000.0).abs() < 1.0 && (hi - 1000.0).abs() < 1e-9,
        "{lo} {hi}"
    );
    let omega = 15f64.sqrt();
    let short = Setup::new(
        "spring",
        &[],
        Some(0.001),
        Some(std::f64::consts::PI / (3.0 * omega)),
    )
    .unwrap();
    let (lo, hi) = short.truth_bounds(4000, &[0]).unwrap()[0];
    // x(t) = 1000 cos ωt from 1000 down to 1000 cos(π/3) = 500.
    assert!(
        (lo - 500.0).abs() < 1e-6 && (hi - 1000.0).abs() < 1e-9,
        "{lo} {hi}"
    );
    // A jump: x from 0 to vx0·until, y from 0 up to the apex vy0²/(2g).
    let jump = Setup::defaults("projectile").unwrap();
    let b = jump.truth_bounds(4000, &[0, 1]).unwrap();
    let apex = 10.0f64.powi(2) / (2.0 * 9.81);
    assert!(
        b[0].0 == 0.0 && (b[0].1 - 5.0 * jump.until).abs() < 1e-9,
        "{b:?}"
    );
    assert!((b[1].1 - apex).abs() < 1e-3, "{b:?}");
    // A pendulum's truth is a reference run: no closed form to sample.
    assert!(Setup::defaults("pendulum")
        .unwrap()
        .truth_bounds(100, &[0])
        .is_none());
}

/// A nudged session's separations are the CSV's `separation` column, row for row, for a track there from the
/// start and for one ticked mid-run; a method that diverges ends its separations with its rows.
#[test]
fn a_nudged_session_measures_the_separation_the_csv_prints() {
    for (scenario, dt, until) in [("double-pendulum", 0.01, 15.0), ("spring", 0.1, 90.0)] {
        let mut s = session(
            scenario,
            &[MethodId::Rk4, MethodId::Euler],
            dt,
            until,
            Precision::F64,
        );
        s.nudge(1e-6).unwrap();
        s.advance(s.total_steps() / 2);
        s.insert(1, MethodId::VelocityVerlet).unwrap();
        s.advance(u64::MAX);
        let methods = [MethodId::Rk4, MethodId::VelocityVerlet, MethodId::Euler];
        let every = s.stride();
        let table = csv::to_string_nudged(
            s.setup(),
            &methods.map(Into::into),
            Precision::F64,
            every,
            1e-6,
        );
        for (k, m) in methods.iter().enumerate() {
            let printed: Vec<f64> = table
                .lines()
                .filter(|l| l.starts_with(&format!("{},", m.id())))
                .map(|l| l.rsplit(',').next().unwrap().parse().unwrap_or(f64::NAN))
                .collect();
            let kept = s.separation(k).unwrap();
            assert_eq!(kept.len(), printed.len(), "{scenario} {}", m.id());
            for (a, b) in kept.iter().zip(&printed) {
                assert!(
                    a == b || (a.is_nan() && b.is_nan()),
                    "{scenario} {}: {a} against {b}",
                    m.id()
                );
            }
        }
    }
    // Too late, or at steps of their own: refused.
    let mut s = session("spring", &[MethodId::Rk4], 0.1, 1.0, Precision::F64);
    s.advance(1);
    assert!(s.nudge(1e-6).is_err());
    let mut s = session("spring", &[MethodId::Rk4], 0.1, 1.0, Precision::F64);
    assert!(s.nudge(0.0).is_err());
    assert_eq!(s.separation(0), None);
}

/// The scene draws each twin where it is: from the nudged start, and at every step as far from its run as the
/// separation just recorded says.
#[test]
fn a_twin_is_drawn_where_its_separation_says() {
    let delta = 1e-3;
    let mut s = session(
        "double-pendulum",
        &[MethodId::Rk4, MethodId::Euler],
        0.01,
        20.0,
        Precision::F64,
    );
    assert_eq!(s.twin_current(0), None);
    s.nudge(delta).unwrap();
    let (run, twin) = (s.current(0).unwrap(), s.twin_current(0).unwrap());
    assert!(
        (twin[0] - run[0] - delta).abs() < 1e-15,
        "{} against {}",
        twin[0],
        run[0]
    );
    assert_eq!(&twin[1..], &run[1..]);
    let state = |v: &[f64]| State::new(v[..2].to_vec(), v[2..].to_vec());
    for _ in 0..10 {
        s.advance(s.stride() * 100);
        for k in 0..2 {
            let apart = chaos::separation(
                s.setup(),
                &state(s.current(k).unwrap()),
                &state(s.twin_current(k).unwrap()),
            );
            let recorded = *s.separation(k).unwrap().last().unwrap();
            assert!(
                apart == recorded || (apart.is_nan() && recorded.is_nan()),
                "track {k}: {apart} against {recorded}"
            );
        }
    }
    // By 20 s RK4's twin has visibly parted (chaos): the scene shows two pendulums, not one.
    assert!(*s.separation(0).unwrap().last().unwrap() > 0.1);
    // Its own stretch is read off the rows it recorded, up to a centimetre apart.
    let t = s.history(0).unwrap().column(0);
    let own = chaos::stretch(t, s.separation(0).unwrap(), chaos::PREDICTION_TOLERANCE);
    assert_eq!(s.stretch(0), own);
    assert!(own.is_some_and(|r| r > 0.0), "{own:?}");
}

/// The chain's frame comes from its modes turned sample by sample, not from the whole chain's closed form at
/// each time: the same samples, so the same bounds, to the rounding of 4000 turns, at every size and span.
#[test]
fn the_chains_truth_bounds_are_its_closed_form_sampled() {
    for (n, until) in [(2.0, 10.0), (10.0, 10.0), (100.0, 1000.0), (200.0, 3.7)] {
        let setup = Setup::new("spring-chain", &[("n".to_string(), n)], None, Some(until)).unwrap();
        let last = n as usize - 1;
        let positions = [0, 1, last / 2, last, last + 1];
        let fast = setup.truth_bounds(4000, &positions).unwrap();
        let plain = setup.sampled_truth_bounds(4000, &positions).unwrap();
        assert_eq!(fast[0], (0.0, 0.0), "the pinned mass stays put");
        assert!(
            fast[4].0.is_nan() && plain[4].0.is_nan(),
            "no mass past the chain"
        );
        // The free end starts at the pull, its farthest out, and moves in at once (only it feels a force at
        // the release); it passes its rest position once the release has crossed the chain to the pinned
        // end, at about √(k/m) = 31.6 masses a second: 200 masses take some 6.3 s, 10 well under 1 s.
        assert!((fast[3].1 - 0.1).abs() < 1e-12, "n = {n}: {:?}", fast[3]);
        assert_eq!(fast[3].0 < 0.0, until >= 10.0, "n = {n}: {:?}", fast[3]);
        for (k, (f, p)) in fast.iter().zip(&plain).enumerate().take(4) {
            assert!(
                (f.0 - p.0).abs() < 1e-12 && (f.1 - p.1).abs() < 1e-12,
                "n = {n}, until = {until}, position {}: turned {f:?}, sampled {p:?}",
                positions[k]
            );
        }
    }
}

/// The reference run's budget counts the steps it takes: each step of dt is `reference_substeps(dt)` RK4 steps
/// of at most 10⁻⁴ s, so a dt a hair over 10⁻⁴ s costs two a step, and a dt under it one a step, not a fraction.
#[test]
fn the_reference_budget_counts_the_steps_the_reference_takes() {
    use integrator_lab::run::{reference_substeps, MAX_REFERENCE_STEPS, REFERENCE_STEP};
    use integrator_lab::TruthRun;
    for dt in [1.5e-4, 1e-5, 1e-3, 0.01, 1.0 / 60.0] {
        let setup = Setup::new("pendulum", &[], Some(dt), Some(0.1)).unwrap();
        let h = TruthRun::new(&setup).reference_step().unwrap();
        let substeps = reference_substeps(dt);
        assert!(h <= REFERENCE_STEP * (1.0 + 1e-12), "dt = {dt}: h = {h}");
        assert!((h * substeps as f64 - dt).abs() <= 1e-15 * dt, "dt = {dt}");
        // The fewest: one fewer would step past 10⁻⁴ s.
        assert!(
            substeps == 1 || dt / (substeps - 1) as f64 > REFERENCE_STEP,
            "dt = {dt}"
        );
    }
    // The limit every count below is read against.
    assert_eq!(MAX_REFERENCE_STEPS, 10_000_000);
    let refused = |id: &str, dt: f64, until: f64| {
        Setup::new(id, &[], Some(dt), Some(until))
            .err()
            .map(|e| e.to_string())
    };
    for id in ["pendulum", "double-pendulum"] {
        // 1.5·10⁻⁴ s takes two reference steps a step: 999 s is 6,660,000 steps and 13,320,000 reference steps.
        // Its step, 7.5·10⁻⁵ s, is said; a dt of 2·10⁻⁴ s would take as many a step and fewer steps.
        let e = refused(id, 1.5e-4, 999.0).unwrap();
        assert_eq!(
            e,
            "until = 999 s needs a reference run of 13,320,000 steps (2 of 0.000075 s in each step of \
             dt); the limit is 10,000,000: lower until or raise dt"
        );
        // A whole number of 10⁻⁴ s: only a shorter run takes fewer.
        let e = refused(id, 0.01, 1001.0).unwrap();
        assert!(
            e.ends_with(
                "(100 of 0.0001 s in each step of dt); the limit is 10,000,000: lower until"
            ),
            "{id}: {e}"
        );
        // Half as long is within it: 6,660,000 (the most at this dt is 750 s).
        assert_eq!(refused(id, 1.5e-4, 499.5), None, "{id}");
        // 10⁻⁵ s takes one a step: 1000 s is 10⁸ steps (the run's own most) and as many reference steps.
        let e = refused(id, 1e-5, 1000.0).unwrap();
        assert!(
            e.contains("needs a reference run of 100,000,000 steps"),
            "{id}: {e}"
        );
        assert!(e.ends_with(": lower until or raise dt"), "{id}: {e}");
        assert_eq!(refused(id, 1e-5, 100.0), None, "{id}");
    }
}
