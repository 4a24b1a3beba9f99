//! Chaos, measured: how far the reference run that stands in for the truth can be trusted (its uncertainty,
//! from a second reference at half its step, and its horizon for a tolerance), and the largest Lyapunov
//! exponent of the true motion, by Benettin's renormalisation.
//!
//! Where the truth is a closed form there is nothing to measure: it is exact at every time. Where it is a
//! reference run (the pendulums), the reference's own error grows with the motion's sensitivity: on the
//! double pendulum, released at 2 rad, every missing digit costs about ln 10/λ ≈ 1.7 s.

use crate::methods::{Integrator, MethodId};
use crate::scenarios::{Scene, Truth};
use crate::{Error, Setup, State, System};

/// The reference's uncertainty along a run: at each step of the setup, the largest difference of a position
/// coordinate between the reference (steps of at most `REFERENCE_STEP`, as the truth takes them) and a second
/// reference at half its step. It errs on the safe side: the half-step reference is the better one, so the
/// difference is about the first's error.
pub fn reference_uncertainty(setup: &Setup) -> Option<Vec<f64>> {
    if setup.scenario.info().truth != Truth::Reference {
        return None;
    }
    let mut truth = setup.truth();
    let system = setup.system();
    let h = truth.reference_step().expect("a reference run");
    let mut fine = Stepper::new(&system, MethodId::Rk4, setup.initial(), h / 2.0);
    let mut state = setup.initial();
    let mut out = vec![0.0];
    for n in 1..=setup.steps() {
        truth.at_into(n, &mut state);
        fine.to(n as f64 * setup.dt);
        out.push(
            state
                .x
                .iter()
                .zip(&fine.state.x)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max),
        );
    }
    Some(out)
}

/// Where the reference stops being good to `tolerance` (in the positions' unit): the first time its
/// uncertainty passes it, if it does within the run.
pub fn horizon(setup: &Setup, uncertainty: &[f64], tolerance: f64) -> Option<f64> {
    horizon_step(uncertainty, tolerance).map(|n| n as f64 * setup.dt)
}

/// The first step whose uncertainty passes `tolerance` (or is not a number).
fn horizon_step(uncertainty: &[f64], tolerance: f64) -> Option<u64> {
    uncertainty
        .iter()
        .position(|u| *u > tolerance || u.is_nan())
        .map(|n| n as u64)
}

/// What a reference run's numbers are worth along a run: its uncertainty at every step, and the first step
/// past its horizon for [`HORIZON_TOLERANCE`]. From there on the reference, and any error measured against
/// it, is not known to the tolerance.
#[derive(Clone, Debug, PartialEq)]
pub struct Trust {
    /// [`reference_uncertainty`] at each step of the setup, step 0 first.
    pub uncertainty: Vec<f64>,
    /// The first step past the horizon, if the run reaches it.
    pub horizon: Option<u64>,
    /// The positions' unit, in which both are measured (rad on the pendulums).
    pub unit: &'static str,
}

impl Trust {
    /// The trust of a setup's truth, where it is a reference run (none where it is exact).
    pub fn of(setup: &Setup) -> Option<Trust> {
        let uncertainty = reference_uncertainty(setup)?;
        let horizon = horizon_step(&uncertainty, HORIZON_TOLERANCE);
        Some(Trust {
            uncertainty,
            horizon,
            unit: setup.scenario.info().position_unit,
        })
    }

    /// Whether the reference is known to the tolerance at `step`.
    pub fn known(&self, step: u64) -> bool {
        self.horizon.is_none_or(|h| step < h)
    }

    /// What the reference is worth over a run of step `dt`, in words, as the CLI and the page say it.
    pub fn note(&self, dt: f64) -> String {
        match self.horizon {
            Some(step) => format!(
                "the reference run is good to {HORIZON_TOLERANCE:e} {} only until t = {} s (a reference at \
                 half its step parts from it there): past it, the reference, and every error measured against \
                 it, is not known to that",
                self.unit,
                crate::format::significant(step as f64 * dt, 3)
            ),
            None => format!(
                "the reference run stays within {} {} of one at half its step over the whole run",
                crate::format::significant(
                    self.uncertainty
                        .iter()
                        .copied()
                        .fold(0.0, f64::max)
                        .max(f64::MIN_POSITIVE),
                    2
                ),
                self.unit
            ),
        }
    }
}

/// The largest nudge a twin run may start with, in the first coordinate's unit: a nudge is a small change.
pub const MAX_NUDGE: f64 = 0.1;

