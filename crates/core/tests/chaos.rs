//! Chaos, measured: the double pendulum's largest Lyapunov exponent against an independent Benettin estimate
//! (its own equations of motion from the Lagrangian's mass matrix, its own RK4, its own renormalisation);
//! no exponent for motions that are not chaotic; the reference run's horizon where a second reference parts
//! from it.

use integrator_lab::chaos::{
    horizon, lyapunov, reference_uncertainty, Trust, CHAOTIC, HORIZON_TOLERANCE,
};
use integrator_lab::{analysis, chaos, csv, AnyRun, MethodId, Precision, Setup, StabilityLimit};

/// The double pendulum from its Lagrangian: M(θ)·θ'' = f(θ, ω), with
/// M = [[(m1+m2)l1², m2 l1 l2 cos Δ], [m2 l1 l2 cos Δ, m2 l2²]], Δ = θ1 − θ2,
/// f = [−m2 l1 l2 ω2² sin Δ − (m1+m2) g l1 sin θ1, m2 l1 l2 ω1² sin Δ − m2 g l2 sin θ2].
fn derivative(p: [f64; 5], y: [f64; 4]) -> [f64; 4] {
    let [l1, l2, m1, m2, g] = p;
    let [t1, t2, w1, w2] = y;
    let d = t1 - t2;
    let (a, b, c) = ((m1 + m2) * l1 * l1, m2 * l1 * l2 * d.cos(), m2 * l2 * l2);
    let f1 = -m2 * l1 * l2 * w2 * w2 * d.sin() - (m1 + m2) * g * l1 * t1.sin();
    let f2 = m2 * l1 * l2 * w1 * w1 * d.sin() - m2 * g * l2 * t2.sin();
    let det = a * c - b * b;
    [w1, w2, (c * f1 - b * f2) / det, (a * f2 - b * f1) / det]
}

fn rk4(p: [f64; 5], y: [f64; 4], h: f64) -> [f64; 4] {
    let add = |y: [f64; 4], k: [f64; 4], s: f64| std::array::from_fn(|i| y[i] + s * k[i]);
    let k1 = derivative(p, y);
    let k2 = derivative(p, add(y, k1, h / 2.0));
    let k3 = derivative(p, add(y, k2, h / 2.0));
    let k4 = derivative(p, add(y, k3, h));
    std::array::from_fn(|i| y[i] + h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]))
}

/// Benettin, written afresh: δ on coordinate `on` of (θ1, θ2, ω1, ω2), renormalised every `every` s, over
/// `span` s.
fn benettin(
    p: [f64; 5],
    y0: [f64; 4],
    on: usize,
    span: f64,
    every: f64,
    delta: f64,
    h: f64,
) -> f64 {
    let (mut y, mut z) = (y0, y0);
    z[on] += delta;
    let per = (every / h).round() as usize;
    let rounds = (span / every).round() as usize;
    let mut sum = 0.0;
    for _ in 0..rounds {
        for _ in 0..per {
            y = rk4(p, y, h);
            z = rk4(p, z, h);
        }
        let d = (0..4).map(|i| (z[i] - y[i]).powi(2)).sum::<f64>().sqrt();
        sum += (d / delta).ln();
        z = std::array::from_fn(|i| y[i] + (z[i] - y[i]) * delta / d);
    }
    sum / (rounds as f64 * every)
}

fn default_pendulum() -> (Setup, [f64; 5], [f64; 4]) {
    let s = Setup::defaults("double-pendulum").unwrap();
    let p = ["L1", "L2", "m1", "m2", "g"].map(|n| s.params.get(n));
    let start = s.initial();
    (s, p, [start.x[0], start.x[1], start.v[0], start.v[1]])
}

