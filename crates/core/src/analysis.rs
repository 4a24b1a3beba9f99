//! What the lab measures: errors against the truth, energy behaviour, convergence orders (and whether a
//! study can tell one), work against precision, and each method's stability limit on the undamped spring.

use crate::csv::position_error;
pub use crate::methods::StabilityLimit;
use crate::methods::{Expected, Method, MethodId};
use crate::run::{AnyRun, Run, Setup};
use crate::{Error, Precision};

/// One run, measured in f64.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    pub dt: f64,
    pub steps: u64,
    /// Force evaluations the run took (its work).
    pub evaluations: u64,
    /// The largest position error against the truth over the whole run (so that a crossing of the true
    /// curve at the final time cannot fake a small error).
    pub error: f64,
    /// Round-off's share of an error of this run: errors below it say nothing about the method's order.
    pub noise: f64,
    /// Time of the first non-finite step, if the method diverged.
    pub diverged_at: Option<f64>,
}

/// Runs `method` over the whole setup and measures its largest position error.
pub fn measure(setup: &Setup, method: impl Into<Method>, precision: Precision) -> Measurement {
    measure_of(setup, &method.into(), precision)
}

fn measure_of(setup: &Setup, method: &Method, precision: Precision) -> Measurement {
    let mut run = AnyRun::new(setup, method, precision);
    let mut truth = setup.truth();
    let mut state = setup.initial();
    let mut true_state = state.clone();
    let scale = |x: &[f64]| x.iter().fold(0.0f64, |m, q| m.max(q.abs()));
    let mut size = scale(&state.x);
    let mut error = 0.0f64;
    while run.steps() < setup.steps() && run.step() {
        run.state_into(&mut state);
        truth.at_into(run.steps(), &mut true_state);
        error = error.max(position_error(&state, &true_state));
        size = size.max(scale(&true_state.x));
    }
    let epsilon = match precision {
        #[cfg(feature = "f32")]
        Precision::F32 => f32::EPSILON as f64,
        Precision::F64 => f64::EPSILON,
    };
    Measurement {
        dt: setup.dt,
        steps: run.steps(),
        evaluations: run.evaluations(),
        error,
        // Rounding errors of a few ulps a step add up over the run; 10 ε a step is a generous allowance.
        noise: 10.0 * epsilon * size.max(f64::MIN_POSITIVE) * (setup.steps().max(1) as f64),
        diverged_at: run.diverged_at().map(|k| k as f64 * setup.dt),
    }
}

/// Energy over a run: where it started, ended, and how far it strayed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnergyStats {
    pub initial: f64,
    pub last: f64,
    pub min: f64,
    pub max: f64,
    /// The energy's range over the run's first and last quarters: a bounded wobble sweeps the same band in
    /// both; a drift moves the band or widens it.
    pub early: (f64, f64),
    pub late: (f64, f64),
}

impl EnergyStats {
    /// Relative change from start to end, `(E_end − E_0)/|E_0|`.
    pub fn drift(&self) -> f64 {
        (self.last - self.initial) / self.initial.abs()
    }

    /// Whether the energy drifts rather than wobbling in a band: the last quarter's range does not overlap
    /// the first quarter's, or is more than twice as wide (or half as wide).
    pub fn drifts(&self) -> bool {
        let (a, b) = (self.early, self.late);
        let (wa, wb) = (a.1 - a.0, b.1 - b.0);
        let slack = 1e-12 * self.initial.abs();
        let overlap = b.0 <= a.1 + slack && b.1 >= a.0 - slack;
        !self.last.is_finite() || !overlap || wb > 2.0 * wa + slack || wa > 2.0 * wb + slack
    }

    /// What the energy did, in words: the band it stayed in, or the change it drifted to.
    pub fn describe(&self) -> String {
        use crate::format::{band, percent};
        let relative = |e: f64| (e - self.initial) / self.initial.abs();
        if !self.last.is_finite() {
            "diverged".to_string()
        } else if self.drifts() {
            format!("drifts to {}", percent(self.drift()))
        } else {
            format!(
                "stays within {}",
                band(relative(self.min), relative(self.max))
            )
        }
    }