/// Checks a nudge: a number, not zero, at most [`MAX_NUDGE`] either way.
pub fn check_nudge(delta: f64) -> Result<f64, Error> {
    if delta.is_finite() && delta != 0.0 && delta.abs() <= MAX_NUDGE {
        Ok(delta)
    } else {
        Err(Error::OutOfRange {
            name: "nudge".into(),
            value: delta,
            range: format!(
                "a small change of the first coordinate: not 0, and at most {MAX_NUDGE} either way"
            ),
        })
    }
}

/// How far apart two states of a setup are, as the eye sees it: the distance between the lower bobs of a
/// pendulum (in m), else between the positions (|Δx| in one dimension).
pub fn separation(setup: &Setup, a: &State<f64>, b: &State<f64>) -> f64 {
    match setup.scenario.info().scene {
        Scene::Pendulum { lengths } => {
            // The core's sine and cosine (crate::math): the page's and the CLI's separations agree to the bit.
            let bob = |s: &State<f64>| {
                lengths
                    .iter()
                    .enumerate()
                    .fold((0.0, 0.0), |(x, y), (i, name)| {
                        let l = setup.params.get(name);
                        let (sin, cos) = crate::math::sin_cos(s.x[i]);
                        (x + l * sin, y - l * cos)
                    })
            };
            let ((ax, ay), (bx, by)) = (bob(a), bob(b));
            ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt()
        }
        _ => {
            a.x.iter()
                .zip(&b.x)
                .map(|(p, q)| (p - q).powi(2))
                .sum::<f64>()
                .sqrt()
        }
    }
}

/// How far a run, at `state` after `steps` steps, is from its `twin` (read into `scratch`): NaN once the twin
/// has stopped short of it (diverged), when there is nothing to measure against.
pub fn separation_from(
    setup: &Setup,
    state: &State<f64>,
    steps: u64,
    twin: &crate::AnyRun,
    scratch: &mut State<f64>,
) -> f64 {
    if twin.steps() < steps {
        return f64::NAN;
    }
    twin.state_into(scratch);
    separation(setup, state, scratch)
}

/// A method's run and its twin from the first coordinate + `delta`: their [`separation`] after each step of
/// the setup (the lower bobs' distance on a pendulum), up to where either stops (diverges). Stepped as it is
/// read: a reader who stops early (the first parting) steps no further.
pub fn separations<'a>(
    setup: &'a Setup,
    method: impl Into<crate::Method>,
    precision: crate::Precision,
    delta: f64,
) -> impl Iterator<Item = f64> + 'a {
    let method: crate::Method = method.into();
    let mut run = crate::AnyRun::new(setup, method.clone(), precision);
    let mut twin = crate::AnyRun::nudged(setup, method, precision, delta);
    let (mut state, mut scratch) = (setup.initial(), setup.initial());
    let mut n = 0;
    std::iter::from_fn(move || {
        if n >= setup.steps() || !(run.step() && twin.step()) {
            return None;
        }
        n += 1;
        run.state_into(&mut state);
        Some(separation_from(setup, &state, n, &twin, &mut scratch))
    })
    .fuse()
}

/// When a method's run and its twin first part by more than `apart` (see [`separations`]), within the setup's
/// run; None where they stay together, or either stops (diverges) first.
pub fn first_parting(
    setup: &Setup,
    method: impl Into<crate::Method>,
    precision: crate::Precision,
    delta: f64,
    apart: f64,
) -> Option<f64> {
    separations(setup, method, precision, delta)
        .position(|d| d > apart)
        .map(|i| (i + 1) as f64 * setup.dt)
}

/// What the separation is, in words, for a scenario: the CSV's and the chart's unit.
pub fn separation_words(setup: &Setup) -> &'static str {
    match setup.scenario.info().scene {
        Scene::Pendulum { lengths } if lengths.len() > 1 => {
            "the distance between the lower bobs, in m"
        }
        Scene::Pendulum { .. } => "the distance between the bobs, in m",
        _ if setup.coordinates().positions.len() == 1 => "|Δx|, the distance between the positions",
        _ => "the distance between the positions",
    }
}

/// The tolerance the lab states a reference's horizon for: a milliradian on the pendulums' angles.
pub const HORIZON_TOLERANCE: f64 = 1e-3;

/// The setup's start and its twin, the first coordinate moved by `delta`, each ready to step with `method` at
/// `h`.
fn twins<'a>(
    system: &'a System<f64>,
    setup: &Setup,
    method: MethodId,
    delta: f64,
    h: f64,
) -> (Stepper<'a>, Stepper<'a>) {
    let start = setup.initial();
    let mut twin = start.clone();
    twin.x[0] += delta;
    (
        Stepper::new(system, method, start, h),
        Stepper::new(system, method, twin, h),
    )
}