/// At the default release (both arms at 2 rad) λ ≈ 1.3–1.4 /s. Two runs that differ by round-off part after
/// some 25 s and then sample the motion differently, so a 1000-s exponent carries a few per cent of its own
/// spread: the estimate written here, nudging each of the four coordinates in turn, measures that spread,
/// and the lab's exponent lies within it (3 % either side). The lab's at half the step agrees within 5 %.
#[test]
fn the_double_pendulums_exponent_is_benettins() {
    let (s, p, y0) = default_pendulum();
    let lab = lyapunov(&s, 1000.0, 0.1, 1e-9, 1e-3).unwrap();
    // Each from a start moved by round-off's size (k·1e-13 rad on θ1): a run of its own after some 25 s.
    let ours: Vec<f64> = (0..6)
        .map(|k| {
            let mut start = y0;
            start[0] += k as f64 * 1e-13;
            benettin(p, start, k % 4, 1000.0, 0.1, 1e-9, 1e-3)
        })
        .collect();
    let (low, high) = ours
        .iter()
        .fold((f64::INFINITY, 0f64), |(l, h), &x| (l.min(x), h.max(x)));
    println!("lab {} ours {ours:?}", lab.exponent);
    assert!(
        lab.exponent >= 0.97 * low && lab.exponent <= 1.03 * high,
        "lab {} against {ours:?}",
        lab.exponent
    );
    assert!(high / low < 1.15, "the estimates' own spread: {ours:?}");
    assert!(lab.exponent > 1.0 && lab.exponent < 1.7, "{}", lab.exponent);
    let half = lyapunov(&s, 1000.0, 0.1, 1e-9, 5e-4).unwrap();
    assert!(
        (half.exponent - lab.exponent).abs() <= 0.05 * lab.exponent,
        "h = 1e-3: {}, h = 5e-4: {}",
        lab.exponent,
        half.exponent
    );
}

/// The exponent is the motion's, not the method's: RK4, Forest–Ruth and velocity Verlet, each at h = 1e-3 s
/// and 5e-4 s, follow the motion closely enough to measure the same λ (each within 5 % of RK4's at 1e-3; a
/// 1000-s exponent from one start scatters by a few per cent with the arithmetic, as the test above shows).
#[test]
fn methods_that_follow_the_motion_agree_on_the_exponent() {
    let (s, _, _) = default_pendulum();
    let rk4 = lyapunov(&s, 1000.0, 0.1, 1e-9, 1e-3).unwrap().exponent;
    for method in [
        MethodId::Rk4,
        MethodId::ForestRuth,
        MethodId::VelocityVerlet,
    ] {
        for h in [1e-3, 5e-4] {
            let l = chaos::lyapunov_with(&s, method, 1000.0, 0.1, 1e-9, h)
                .unwrap()
                .exponent;
            println!("{method:?} at {h}: {l}");
            assert!(
                (l - rk4).abs() <= 0.05 * rk4,
                "{method:?} at h = {h}: {l} against RK4's {rk4}"
            );
        }
    }
}

/// A single twin pair's own stretch, from nudges of 1e-6 to 1e-12 rad, is a finite-time exponent: each lies
/// near the long-run λ (within 25 %), and they scatter about their mean by the ±15 % such exponents do.
#[test]
fn single_pairs_stretch_scatters_about_the_exponent() {
    let (s, _, _) = default_pendulum();
    let lambda = lyapunov(&s, 1000.0, 0.1, 1e-9, 1e-3).unwrap().exponent;
    let fits: Vec<f64> = (6..=12)
        .map(|d| chaos::pair_stretch(&s, 10f64.powi(-d), 1e-3, 0.1, 60.0).unwrap())
        .collect();
    println!("λ {lambda}, fits {fits:?}");
    let mean = fits.iter().sum::<f64>() / fits.len() as f64;
    for f in &fits {
        assert!(
            (f - lambda).abs() < 0.25 * lambda,
            "{f} against λ = {lambda}"
        );
        assert!(
            (f - mean).abs() < 0.15 * mean,
            "{f} against their mean {mean}"
        );
    }
}

/// The single pendulum and the spring are not chaotic: over 1000 s a nudge grows at most like a power of
/// time, and the measured rate stays below the line the lab draws (ln(T)/T ≈ 0.007 /s for linear growth).
#[test]
fn no_exponent_for_motions_that_are_not_chaotic() {
    for id in ["pendulum", "spring"] {
        let s = Setup::defaults(id).unwrap();
        let l = lyapunov(&s, 1000.0, 0.1, 1e-9, 1e-3).unwrap();
        assert!(l.exponent < CHAOTIC, "{id}: {}", l.exponent);
    }
}