    /// Largest relative departure from the initial energy at any step.
    pub fn spread(&self) -> f64 {
        (self.max - self.initial)
            .abs()
            .max((self.initial - self.min).abs())
            / self.initial.abs()
    }
}

/// Steps `method` over the setup, following the total energy at every step.
pub fn energy_stats(setup: &Setup, method: impl Into<Method>, precision: Precision) -> EnergyStats {
    energy_stats_of(setup, &method.into(), precision)
}

fn energy_stats_of(setup: &Setup, method: &Method, precision: Precision) -> EnergyStats {
    let mut run = AnyRun::new(setup, method, precision);
    let mut state = setup.initial();
    let initial = setup.energy(&state).total();
    let mut stats = EnergyStats {
        initial,
        last: initial,
        min: initial,
        max: initial,
        early: (initial, initial),
        late: (f64::INFINITY, f64::NEG_INFINITY),
    };
    let steps = setup.steps();
    let quarter = (steps / 4).max(1);
    let widen = |band: &mut (f64, f64), e: f64| *band = (band.0.min(e), band.1.max(e));
    for k in 1..=steps {
        if !run.step() {
            stats.last = f64::INFINITY;
            break;
        }
        run.state_into(&mut state);
        let e = setup.energy(&state).total();
        if k <= quarter {
            widen(&mut stats.early, e);
        }
        if k > steps - quarter {
            widen(&mut stats.late, e);
        }
        stats.last = e;
        stats.min = stats.min.min(e);
        stats.max = stats.max.max(e);
    }
    stats
}

/// The setup cut at its reference's horizon, with the horizon's time, where its truth is a reference run that
/// stops being known to [`crate::chaos::HORIZON_TOLERANCE`] within the run (the double pendulum past some
/// 21 s): errors against the reference, and orders fitted on them, are measured only where it is known.
/// Refused when the reference is not known even for a step.
pub fn trusted(setup: &Setup) -> Result<(Setup, Option<f64>), Error> {
    match crate::chaos::Trust::of(setup).and_then(|t| t.horizon) {
        Some(step) if step >= 2 => {
            let until = (step - 1) as f64 * setup.dt;
            Ok((setup.with_until(until)?, Some(until)))
        }
        Some(_) => Err(Error::Inconsistent(format!(
            "the reference run is not known to {:e} even after one step: nothing can be measured against it",
            crate::chaos::HORIZON_TOLERANCE
        ))),
        None => Ok((setup.clone(), None)),
    }
}

/// What [`trusted`]'s cut means, in words, as the CLI and the page say it.
pub fn horizon_note(horizon: f64) -> String {
    format!(
        "errors are measured only up to t = {} s, the reference's horizon: past it the reference run is not \
         known to {:e} (a second reference at half its step parts from it), so no error, and no order, is \
         measured against it",
        crate::format::significant(horizon, 4),
        crate::chaos::HORIZON_TOLERANCE
    )
}

/// A convergence study: the setup at `dt, dt/2, …, dt/2^(levels−1)`, each run measured.
pub fn convergence(
    setup: &Setup,
    method: impl Into<Method>,
    precision: Precision,
    levels: u32,
) -> Result<Vec<Measurement>, Error> {
    let method: Method = method.into();
    (0..levels)
        .map(|k| {
            Ok(measure(
                &setup.with_dt(setup.dt / f64::powi(2.0, k as i32))?,
                &method,
                precision,
            ))
        })
        .collect()
}

/// What a convergence study can say about a method's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OrderVerdict {
    /// The observed order settled (neighbouring levels agree within 0.1): the slope fitted over those levels.
    Order(f64),
    /// Every error is at round-off: the method is exact here.
    Exact,
    /// The errors fell to the round-off floor before the order settled.
    RoundOffFloor,
    /// The observed order is still changing from level to level: halve dt further.
    NotAsymptotic,
    /// The observed orders agree within [`SETTLED`] but still move one way (the last three rise or fall by
    /// more than half of it): the order is heading somewhere, not there. `toward` is where the observed
    /// orders head, where their steps shrink geometrically enough to say.
    Drifting {
        last: f64,
        rising: bool,
        toward: Option<f64>,
    },
    /// Too few levels ran to the end without diverging.
    Diverged,
}