/// A method stepping from a state, at a fixed step, to any time on its grid.
struct Stepper<'a> {
    system: &'a System<f64>,
    method: Box<dyn Integrator<f64>>,
    state: State<f64>,
    h: f64,
    done: u64,
}

impl<'a> Stepper<'a> {
    fn new(system: &'a System<f64>, method: MethodId, state: State<f64>, h: f64) -> Self {
        let mut method = method.build(system.dim);
        method.start(system, 0.0, &state);
        Stepper {
            system,
            method,
            state,
            h,
            done: 0,
        }
    }

    /// Steps on to time `t` (rounded to the step's grid).
    fn to(&mut self, t: f64) {
        let target = (t / self.h).round() as u64;
        while self.done < target {
            let now = self.done as f64 * self.h;
            self.method.step(self.system, now, self.h, &mut self.state);
            self.done += 1;
        }
    }
}

/// The largest Lyapunov exponent of the true motion, as Benettin measures it: a twin run from the first
/// angle (or coordinate) + `delta`, the two stepped with RK4 at `h`; every `every` seconds the separation in
/// the whole state (positions and velocities) is measured, its logarithmic growth added up, and the twin set
/// back to `delta` from the run along the same direction. The exponent is the sum over the span.
#[derive(Clone, Debug, PartialEq)]
pub struct Lyapunov {
    /// The exponent, in 1/s: the mean logarithmic growth rate over the span.
    pub exponent: f64,
    /// The span it was measured over, in s.
    pub span: f64,
}

/// Measures [`Lyapunov`] over `span` seconds, stepping with RK4. Refused for steps or spans that are not
/// positive.
pub fn lyapunov(
    setup: &Setup,
    span: f64,
    every: f64,
    delta: f64,
    h: f64,
) -> Result<Lyapunov, Error> {
    lyapunov_with(setup, MethodId::Rk4, span, every, delta, h)
}

/// [`lyapunov`], stepping with `method`: a method accurate enough to follow the motion at `h` measures the
/// same exponent (the motion's, not the method's).
pub fn lyapunov_with(
    setup: &Setup,
    method: MethodId,
    span: f64,
    every: f64,
    delta: f64,
    h: f64,
) -> Result<Lyapunov, Error> {
    for (name, value) in [("span", span), ("every", every), ("delta", delta), ("h", h)] {
        if !(value.is_finite() && value > 0.0) {
            return Err(Error::Inconsistent(format!(
                "{name} must be a positive number, not {value}"
            )));
        }
    }
    let steps = (span / h).round();
    if steps > 1e9 {
        return Err(Error::Inconsistent(format!(
            "{} steps of {h} s: too many (at most 1e9)",
            crate::format::number(steps)
        )));
    }
    let system = setup.system();
    let (mut run, mut other) = twins(&system, setup, method, delta, h);
    let renormalisations = (span / every).round().max(1.0) as u64;
    let mut sum = 0.0;
    for k in 1..=renormalisations {
        let t = k as f64 * every;
        run.to(t);
        other.to(t);
        let d = distance(&run.state, &other.state);
        if !(d.is_finite() && d > 0.0) {
            return Err(Error::Inconsistent(format!(
                "the twin runs parted to {d} at t = {t} s: no exponent"
            )));
        }
        sum += (d / delta).ln();
        // Back to delta from the run, along the separation.
        let scale = delta / d;
        for i in 0..run.state.dim() {
            other.state.x[i] = run.state.x[i] + (other.state.x[i] - run.state.x[i]) * scale;
            other.state.v[i] = run.state.v[i] + (other.state.v[i] - run.state.v[i]) * scale;
        }
        // The stepper's own memory (a Verlet's last acceleration) starts afresh from the moved state.
        other.method.start(&system, t, &other.state);
    }
    let measured = renormalisations as f64 * every;
    Ok(Lyapunov {
        exponent: sum / measured,
        span: measured,
    })
}

/// When a twin run from the first coordinate + `delta` first parts from the run by more than `tolerance` in
/// a position coordinate (RK4 at `h`, up to `until` s): the predictability horizon measured on this start,
/// where `ln(tolerance/delta)/λ` is the long-run estimate.
pub fn parting_time(setup: &Setup, delta: f64, tolerance: f64, h: f64, until: f64) -> Option<f64> {
    let system = setup.system();
    let (mut run, mut other) = twins(&system, setup, MethodId::Rk4, delta, h);
    let steps = (until / h).round() as u64;
    for n in 1..=steps {
        let t = n as f64 * h;
        run.to(t);
        other.to(t);
        let apart = run
            .state
            .x
            .iter()
            .zip(&other.state.x)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        if apart > tolerance || apart.is_nan() {
            return Some(t);
        }
    }
    None
}