/// The reference the lab measures errors against is good to a milliradian only for a while on the double
/// pendulum: a second reference at half its step parts from it before 26 s (the independent
/// 40-digit computation put the reference's error at 1e-2 rad near 24 s), and not before 10 s; on the single
/// pendulum it stays far below the tolerance over the whole default run.
#[test]
fn the_reference_has_a_horizon_on_the_double_pendulum_only() {
    let s = Setup::new("double-pendulum", &[], Some(0.01), Some(40.0)).unwrap();
    let u = reference_uncertainty(&s).unwrap();
    let at = horizon(&s, &u, HORIZON_TOLERANCE).expect("a horizon within 40 s");
    assert!(at > 10.0 && at < 26.0, "{at}");
    // Growing as chaos does: a thousandth of the tolerance is passed ln(1000)/λ ≈ 5 s earlier, give or take.
    let early = horizon(&s, &u, HORIZON_TOLERANCE / 1000.0).unwrap();
    assert!(at - early > 2.5 && at - early < 9.0, "{early} → {at}");
    let single = Setup::defaults("pendulum").unwrap();
    let u = reference_uncertainty(&single).unwrap();
    assert_eq!(horizon(&single, &u, HORIZON_TOLERANCE), None);
    assert!(reference_uncertainty(&Setup::defaults("spring").unwrap()).is_none());
}

/// The reference's uncertainty and horizon, reproduced with the equations written here: RK4 at the
/// reference's step (1e-4 s) and at half of it part by a milliradian within half a second of where the lab
/// says (their round-off differs from the lab's, and chaos grows it); it falls before the times an
/// independent computation in 40–50 digits gives; and the CSV leaves the reference's cells and the errors
/// empty from the lab's horizon on.
#[test]
fn the_references_horizon_is_where_two_references_part() {
    let (s, p, y0) = default_pendulum();
    let s = Setup::new("double-pendulum", &[], Some(s.dt), Some(30.0)).unwrap();
    let trust = Trust::of(&s).unwrap();
    let (mut a, mut b) = (y0, y0);
    let mut parted = None;
    for n in 1..=s.steps() {
        for _ in 0..100 {
            a = rk4(p, a, 1e-4);
        }
        for _ in 0..200 {
            b = rk4(p, b, 5e-5);
        }
        let u = (a[0] - b[0]).abs().max((a[1] - b[1]).abs());
        let lab = trust.uncertainty[n as usize];
        // The two runs' round-off differs from the lab's (the order of operations), and chaos grows it: they
        // agree within a factor of 3 once the uncertainty is past round-off.
        if u > 1e-10 && parted.is_none() {
            assert!(
                u < 3.0 * lab && lab < 3.0 * u,
                "step {n}: {u} against {lab}"
            );
        }
        if parted.is_none() && u > HORIZON_TOLERANCE {
            parted = Some(n);
        }
    }
    let step = parted.expect("a horizon within 30 s");
    let lab = trust.horizon.expect("the lab's horizon within 30 s");
    assert!(step.abs_diff(lab) <= 50, "{step} against the lab's {lab}");
    assert!((1900..2300).contains(&step), "{step}");
    // On the safe side of the truth, as a computation in 40–50 digits places it: the reference's own error
    // passes 1e-6 rad at 17.2 s and 1e-2 rad at about 24 s; the pair parts earlier, by one or two seconds.
    let early = horizon(&s, &trust.uncertainty, 1e-6).unwrap();
    assert!((14.5..17.2).contains(&early), "{early}");
    let late = horizon(&s, &trust.uncertainty, 1e-2).unwrap();
    assert!((21.5..24.0).contains(&late), "{late}");

    let table = csv::to_string(&s, &[MethodId::Rk4], Precision::F64, 1);
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.last(), Some(&"reference_uncertainty"));
    let error = header.iter().position(|c| *c == "error").unwrap();
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let n: u64 = cells[1].parse().unwrap();
        let known = n < lab;
        for (name, cell) in header.iter().zip(&cells) {
            if name.starts_with("reference_") && *name != "reference_uncertainty"
                || *name == "error"
            {
                assert_eq!(cell.is_empty(), !known, "step {n}, {name}: {cell:?}");
            }
        }
        let u: f64 = cells[header.len() - 1].parse().unwrap();
        assert_eq!(u, trust.uncertainty[n as usize]);
        if known {
            assert!(cells[error].parse::<f64>().unwrap().is_finite());
        }
    }
}

/// Where the truth is exact there is no uncertainty: the spring's table has no such column.
#[test]
fn an_exact_truth_has_no_uncertainty_column() {
    let s = Setup::defaults("spring").unwrap();
    assert!(Trust::of(&s).is_none());
    assert!(csv::header(&s).ends_with(",error"));
    let single = Setup::defaults("pendulum").unwrap();
    let trust = Trust::of(&single).unwrap();
    assert_eq!(trust.horizon, None);
    assert!(csv::header(&single).ends_with(",error,reference_uncertainty"));
}