impl OrderVerdict {
    /// The verdict in words, as the CLI and the page print it.
    pub fn text(self) -> String {
        match self {
            // An order that rounds to zero is 0.00, never -0.00.
            OrderVerdict::Order(p) => format!("order {:.2}", if p.abs() < 0.005 { 0.0 } else { p }),
            OrderVerdict::Exact => "exact to round-off".to_string(),
            OrderVerdict::RoundOffFloor => {
                "round-off floor reached before the order settled".to_string()
            }
            OrderVerdict::NotAsymptotic => "not yet asymptotic: halve dt further".to_string(),
            OrderVerdict::Drifting {
                last,
                rising,
                toward,
            } => format!(
                "not yet asymptotic: the observed order is still {} (last {last:.2}{}); halve dt further",
                if rising { "rising" } else { "falling" },
                toward
                    .map(|t| format!(", heading toward about {t:.1}"))
                    .unwrap_or_default()
            ),
            OrderVerdict::Diverged => "diverged".to_string(),
        }
    }

    pub fn order(self) -> Option<f64> {
        match self {
            OrderVerdict::Order(p) => Some(p),
            _ => None,
        }
    }
}

/// How far neighbouring observed orders may differ for the order to count as settled.
pub const SETTLED: f64 = 0.1;

/// Reads a study: drops diverged levels and errors at round-off, then looks for a tail of levels whose
/// observed orders agree within [`SETTLED`], and fits the slope over it.
pub fn verdict(points: &[Measurement]) -> OrderVerdict {
    let finite: Vec<&Measurement> = points
        .iter()
        .filter(|p| p.diverged_at.is_none() && p.error.is_finite())
        .collect();
    if finite.len() < 2 {
        return OrderVerdict::Diverged;
    }
    if finite.iter().all(|p| p.error <= p.noise) {
        return OrderVerdict::Exact;
    }
    // Coarse to fine; stop at the first level whose error is down at round-off. The round-off estimate is
    // cautious: a level at it whose error still falls at the rate of the two before it (within SETTLED) is
    // still the method's error, and is kept.
    let mut above: Vec<Measurement> = finite
        .iter()
        .take_while(|p| p.error > p.noise)
        .map(|p| **p)
        .collect();
    let clean = above.len();
    for p in finite.iter().skip(clean) {
        let n = above.len();
        if n < 2
            || (observed_order(&above[n - 1], p) - observed_order(&above[n - 2], &above[n - 1]))
                .abs()
                > SETTLED
        {
            break;
        }
        above.push(**p);
    }
    let floored = above.len() < finite.len();
    if above.len() < 3 {
        return if floored {
            OrderVerdict::RoundOffFloor
        } else {
            OrderVerdict::NotAsymptotic
        };
    }
    let orders: Vec<f64> = above
        .windows(2)
        .map(|w| observed_order(&w[0], &w[1]))
        .collect();
    // The longest settled tail: from the finest pair back while each order stays near the last.
    let last = orders[orders.len() - 1];
    let mut start = orders.len() - 1;
    while start > 0
        && (orders[start - 1] - last).abs() <= SETTLED
        && (orders[start - 1] - orders[start]).abs() <= SETTLED
    {
        start -= 1;
    }
    if orders.len() - start < 2 {
        return if floored {
            OrderVerdict::RoundOffFloor
        } else {
            OrderVerdict::NotAsymptotic
        };
    }
    let fitted = |from: usize| {
        fitted_order(&above[from..]).map_or(OrderVerdict::NotAsymptotic, OrderVerdict::Order)
    };
    // The drift is read from the levels above round-off only: at the floor the orders sag for another reason.
    let drift = if clean >= start + 3 {
        drifting(&orders[..clean - 1])
    } else {
        Drift::Steady
    };
    match drift {
        Drift::Steady => fitted(start),
        // Nearly there: the slope of the finest three levels, not of a tail that still carries the drift.
        Drift::Arriving => fitted(above.len() - 3),
        Drift::Moving(verdict) => verdict,
    }
}