/// One twin pair's own exponential stretch from a nudge `delta` (RK4 at `h`): the separation (as
/// [`separation`] measures it) sampled every `every` seconds up to `until`, and [`stretch`]'s fit of it up to
/// [`PREDICTION_TOLERANCE`]. A single pair's finite-time exponent, which scatters about the long-run λ from
/// one nudge to another; None where the fit has too few samples.
pub fn pair_stretch(setup: &Setup, delta: f64, h: f64, every: f64, until: f64) -> Option<f64> {
    let system = setup.system();
    let (mut run, mut other) = twins(&system, setup, MethodId::Rk4, delta, h);
    let (mut t, mut apart) = (vec![0.0], vec![separation(setup, &run.state, &other.state)]);
    let samples = (until / every).round() as u64;
    for k in 1..=samples {
        let now = k as f64 * every;
        run.to(now);
        other.to(now);
        let d = separation(setup, &run.state, &other.state);
        t.push(now);
        apart.push(d);
        if d > PREDICTION_TOLERANCE || d.is_nan() {
            break;
        }
    }
    stretch(&t, &apart, PREDICTION_TOLERANCE)
}

/// The distance between two states in the whole phase space (positions and velocities alike).
fn distance(a: &State<f64>, b: &State<f64>) -> f64 {
    a.x.iter()
        .zip(&b.x)
        .chain(a.v.iter().zip(&b.v))
        .map(|(p, q)| (p - q) * (p - q))
        .sum::<f64>()
        .sqrt()
}

/// Above this exponent (1/s) a measured exponent over 1000 s is chaos; below, the growth is at most a power of
/// time (a linear growth of δ over T gives about ln(T)/T ≈ 0.007 /s at T = 1000 s).
pub const CHAOTIC: f64 = 0.05;

/// How far apart a run and its twin may drift while the lab still calls the run a prediction of its twin: a
/// centimetre of a pendulum's bob (the positions' unit elsewhere).
pub const PREDICTION_TOLERANCE: f64 = 1e-2;

/// A run's own exponential stretch: the least-squares slope of ln(separation) against time `t`, over its
/// rows from the first after the start to the last before the separation first passes `apart` (past which
/// chaos levels off at the size of the motion), in 1/s. None with fewer than three such rows.
pub fn stretch(t: &[f64], separation: &[f64], apart: f64) -> Option<f64> {
    let rows: Vec<(f64, f64)> = t
        .iter()
        .zip(separation)
        .skip(1)
        .take_while(|(_, d)| **d <= apart)
        .filter(|(_, d)| **d > 0.0 && d.is_finite())
        .map(|(t, d)| (*t, d.ln()))
        .collect();
    if rows.len() < 3 {
        return None;
    }
    let n = rows.len() as f64;
    let (mt, my) = rows
        .iter()
        .fold((0.0, 0.0), |(a, b), (t, y)| (a + t / n, b + y / n));
    let (sty, stt) = rows.iter().fold((0.0, 0.0), |(a, b), (t, y)| {
        (a + (t - mt) * (y - my), b + (t - mt) * (t - mt))
    });
    (stt > 0.0).then(|| sty / stt)
}

/// What the true motion's long-run exponent says of a prediction from a nudge `delta`, in words: λ, the
/// predictability horizon ln(tolerance/δ)/λ for [`PREDICTION_TOLERANCE`], and what a digit of δ buys; or,
/// where the motion is not chaotic, that it has no exponent.
pub fn prediction_words(measured: &Lyapunov, delta: f64) -> String {
    let span = crate::format::number(measured.span);
    if measured.exponent < CHAOTIC {
        return format!(
            "the true motion has no exponent here (a nudge grows at {} /s over {span} s, below the {CHAOTIC} /s of \
             chaos): it is not chaotic. A nudge may still grow in proportion to time (a wider swing takes \
             longer), but only a method's own instability makes it grow exponentially",
            crate::format::significant(measured.exponent, 2)
        );
    }
    let lambda = measured.exponent;
    format!(
        "the true motion's long-run exponent is λ = {} /s (Benettin over {span} s): from a nudge of {delta:e} a \
         prediction to {PREDICTION_TOLERANCE:e} lasts about ln({PREDICTION_TOLERANCE:e}/{delta:e})/λ = {} s, \
         and each digit more of the start buys ln 10/λ = {} s",
        crate::format::significant(lambda, 3),
        crate::format::significant((PREDICTION_TOLERANCE / delta.abs()).ln() / lambda, 3),
        crate::format::significant(std::f64::consts::LN_10 / lambda, 3)
    )
}