/// Orders are fitted only where the reference is known: a study of the double pendulum over 30 s measures its
/// errors up to the reference's horizon and no further, and says where it stopped; one over the default
/// 20 s, inside the horizon, measures the whole run; the spring's exact truth has no horizon.
#[test]
fn studies_stop_at_the_references_horizon() {
    let long = Setup::new("double-pendulum", &[], Some(0.01), Some(30.0)).unwrap();
    let trust = Trust::of(&long).unwrap();
    let past = trust.horizon.unwrap();
    let study = analysis::study(&long, &[MethodId::Rk4], Precision::F64, 2).unwrap();
    let measured = study[0].points[0].steps;
    assert!(measured < past, "{measured} steps, horizon at step {past}");
    assert!(trust.uncertainty[..=measured as usize]
        .iter()
        .all(|u| *u <= HORIZON_TOLERANCE));
    let said = study[0].horizon.unwrap();
    assert!((said - measured as f64 * 0.01).abs() < 1e-9, "{said}");
    for s in [
        Setup::defaults("double-pendulum").unwrap(),
        Setup::defaults("spring").unwrap(),
    ] {
        let study = analysis::study(&s, &[MethodId::Rk4], Precision::F64, 2).unwrap();
        assert_eq!(study[0].horizon, None);
        assert_eq!(study[0].points[0].steps, s.steps());
    }
}

/// The separation column of a nudged run, by row: (t, separation).
fn separations(setup: &Setup, method: MethodId, nudge: f64) -> Vec<(f64, f64)> {
    let table = csv::to_string_nudged(setup, &[method.into()], Precision::F64, 1, nudge);
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.last(), Some(&"separation"));
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (
                cells[2].parse().unwrap(),
                cells[header.len() - 1].parse().unwrap(),
            )
        })
        .collect()
}

/// A nudge of 1e-9 rad on the upper arm moves the lower bob by L1·1e-9 m at once, and it grows as chaos does:
/// the bob is 1 cm off after about 12–14 s (an independent measurement); RK4 at dt = 1e-3 follows the motion.
#[test]
fn a_nudged_double_pendulum_parts_by_a_centimetre_in_some_13_seconds() {
    let s = Setup::new("double-pendulum", &[], Some(1e-3), Some(20.0)).unwrap();
    let rows = separations(&s, MethodId::Rk4, 1e-9);
    // At the start only the upper angle differs: the lower bob moves as the upper one, along its arc, by L1·δ.
    let moved = s.params.get("L1") * 1e-9;
    assert!(
        (rows[0].1 - moved).abs() < 1e-3 * moved,
        "{} against {moved}",
        rows[0].1
    );
    let parted = rows
        .iter()
        .find(|(_, d)| *d > 0.01)
        .expect("parted within 20 s")
        .0;
    assert!((11.0..15.0).contains(&parted), "{parted}");
    // The worksheet's `parting-time` is the CSV's first crossing, to the step.
    let first = chaos::first_parting(&s, MethodId::Rk4, Precision::F64, 1e-9, 0.01).unwrap();
    assert!((first - parted).abs() < 1e-9, "{first} against {parted}");
    // A run too short to part has no parting time, rather than a made-up one.
    let short = Setup::new("double-pendulum", &[], Some(1e-3), Some(5.0)).unwrap();
    assert_eq!(
        chaos::first_parting(&short, MethodId::Rk4, Precision::F64, 1e-9, 0.01),
        None
    );
}

/// The contrast: on the spring a stable method keeps a nudge as it is (the motion is linear: no growth past a
/// bounded factor), while explicit Euler grows it by √(1 + (ω·dt)²) a step, its own instability: a rate of
/// ln(1 + (ω·dt)²)/(2·dt) per second.
#[test]
fn on_the_spring_only_an_unstable_method_grows_a_nudge() {
    let s = Setup::defaults("spring").unwrap();
    let delta = 1e-6;
    let rows = separations(&s, MethodId::VelocityVerlet, delta);
    let most = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    assert!(most < 2.0 * delta, "{most}");
    let omega_dt = s.omega_dt().unwrap();
    let rate = (1.0 + omega_dt * omega_dt).ln() / (2.0 * s.dt);
    let rows = separations(&s, MethodId::Euler, delta);
    // The envelope over the first and the last period of the run.
    let period = (2.0 * std::f64::consts::PI / omega_dt).ceil() as usize;
    let envelope = |r: &[(f64, f64)]| r.iter().map(|r| r.1).fold(0.0, f64::max);
    let (first, last) = (
        envelope(&rows[..period]),
        envelope(&rows[rows.len() - period..]),
    );
    let span = rows[rows.len() - period].0 - rows[0].0;
    let measured = (last / first).ln() / span;
    assert!(
        (measured - rate).abs() < 0.02 * rate,
        "{measured} against {rate}"
    );
}