/// Whether a settled tail of observed orders still moves.
enum Drift {
    /// It does not move one way: its slope is the order.
    Steady,
    /// It moves one way, in steps that shrink fast, and is within half of SETTLED of where it heads.
    Arriving,
    /// It moves one way and is not there yet.
    Moving(OrderVerdict),
}

/// Whether a settled tail of observed orders still moves one way: its last three (or two) orders each step
/// the same way, by more than half of [`SETTLED`] in all. A steady drift of 0.64, 0.69, 0.75 keeps each step
/// within SETTLED and is still not an order; 0.98, 0.998, 0.995 is; so is 1.16, 1.08, 1.04, which heads for
/// 1.00 in halving steps and is within 0.05 of it (its slope is then read over the finest three levels).
fn drifting(orders: &[f64]) -> Drift {
    let tail = &orders[orders.len().saturating_sub(3)..];
    let steps: Vec<f64> = tail.windows(2).map(|w| w[1] - w[0]).collect();
    let one_way = steps.iter().all(|d| *d > 0.0) || steps.iter().all(|d| *d < 0.0);
    let moved = tail[tail.len() - 1] - tail[0];
    if !one_way || moved.abs() <= SETTLED / 2.0 {
        return Drift::Steady;
    }
    let last = tail[tail.len() - 1];
    // Steps that shrink by a steady ratio r < 1 sum to where the orders head: last + d·r/(1 − r).
    let toward = match steps[..] {
        [a, b] if b / a > 0.0 && b / a < 0.8 => Some(last + b * (b / a) / (1.0 - b / a)),
        _ => None,
    };
    match toward {
        Some(t) if (t - last).abs() <= SETTLED / 2.0 => Drift::Arriving,
        _ => Drift::Moving(OrderVerdict::Drifting {
            last,
            rising: moved > 0.0,
            toward,
        }),
    }
}

/// One method's convergence study and what it says.
#[derive(Clone, Debug)]
pub struct Study {
    pub method: Method,
    pub points: Vec<Measurement>,
    pub verdict: OrderVerdict,
    /// Where the study stopped short of the setup's span: the reference's horizon ([`trusted`]).
    pub horizon: Option<f64>,
}

/// The most steps, over all levels and methods, one [`study`] may take: a few seconds in a browser.
pub const MAX_STUDY_STEPS: f64 = 5e6;

/// Convergence studies of several methods over `levels` levels (clamped to 2…12), refused with a message
/// when they would take more than [`MAX_STUDY_STEPS`] steps in all.
pub fn study<M: Clone + Into<Method>>(
    setup: &Setup,
    methods: &[M],
    precision: Precision,
    levels: u32,
) -> Result<Vec<Study>, Error> {
    let methods: Vec<Method> = methods.iter().map(|m| m.clone().into()).collect();
    study_of(setup, &methods, precision, levels)
}

/// The body of [`study`], made once (not again in each crate that calls it).
fn study_of(
    setup: &Setup,
    methods: &[Method],
    precision: Precision,
    levels: u32,
) -> Result<Vec<Study>, Error> {
    let levels = levels.clamp(2, 12);
    let work =
        setup.steps() as f64 * (f64::powi(2.0, levels as i32) - 1.0) * methods.len().max(1) as f64;
    if work > MAX_STUDY_STEPS {
        return Err(Error::Inconsistent(format!(
            "the study would take {} steps in all (limit {}); shorten until, raise dt or use fewer levels",
            crate::format::number(work),
            crate::format::number(MAX_STUDY_STEPS)
        )));
    }
    let (setup, horizon) = trusted(setup)?;
    methods
        .iter()
        .map(|method| {
            let points = convergence(&setup, method, precision, levels)?;
            Ok(Study {
                method: method.clone(),
                verdict: verdict(&points),
                points,
                horizon,
            })
        })
        .collect()
}

/// The order between two measurements: `log(e1/e2)/log(dt1/dt2)`.
pub fn observed_order(coarse: &Measurement, fine: &Measurement) -> f64 {
    (coarse.error / fine.error).ln() / (coarse.dt / fine.dt).ln()
}