/// The contrast with chaos: on the single pendulum and the spring, every method that is stable at the
/// default step (as the lab states its limits) keeps a nudge's growth at most linear in time (the envelope
/// over the run's second half is at most about twice that over its second quarter: linear growth gives 2, an
/// exponent λ would give e^(λ·T/2)); explicit Euler, unstable on the spring, grows it exponentially there.
#[test]
fn off_the_double_pendulum_a_nudge_grows_at_most_linearly() {
    for id in ["pendulum", "spring"] {
        let s = Setup::defaults(id).unwrap();
        let omega_dt = s.omega_dt().unwrap();
        for fact in analysis::facts_on(&s) {
            let rows = separations(&s, fact.method, 1e-6);
            let n = rows.len();
            let envelope = |r: &[(f64, f64)]| r.iter().map(|r| r.1).fold(0.0, f64::max);
            let ratio = envelope(&rows[n / 2..]) / envelope(&rows[n / 4..n / 2]);
            let stable = match fact.stability {
                Some(StabilityLimit::Below(h)) => omega_dt < h,
                Some(StabilityLimit::Unbounded) => true,
                _ => false,
            };
            println!("{id} {:?} (stable: {stable}): {ratio}", fact.method);
            if stable {
                assert!(ratio < 2.5, "{id}, {:?}: {ratio}", fact.method);
            }
        }
        // Unstable at every step on the spring (its rate, checked above, is 0.70 /s).
        if id == "spring" {
            let rows = separations(&s, MethodId::Euler, 1e-6);
            let n = rows.len();
            let envelope = |r: &[(f64, f64)]| r.iter().map(|r| r.1).fold(0.0, f64::max);
            assert!(envelope(&rows[n / 2..]) > 10.0 * envelope(&rows[n / 4..n / 2]));
        }
    }
}

/// When two runs of the double pendulum first part by `tolerance` in an angle, each stepped with RK4 at its
/// dt in its precision from the default release (up to `until`).
fn parting(a: (f64, Precision), b: (f64, Precision), tolerance: f64, until: f64) -> Option<f64> {
    let run = |(dt, p): (f64, Precision)| {
        let s = Setup::new("double-pendulum", &[], Some(dt), Some(until)).unwrap();
        (AnyRun::new(&s, MethodId::Rk4, p), s)
    };
    let ((mut ra, sa), (mut rb, sb)) = (run(a), run(b));
    let (mut x, mut y) = (sa.initial(), sb.initial());
    // Compared on the coarser grid.
    let (ka, kb) = if a.0 >= b.0 {
        (1, (a.0 / b.0).round() as u64)
    } else {
        ((b.0 / a.0).round() as u64, 1)
    };
    let dt = a.0.max(b.0);
    for n in 1..=(until / dt).round() as u64 {
        for _ in 0..ka {
            ra.step();
        }
        for _ in 0..kb {
            rb.step();
        }
        ra.state_into(&mut x);
        rb.state_into(&mut y);
        let apart = (x.x[0] - y.x[0]).abs().max((x.x[1] - y.x[1]).abs());
        // A run gone to NaN has parted too.
        if apart > tolerance || apart.is_nan() {
            return Some(n as f64 * dt);
        }
    }
    None
}

/// A reference computed in f32 ("a game's float") loses its accuracy far sooner than the f64 one: against
/// the f64 reference (RK4 at h = 1e-4 s) it is 1e-2 rad off after some 7 s, where the f64 reference itself
/// is good to 1e-2 until about 23–24 s. The ratio of the two horizons follows the digits each keeps,
/// ln(tol/ε32)/ln(tol/ε64) = 0.36, within the spread chaos leaves. But a run at the lab's default dt = 0.01 s
/// is no worse in f32: there the step's own error dwarfs the rounding, and the f32 run parts from the
/// reference no sooner than the f64 one (measured: 10.3 s against 8.7 s; which is later is chaos's choice).
#[test]
fn an_f32_reference_has_a_far_shorter_horizon() {
    let tolerance = 1e-2;
    let f32_reference = parting(
        (1e-4, Precision::F32),
        (1e-4, Precision::F64),
        tolerance,
        30.0,
    )
    .unwrap();
    let s = Setup::new("double-pendulum", &[], Some(0.01), Some(30.0)).unwrap();
    let f64_reference = horizon(&s, &Trust::of(&s).unwrap().uncertainty, tolerance).unwrap();
    let ratio = f32_reference / f64_reference;
    let digits = (tolerance / f32::EPSILON as f64).ln() / (tolerance / f64::EPSILON).ln();
    assert!(
        f32_reference > 3.0 && f32_reference < 12.0,
        "{f32_reference}"
    );
    assert!(
        (ratio - digits).abs() < 0.15,
        "{f32_reference} / {f64_reference} = {ratio} against {digits}"
    );
    let in_f32 = parting(
        (0.01, Precision::F32),
        (1e-4, Precision::F64),
        tolerance,
        30.0,
    )
    .unwrap();
    let in_f64 = parting(
        (0.01, Precision::F64),
        (1e-4, Precision::F64),
        tolerance,
        30.0,
    )
    .unwrap();
    assert!(in_f32 > in_f64 - 1.0, "f32 {in_f32} against f64 {in_f64}");
}

/// A run's own stretch is the slope of ln(separation) up to the tolerance: exact on an exponential that then
/// levels off; on the nudged double pendulum near the long-run exponent (single-pair fits scatter by some
/// ±15 %); on the spring, explicit Euler's own rate ln(1 + (ω·dt)²)/(2·dt), and nothing for a stable method.
#[test]
fn a_runs_own_stretch_is_its_separations_exponential_slope() {
    let t: Vec<f64> = (0..400).map(|k| k as f64 * 0.05).collect();
    let d: Vec<f64> = t
        .iter()
        .map(|t| (1e-9 * (1.3 * t).exp()).min(1.0))
        .collect();
    let fitted = chaos::stretch(&t, &d, chaos::PREDICTION_TOLERANCE).unwrap();
    assert!((fitted - 1.3).abs() < 1e-9, "{fitted}");
    assert_eq!(chaos::stretch(&t[..3], &d[..3], 1e-2), None);

    let s = Setup::new("double-pendulum", &[], Some(1e-3), Some(20.0)).unwrap();
    let rows = separations(&s, MethodId::Rk4, 1e-9);
    let (t, d): (Vec<f64>, Vec<f64>) = rows.into_iter().unzip();
    let own = chaos::stretch(&t, &d, chaos::PREDICTION_TOLERANCE).unwrap();
    let lambda = chaos::lyapunov(&s, 300.0, 0.1, 1e-9, 1e-3)
        .unwrap()
        .exponent;
    println!("own stretch {own:.3} /s against λ = {lambda:.3} /s");
    assert!(
        (own - lambda).abs() < 0.25 * lambda,
        "{own} against {lambda}"
    );

    let spring = Setup::defaults("spring").unwrap();
    let omega_dt = spring.omega_dt().unwrap();
    let rate = (1.0 + omega_dt * omega_dt).ln() / (2.0 * spring.dt);
    let (t, d): (Vec<f64>, Vec<f64>) = separations(&spring, MethodId::Euler, 1e-6)
        .into_iter()
        .unzip();
    let euler = chaos::stretch(&t, &d, chaos::PREDICTION_TOLERANCE).unwrap();
    // The separation oscillates within its growing envelope: the fit follows the envelope's rate loosely.
    assert!((euler - rate).abs() < 0.1 * rate, "{euler} against {rate}");
    let (t, d): (Vec<f64>, Vec<f64>) = separations(&spring, MethodId::VelocityVerlet, 1e-6)
        .into_iter()
        .unzip();
    let verlet = chaos::stretch(&t, &d, chaos::PREDICTION_TOLERANCE).unwrap();
    assert!(verlet.abs() < chaos::CHAOTIC, "{verlet}");

    // What the page says beside the fit: λ, the horizon and a digit's worth where the motion is chaotic;
    // no exponent where it is not.
    let measured = chaos::Lyapunov {
        exponent: lambda,
        span: 300.0,
    };
    let said = chaos::prediction_words(&measured, 1e-9);
    let horizon = (1e-2f64 / 1e-9).ln() / lambda;
    assert!(
        said.contains(&format!("{horizon:.1}")),
        "{said} ({horizon})"
    );
    let pendulum = Setup::defaults("pendulum").unwrap();
    let calm = chaos::lyapunov(&pendulum, 300.0, 0.1, 1e-9, 1e-3).unwrap();
    assert!(chaos::prediction_words(&calm, 1e-9).contains("no exponent"));
}