/// Least-squares slope of log(error) against log(dt) over the finite, non-zero errors: the fitted order.
/// `None` with fewer than two usable points.
pub fn fitted_order(points: &[Measurement]) -> Option<f64> {
    let usable: Vec<(f64, f64)> = points
        .iter()
        .filter(|p| p.error.is_finite() && p.error > 0.0 && p.diverged_at.is_none())
        .map(|p| (p.dt.ln(), p.error.ln()))
        .collect();
    if usable.len() < 2 {
        return None;
    }
    let n = usable.len() as f64;
    let mx = usable.iter().map(|p| p.0).sum::<f64>() / n;
    let my = usable.iter().map(|p| p.1).sum::<f64>() / n;
    let sxy: f64 = usable.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let sxx: f64 = usable.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    Some(sxy / sxx)
}

/// The largest ω·dt the stability scan tries.
pub const STABILITY_SCAN_MAX: f64 = 10.0;

/// The theory's stability limit on the undamped spring (from the method's facts).
pub fn theoretical_limit(method: MethodId) -> StabilityLimit {
    method.info().stability
}

/// The spectral radius of one step of `method` on the spring `x'' = −x` at `dt = omega_dt`.
pub fn amplification(method: MethodId, omega_dt: f64) -> f64 {
    let spring = Setup::defaults("spring").expect("the spring");
    amplification_on(method, &spring, omega_dt).expect("the spring is an oscillator")
}

/// The spectral radius of one step of `method` on a setup's scenario where it is a linear oscillator, made
/// one of ω = 1 from the setup's parameters ([`crate::scenarios::Oscillator`]), at `dt = omega_dt`, measured
/// from the method's own output; `None` where the scenario is not an oscillator. On a linear oscillator every method here is a
/// linear map of a two-dimensional state (x and v, or x and its previous value, or x and the half-step v),
/// so its positions obey `x(n+2) = T x(n+1) − D x(n)`. Four positions past the start-up give the trace T
/// and determinant D, and the roots of `λ² − Tλ + D` give the growth a step.
pub fn amplification_on(method: impl Into<Method>, on: &Setup, omega_dt: f64) -> Option<f64> {
    amplification_of(&method.into(), on, omega_dt)
}

fn amplification_of(method: &Method, on: &Setup, omega_dt: f64) -> Option<f64> {
    let unit = unit_oscillator(on, omega_dt)?;
    // A method whose state is not finite within a few steps grows without bound.
    let mut run = Run::<f64>::new(&unit(0.37, 6.0 * omega_dt), method);
    if run.advance(6) < 6 {
        return Some(f64::INFINITY);
    }
    if let Some((trace, det_map)) = map_of(method, &unit, omega_dt) {
        let disc = trace * trace - 4.0 * det_map;
        return Some(if disc < 0.0 {
            det_map.sqrt()
        } else {
            let r = disc.sqrt();
            ((trace + r) / 2.0).abs().max(((trace - r) / 2.0).abs())
        });
    }
    // A first-order sequence (the map has one active mode): its ratio is the growth.
    let mut run = Run::<f64>::new(&unit(0.0, 3.0 * omega_dt), method);
    run.advance(2);
    let a = run.state().x[0];
    run.advance(1);
    Some((run.state().x[0] / a).abs())
}

/// The setup's scenario made an oscillator of ω = 1 at `dt = omega_dt`, as a maker of setups from the
/// initial velocity and the duration; `None` where the scenario is not an oscillator.
fn unit_oscillator(on: &Setup, omega_dt: f64) -> Option<impl Fn(f64, f64) -> Setup> {
    let info = on.scenario.info();
    let oscillator = info.oscillator?;
    let scenario = info.id;
    let unit = (oscillator.unit)(&on.params);
    Some(move |v0: f64, until: f64| {
        let mut overrides: Vec<(String, f64)> =
            unit.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        if let Some(name) = oscillator.velocity {
            overrides.push((name.to_string(), v0));
        }
        Setup::new(scenario, &overrides, Some(omega_dt), Some(until)).expect("the unit oscillator")
    })
}

/// The trace and determinant of `method`'s one-step map on a setup's oscillator (made one of ω = 1) at
/// `dt = omega_dt`, fitted from its positions; `None` where the scenario is not an oscillator or the map
/// shows one mode only. The determinant is the factor by which a step scales phase-space area on the state
/// the method carries: 1 for a symplectic method.
pub fn spring_map(method: impl Into<Method>, on: &Setup, omega_dt: f64) -> Option<(f64, f64)> {
    let (fitted, first) =
        map_of_sequence(&method.into(), &unit_oscillator(on, omega_dt)?, omega_dt);
    // A sequence with no second mode to fit (a rule that leaves the state as it is): the one-step map on
    // (x, v) itself, from the two starts, which differ by (0, 0.37).
    fitted.or(match first.as_slice() {
        [(ax, av), (bx, bv)] => {
            let (cx, cv) = ((bx - ax) / 0.37, (bv - av) / 0.37);
            Some((ax + cv, ax * cv - cx * av))
        }
        _ => None,
    })
}

fn map_of(method: &Method, unit: &impl Fn(f64, f64) -> Setup, omega_dt: f64) -> Option<(f64, f64)> {
    map_of_sequence(method, unit, omega_dt).0
}

/// A one-step map on the spring, as (trace, determinant).
type Map = (f64, f64);

/// The map fitted to the positions' sequence, or `None` where it has no second mode to fit or is not
/// finite; and the state (x, v) after one step from each start, (1, 0) and (1, 0.37).
fn map_of_sequence(
    method: &Method,
    unit: &impl Fn(f64, f64) -> Setup,
    omega_dt: f64,
) -> (Option<Map>, Vec<(f64, f64)>) {
    let mut first = Vec::new();
    for v0 in [0.0, 0.37] {
        let setup = unit(v0, 6.0 * omega_dt);
        let mut run = Run::<f64>::new(&setup, method);
        let mut x = [0.0; 6];
        for (k, xi) in x.iter_mut().enumerate() {
            if !run.step() {
                // Not finite within six steps: no map to speak of.
                return (None, Vec::new());
            }
            *xi = run.state().x[0];
            if k == 0 {
                first.push((run.state().x[0], run.state().v[0]));
            }
        }
        let (x1, x2, x3, x4) = (x[1], x[2], x[3], x[4]);
        let det = x1 * x3 - x2 * x2;
        let scale = x2 * x2 + x1.abs() * x3.abs();
        if det.abs() <= 1e-12 * scale {
            continue;
        }
        // [x2 −x1; x3 −x2] (T, D) = (x3, x4)
        let trace = (x3 * -x2 - (-x1) * x4) / (x2 * -x2 - (-x1) * x3);
        let det_map = (x2 * x4 - x3 * x3) / (x2 * -x2 - (-x1) * x3);
        return (Some((trace, det_map)), first);
    }
    (None, first)
}

/// Growth a step above which a method counts as unstable (round-off in the fit is far below it).
pub const UNSTABLE_GROWTH: f64 = 1.0 + 1e-10;

/// The largest stable ω·dt on the undamped spring, measured (see [`stability_limit_on`]).
pub fn stability_limit(method: MethodId) -> StabilityLimit {
    let spring = Setup::defaults("spring").expect("the spring");
    stability_limit_on(method, &spring).expect("the spring is an oscillator")
}

/// What an amplitude multiplied by a growth factor every step does: the one verdict the page's explanations
/// and stability table share. Within 1e-10 of 1 (round-off in the factor's measurement) it keeps its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Growth {
    Grows,
    Shrinks,
    Keeps,
}

impl Growth {
    pub fn of(factor: f64) -> Growth {
        if factor > UNSTABLE_GROWTH {
            Growth::Grows
        } else if factor < 2.0 - UNSTABLE_GROWTH {
            Growth::Shrinks
        } else {
            Growth::Keeps
        }
    }

    /// The verdict in a word: "grows", "shrinks", "keeps".
    pub fn word(self) -> &'static str {
        match self {
            Growth::Grows => "grows",
            Growth::Shrinks => "shrinks",
            Growth::Keeps => "keeps",
        }
    }
}

/// The largest stable ω·dt on a setup's scenario where it is a linear oscillator (made one of ω = 1 from the
/// setup's parameters), measured: a scan in steps of 0.01 up to [`STABILITY_SCAN_MAX`] finds the first
/// unstable value, then bisection pins the boundary to 1e-9. `None` where the scenario is not an oscillator.
///
/// On a linear system of several modes (the chain), a method that steps every coordinate by the same linear
/// map steps each mode as it steps one spring: its limit there is its limit on the spring, in ω·dt of the
/// fastest mode. The kinematic integrators take each force on its own, and a rule may treat coordinates
/// apart: for them no limit is stated there.
pub fn stability_limit_on(method: impl Into<Method>, on: &Setup) -> Option<StabilityLimit> {
    let method: Method = method.into();
    let info = on.scenario.info();
    if info.oscillator.is_none() && info.fastest.is_some() {
        let modal = matches!(method.builtin(), Some(m) if !matches!(m, MethodId::Kinematic | MethodId::KinematicAverage));
        return modal.then(|| stability_limit(method.builtin().expect("one of the lab's")));
    }
    amplification_of(&method, on, 0.5)?;
    let stable =
        |h: f64| amplification_of(&method, on, h).expect("an oscillator") <= UNSTABLE_GROWTH;
    let grid = 0.01;
    let points = (STABILITY_SCAN_MAX / grid).round() as u32;
    let Some(first_bad) = (1..=points).find(|&i| !stable(i as f64 * grid)) else {
        return Some(StabilityLimit::Unbounded);
    };
    if first_bad == 1 {
        return Some(StabilityLimit::None);
    }
    let (mut lo, mut hi) = ((first_bad - 1) as f64 * grid, first_bad as f64 * grid);
    while hi - lo > 1e-9 {
        let mid = 0.5 * (lo + hi);
        if stable(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(StabilityLimit::Below(lo))
}

/// Runs `method` over the whole setup and returns the largest position error against the truth at any step
/// (infinite if the method diverged).
pub fn max_error(setup: &Setup, method: impl Into<Method>, precision: Precision) -> f64 {
    max_error_of(setup, &method.into(), precision)
}

fn max_error_of(setup: &Setup, method: &Method, precision: Precision) -> f64 {
    let mut run = AnyRun::new(setup, method, precision);
    let mut truth = setup.truth();
    let mut state = setup.initial();
    let mut true_state = state.clone();
    let mut worst = 0.0f64;
    for _ in 0..setup.steps() {
        if !run.step() {
            return f64::INFINITY;
        }
        run.state_into(&mut state);
        truth.at_into(run.steps(), &mut true_state);
        worst = worst.max(position_error(&state, &true_state));
    }
    worst
}

/// Every method's growth a step and relative energy change a period on the spring at `dt = omega_dt`;
/// refuses an ω·dt that is not positive and finite.
pub fn stability_at(omega_dt: f64) -> Result<Vec<(MethodId, f64, f64)>, Error> {
    if !(omega_dt.is_finite() && omega_dt > 0.0) {
        return Err(Error::OutOfRange {
            name: "ω·dt".to_string(),
            value: omega_dt,
            range: "more than 0, and finite".to_string(),
        });
    }
    Ok(MethodId::ALL
        .iter()
        .map(|&m| {
            (
                m,
                amplification(m, omega_dt),
                energy_change_per_period(m, omega_dt),
            )
        })
        .collect())
}

/// Relative energy change over one period of the spring `x'' = −x` for `method` at `dt = omega_dt`, from its
/// growth a step: the amplitude grows by ρ a step, the energy by ρ², and a period is 2π/(ω dt) steps.
pub fn energy_change_per_period(method: MethodId, omega_dt: f64) -> f64 {
    let growth = amplification(method, omega_dt);
    (2.0 * std::f64::consts::TAU / omega_dt * growth.ln()).exp_m1()
}

/// Every method's order (or exactness) on a setup's kinds of force at its dt, in the lab's order: cheap.
pub fn orders_on(setup: &Setup) -> Vec<(MethodId, Expected)> {
    let class = setup.class();
    MethodId::ALL
        .iter()
        .map(|&m| (m, (m.info().order_on)(&class)))
        .collect()
}

/// What holds for one method on one setup: the order (or exactness) it states for the setup's kinds of
/// force, and its largest stable ω·dt there, where the scenario is an oscillator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Facts {
    pub method: MethodId,
    pub order: Expected,
    pub stability: Option<StabilityLimit>,
}

/// Every method's facts on a setup (its scenario's forces, at its dt), in the lab's order.
pub fn facts_on(setup: &Setup) -> Vec<Facts> {
    orders_on(setup)
        .into_iter()
        .map(|(method, order)| Facts {
            method,
            order,
            stability: stability_limit_on(method, setup),
        })
        .collect()
}

/// A change of the amplitude over a period (of the oscillator's ω) past which a method's energy is not said to
/// change slowly: 10 %. A step's change alone would call 0.6 % a step slow, which on the pendulum at its own
/// dt is ×1.28 a period, and over the top within 20 s.
pub const SLOW_CHANGE: f64 = 0.1;

/// Below this change a step, a growth factor measured from positions is not trusted for its sign (its fit's
/// round-off is about 1e-9): what it does is then not said to differ from what it does on a spring.
const SIGN_NOISE: f64 = 1e-8;

/// What a method does to the energy on a setup, in the core's words: [`MethodInfo::energy_on`] its forces,
/// except where the run's ω·dt on an oscillator (`growth`, the method's factor a step there from
/// [`amplification_on`]) makes that sentence false:
/// - a symplectic method past its stability limit: its amplitude grows every step and no band of energy is
///   kept;
/// - a method of order two or more that is not symplectic, whose sentence is about a spring at small ω·dt
///   ("Loses energy very slowly … about h⁶/144", "Gains energy slowly"): where its amplitude changes by more
///   than [`SLOW_CHANGE`] a period, or the other way than on a spring at the same ω·dt (the kinematic average
///   steps a pendulum's swing as under a constant acceleration, and it grows), the factor measured over a
///   period is said. Not under a force that depends on the velocity: there the truth's own amplitude
///   decays, and the factor would be the method's and the damping's together.
///
/// On the pendulum the amplitude is a small swing's.
///
/// [`MethodInfo::energy_on`]: crate::methods::MethodInfo::energy_on
pub fn energy_on_setup(method: MethodId, setup: &Setup, growth: Option<f64>) -> String {
    let info = method.info();
    let class = setup.class();
    let amplitude = if setup.small_swings() {
        "a small swing's amplitude"
    } else {
        "its amplitude"
    };
    let (Some(g), Some(h)) = (growth, setup.omega_dt()) else {
        return info.energy_on(&class);
    };
    if info.symplectic_on(&class) {
        return if Growth::of(g) == Growth::Grows {
            format!(
                "Symplectic, but past its stability limit at this ω·dt: {amplitude} grows every step, and \
                 no band of energy is kept."
            )
        } else {
            info.energy_on(&class)
        };
    }
    if info.symplectic || info.order.is_none_or(|p| p < 2) || class.velocity_dependent {
        return info.energy_on(&class);
    }
    let a_period = libm::exp(libm::log(g) * std::f64::consts::TAU / h);
    let fast = (a_period - 1.0).abs() > SLOW_CHANGE;
    // Only where it is not fast is the spring at the same ω·dt stepped, to compare the way it goes.
    let other_way =
        || (g - 1.0).abs() > SIGN_NOISE && Growth::of(amplification(method, h)) != Growth::of(g);
    if !fast && !other_way() {
        return info.energy_on(&class);
    }
    // The factor a step follows on the page (the stability's sentence): here, what it comes to over a period.
    format!(
        "{} energy {} at this ω·dt: over a period {amplitude} is multiplied by {}.",
        if g > 1.0 { "Gains" } else { "Loses" },
        if fast { "fast" } else { "slowly" },
        crate::format::significant(a_period, 3)
    )
}
