//! Runs: a scenario with its parameters, a step and a duration ([`Setup`]); one method stepping it in a
//! precision known at compile time ([`Run`]) or chosen at run time ([`AnyRun`], the one place the choice is
//! dispatched); which steps a table records ([`Stride`]); and the truth to compare with ([`TruthRun`]).

use crate::methods::{Integrator, Method, RK4};
use crate::scenarios::{self, Coordinates, Energy, Params, Scenario, Truth};
use crate::{Error, ExplicitRungeKutta, Precision, Real, State, System};

/// The most steps one run may take: 10⁸ (seconds of native work, minutes in a browser).
pub const MAX_STEPS: u64 = 100_000_000;

/// The largest step of the reference run that stands in for an exact solution.
pub const REFERENCE_STEP: f64 = 1e-4;

/// The most steps a reference run may take (about a second of native work; until ≤ 1000 s).
pub const MAX_REFERENCE_STEPS: u64 = 10_000_000;

/// The largest dt of a run whose truth is a reference run (10⁵ reference steps a step).
pub const MAX_REFERENCE_DT: f64 = 10.0;

/// Checks that a run of `dt` to `until` (both checked already) is within the step budget, and, where its truth
/// is a `reference` run, within the reference run's: the same for a point mass and a spinning body, so that
/// no address makes a run that would hold the page for minutes.
pub fn check_budget(dt: f64, until: f64, reference: bool) -> Result<(), Error> {
    let steps = (until / dt).round();
    if steps > MAX_STEPS as f64 {
        return Err(Error::TooManySteps {
            steps,
            limit: MAX_STEPS,
        });
    }
    if !reference {
        return Ok(());
    }
    // Each step of the run is one call's worth of reference steps: keep it short.
    if dt > MAX_REFERENCE_DT {
        return Err(Error::OutOfRange {
            name: "dt".to_string(),
            value: dt,
            range: format!(
                "more than 0 and at most {MAX_REFERENCE_DT} s where the truth is a reference run"
            ),
        });
    }
    // The reference run takes `reference_substeps(dt)` steps in each of the run's. Where dt is not a whole
    // number of REFERENCE_STEP, a longer dt up to the next whole number takes as many a step, and fewer steps.
    let substeps = reference_substeps(dt);
    let reference_steps = steps * substeps as f64;
    if reference_steps > MAX_REFERENCE_STEPS as f64 {
        let whole = (dt / REFERENCE_STEP - substeps as f64).abs() <= 1e-9 * substeps as f64;
        let remedy = if whole {
            "lower until"
        } else {
            "lower until or raise dt"
        };
        return Err(Error::Inconsistent(format!(
            "until = {} s needs a reference run of {} steps ({substeps} of {} s in each step of dt); the \
             limit is {}: {remedy}",
            crate::format::number(until),
            crate::format::grouped(reference_steps),
            crate::format::significant(dt / substeps as f64, 3),
            crate::format::grouped(MAX_REFERENCE_STEPS as f64),
        )));
    }
    Ok(())
}

/// The reference run's steps in one step of `dt`: the fewest whose step is at most [`REFERENCE_STEP`] (a
/// ratio a hair over a whole number, from dt's rounding, is that number), and at least one. The point mass's
/// and the spinning body's reference runs both take this many, and the step budget counts it.
pub fn reference_substeps(dt: f64) -> u64 {
    (dt / REFERENCE_STEP * (1.0 - 1e-12)).ceil().max(1.0) as u64
}

/// Checks a step or a duration as the CLI and the page take them: both finite, `dt` positive, `until` not
/// negative. `name` is `dt` or `until`; any other name is checked as a step.
pub fn check_time(name: &str, value: f64) -> Result<f64, Error> {
    if !value.is_finite() {
        return Err(Error::NotFinite {
            name: name.to_string(),
        });
    }
    if name == "until" {
        if value < 0.0 {
            return Err(Error::NegativeDuration(value));
        }
    } else if value <= 0.0 {
        return Err(Error::NonPositiveStep(value));
    }
    Ok(value)
}

/// A scenario with its parameters, step and duration: everything a run needs but the method.
#[derive(Clone, Debug)]
pub struct Setup {
    pub scenario: &'static dyn Scenario,
    pub params: Params,
    pub dt: f64,
    pub until: f64,
}

impl std::fmt::Debug for dyn Scenario {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.info().id)
    }
}

impl Setup {
    /// Checks everything: the scenario id, each parameter, dt > 0, until ≥ 0, finite numbers, and the
    /// number of steps. `dt` and `until` default to the article's.
    pub fn new(
        scenario: &str,
        overrides: &[(String, f64)],
        dt: Option<f64>,
        until: Option<f64>,
    ) -> Result<Self, Error> {
        Setup::of(scenarios::get(scenario)?, overrides, dt, until)
    }

    /// As [`Setup::new`], for a scenario given as itself rather than by its id (a student's force, which is
    /// in no registry).
    pub fn of(
        scenario: &'static dyn Scenario,
        overrides: &[(String, f64)],
        dt: Option<f64>,
        until: Option<f64>,
    ) -> Result<Self, Error> {
        let params = scenario.params(overrides)?;
        let info = scenario.info();
        let dt = dt.unwrap_or(info.dt);
        let until = until.unwrap_or(info.until);
        let dt = check_time("dt", dt)?;
        let until = check_time("until", until)?;
        check_budget(dt, until, scenario.info().truth == Truth::Reference)?;
        Ok(Setup {
            scenario,
            params,
            dt,
            until,
        })
    }

    /// The article's settings for a scenario.
    pub fn defaults(scenario: &str) -> Result<Self, Error> {
        Setup::new(scenario, &[], None, None)
    }

    /// The same setup with another step.
    pub fn with_dt(&self, dt: f64) -> Result<Self, Error> {
        Setup::of(self.scenario, &self.overrides(), Some(dt), Some(self.until))
    }

    /// The same setup over another span.
    pub fn with_until(&self, until: f64) -> Result<Self, Error> {
        Setup::of(self.scenario, &self.overrides(), Some(self.dt), Some(until))
    }

    fn overrides(&self) -> Vec<(String, f64)> {
        self.params
            .iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect()
    }

    /// `round(until/dt)`.
    pub fn steps(&self) -> u64 {
        (self.until / self.dt).round() as u64
    }

    pub fn coordinates(&self) -> Coordinates {
        self.scenario.coordinates(&self.params)
    }

    pub fn energy(&self, state: &State<f64>) -> Energy {
        self.scenario.energy(&self.params, state)
    }

    pub fn initial(&self) -> State<f64> {
        self.scenario.initial(&self.params)
    }

    pub fn system(&self) -> System<f64> {
        self.scenario.system(&self.params)
    }

    pub fn truth(&self) -> TruthRun {
        TruthRun::new(self)
    }

    /// Each of `positions`' smallest and largest value along the exact solution over the whole run, sampled
    /// at `samples` + 1 evenly spaced times (so a peak between samples may be missed by a little): the frame a
    /// picture of the run can keep from start to end. `None` where the truth is a reference run (no closed
    /// form to sample ahead of time). A scenario with a faster way to the same samples gives them (the chain:
    /// [`Scenario::exact_extent`]); the rest are sampled as [`Setup::sampled_truth_bounds`] does.
    pub fn truth_bounds(&self, samples: u64, positions: &[usize]) -> Option<Vec<(f64, f64)>> {
        if self.scenario.info().truth != Truth::Exact {
            return None;
        }
        self.scenario
            .exact_extent(&self.params, self.until, samples.max(1), positions)
            .or_else(|| self.sampled_truth_bounds(samples, positions))
    }

    /// [`Setup::truth_bounds`] the plain way: the whole exact state at each sample, its `positions` kept.
    pub fn sampled_truth_bounds(
        &self,
        samples: u64,
        positions: &[usize],
    ) -> Option<Vec<(f64, f64)>> {
        if self.scenario.info().truth != Truth::Exact {
            return None;
        }
        let mut state = self.initial();
        let at = |state: &State<f64>, k: usize| state.x.get(k).copied().unwrap_or(f64::NAN);
        let mut bounds: Vec<(f64, f64)> = positions
            .iter()
            .map(|&k| (at(&state, k), at(&state, k)))
            .collect();
        let prepared = self.scenario.exact_prepared(&self.params);
        let points = samples.max(1);
        for i in 0..=points {
            let t = self.until * i as f64 / points as f64;
            match &prepared {
                Some(at) => at(t, &mut state),
                None if self.scenario.exact(&self.params, t, &mut state) => {}
                None => return None,
            }
            for (b, &k) in bounds.iter_mut().zip(positions) {
                let x = at(&state, k);
                if x.is_finite() {
                    *b = (b.0.min(x), b.1.max(x));
                }
            }
        }
        Some(bounds)
    }

    /// ω·dt of this run, where its scenario is an oscillator (ω its angular frequency at these parameters).
    pub fn omega_dt(&self) -> Option<f64> {
        let oscillator = self.scenario.info().oscillator?;
        Some((oscillator.omega)(&self.params) * self.dt)
    }

    /// Whether ω, and every growth and stability limit stated in ω·dt, hold for small swings only (the
    /// pendulum: see [`Oscillator::small_swings`](crate::scenarios::Oscillator::small_swings)).
    pub fn small_swings(&self) -> bool {
        self.scenario
            .info()
            .oscillator
            .is_some_and(|o| o.small_swings)
    }

    /// The angular frequency (rad/s) whose ω·dt a method's stability limit is stated in: the oscillator's,
    /// or the fastest mode's of a linear system of several; `None` elsewhere.
    pub fn omega(&self) -> Option<f64> {
        let info = self.scenario.info();
        match (info.oscillator, info.fastest) {
            (Some(o), _) => Some((o.omega)(&self.params)),
            (None, Some(fastest)) => Some(fastest(&self.params)),
            (None, None) => None,
        }
    }

    /// The kinds of force the setup has at its dt, and whether it starts at rest: what each method's stated
    /// order depends on (`MethodInfo::order_on`).
    pub fn class(&self) -> crate::system::ForceClass {
        let mut class = self.system().class(self.dt);
        class.at_rest = self.initial().v.iter().all(|&v| v == 0.0);
        class
    }
}

/// One method stepping one setup in precision `R`. Scratch space is sized here; [`Run::step`] does not
/// allocate. When a step leaves a non-finite value the run keeps its last finite state, records the step at
/// which it diverged, and takes no more steps.
pub struct Run<R: Real> {
    pub method: Method,
    system: System<R>,
    integrator: Box<dyn Integrator<R>>,
    state: State<R>,
    previous: State<R>,
    dt: R,
    dt64: f64,
    step: u64,
    diverged_at: Option<u64>,
}

impl<R: Real> Run<R> {
    pub fn new(setup: &Setup, method: impl Into<Method>) -> Self {
        Run::of(setup, method.into())
    }

    fn of(setup: &Setup, method: Method) -> Self {
        Run::starting(setup, method, &setup.initial())
    }

    /// The run from another start than the setup's (a twin's, nudged).
    fn starting(setup: &Setup, method: Method, start: &State<f64>) -> Self {
        let system64 = setup.system();
        let system = System::cast(&system64);
        let state = State::cast(start);
        let mut integrator = method.build::<R>(&system64);
        integrator.start(&system, R::ZERO, &state);
        Run {
            method,
            previous: state.clone(),
            system,
            integrator,
            state,
            dt: R::from_f64(setup.dt),
            dt64: setup.dt,
            step: 0,
            diverged_at: None,
        }
    }

    /// Takes one step; returns false, taking none, once the run has diverged.
    #[inline]
    pub fn step(&mut self) -> bool {
        if self.diverged_at.is_some() {
            return false;
        }
        self.previous.x.copy_from_slice(&self.state.x);
        self.previous.v.copy_from_slice(&self.state.v);
        let t = R::from_f64(self.step as f64 * self.dt64);
        self.integrator
            .step(&self.system, t, self.dt, &mut self.state);
        if self.state.is_finite() {
            self.step += 1;
            true
        } else {
            self.diverged_at = Some(self.step + 1);
            std::mem::swap(&mut self.state, &mut self.previous);
            false
        }
    }

    /// Takes up to `steps` steps; returns how many it took.
    pub fn advance(&mut self, steps: u64) -> u64 {
        let mut taken = 0;
        while taken < steps && self.step() {
            taken += 1;
        }
        taken
    }

    pub fn state(&self) -> &State<R> {
        &self.state
    }

    /// Steps taken.
    pub fn steps(&self) -> u64 {
        self.step
    }

    /// `t = steps · dt`.
    pub fn t(&self) -> f64 {
        self.step as f64 * self.dt64
    }

    /// The step whose result was not finite, if any.
    pub fn diverged_at(&self) -> Option<u64> {
        self.diverged_at
    }

    pub fn evaluations(&self) -> u64 {
        self.integrator.evaluations()
    }

    /// Why the run stopped, where it failed in a way of its own: a student's rule (see
    /// [`Integrator::failure`]) or a student's force that raised an error.
    pub fn failure(&self) -> Option<String> {
        self.integrator.failure().or_else(|| self.system.failure())
    }
}

/// One method stepping one setup in the precision chosen at run time: the CLI's `--precision` and the page's
/// `precision=` end here, and nowhere else is f32 or f64 chosen.
pub enum AnyRun {
    #[cfg(feature = "f32")]
    F32(Run<f32>),
    F64(Run<f64>),
}

/// Forwards a call to the run inside, whatever its precision.
macro_rules! forward {
    ($self:ident, $run:ident => $call:expr) => {
        match $self {
            #[cfg(feature = "f32")]
            AnyRun::F32($run) => $call,
            AnyRun::F64($run) => $call,
        }
    };
}

impl AnyRun {
    pub fn new(setup: &Setup, method: impl Into<Method>, precision: Precision) -> Self {
        match precision {
            #[cfg(feature = "f32")]
            Precision::F32 => AnyRun::F32(Run::new(setup, method)),
            Precision::F64 => AnyRun::F64(Run::new(setup, method)),
        }
    }

    /// The twin of [`AnyRun::new`]: from the setup's start with its first position coordinate moved by
    /// `delta` (see [`crate::chaos::check_nudge`]), to measure how fast two nearby starts part.
    pub fn nudged(
        setup: &Setup,
        method: impl Into<Method>,
        precision: Precision,
        delta: f64,
    ) -> Self {
        let mut start = setup.initial();
        start.x[0] += delta;
        let method = method.into();
        match precision {
            #[cfg(feature = "f32")]
            Precision::F32 => AnyRun::F32(Run::starting(setup, method, &start)),
            Precision::F64 => AnyRun::F64(Run::starting(setup, method, &start)),
        }
    }

    pub fn precision(&self) -> Precision {
        match self {
            #[cfg(feature = "f32")]
            AnyRun::F32(_) => Precision::F32,
            AnyRun::F64(_) => Precision::F64,
        }
    }

    pub fn method(&self) -> &Method {
        forward!(self, r => &r.method)
    }

    /// Why the method stopped, where it failed in a way of its own.
    pub fn failure(&self) -> Option<String> {
        forward!(self, r => r.failure())
    }

    /// Takes one step; false, taking none, once the run has diverged.
    #[inline]
    pub fn step(&mut self) -> bool {
        forward!(self, r => r.step())
    }

    /// Takes up to `steps` steps; returns how many it took.
    pub fn advance(&mut self, steps: u64) -> u64 {
        forward!(self, r => r.advance(steps))
    }

    /// Writes the state, widened to f64 (exactly), into `out`.
    pub fn state_into(&self, out: &mut State<f64>) {
        forward!(self, r => {
            let s = r.state();
            for (o, q) in out.x.iter_mut().zip(&s.x) {
                *o = q.to_f64();
            }
            for (o, q) in out.v.iter_mut().zip(&s.v) {
                *o = q.to_f64();
            }
        })
    }

    /// The state widened to f64.
    pub fn state_f64(&self) -> State<f64> {
        forward!(self, r => r.state().to_f64())
    }

    pub fn steps(&self) -> u64 {
        forward!(self, r => r.steps())
    }

    pub fn t(&self) -> f64 {
        forward!(self, r => r.t())
    }

    /// The step whose result was not finite, if any.
    pub fn diverged_at(&self) -> Option<u64> {
        forward!(self, r => r.diverged_at())
    }

    pub fn evaluations(&self) -> u64 {
        forward!(self, r => r.evaluations())
    }
}

/// Which steps a table or a history records: step 0, every `every`-th step, and the last step of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stride {
    pub every: u64,
    /// The run's last step.
    pub last: u64,
}

impl Stride {
    /// Every `every`-th step of a run of `last` steps (`every` of 0 counts as 1).
    pub fn new(every: u64, last: u64) -> Self {
        Stride {
            every: every.max(1),
            last,
        }
    }

    /// The finest stride that keeps a run of `last` steps within `rows` rows (at least 1 a step).
    pub fn within(last: u64, rows: u64) -> Self {
        Stride::new(last.div_ceil(rows.max(1)), last)
    }

    pub fn records(&self, step: u64) -> bool {
        step % self.every == 0 || step == self.last
    }

    /// Rows recorded over the whole run, at most: step 0, the multiples, the last.
    pub fn rows(&self) -> usize {
        (self.last / self.every + 2) as usize
    }
}

/// The truth a run is compared with: the exact solution, or a reference run where none exists.
pub struct TruthRun {
    setup: Setup,
    reference: Option<Reference>,
    /// The closed form with its common parts computed once, where the scenario prepares one.
    prepared: Option<crate::scenarios::Prepared>,
    /// Points a step the truth can be asked for.
    refine: u64,
}

struct Reference {
    system: System<f64>,
    stepper: ExplicitRungeKutta<f64, 4>,
    state: State<f64>,
    /// Reference steps in one step of the setup's dt (a multiple of the refinement).
    substeps: u64,
    h: f64,
    /// Reference steps taken.
    done: u64,
}

impl TruthRun {
    pub fn new(setup: &Setup) -> Self {
        TruthRun::refined(setup, 1)
    }

    /// A truth that can also be asked for `refine` points within each step of the setup's dt
    /// ([`TruthRun::at_fine_into`]): a reference run then takes a whole number of its steps a point.
    pub fn refined(setup: &Setup, refine: u64) -> Self {
        let refine = refine.max(1);
        let reference = (setup.scenario.info().truth == Truth::Reference).then(|| {
            let substeps = reference_substeps(setup.dt / refine as f64) * refine;
            let system = setup.system();
            let state = setup.initial();
            let mut stepper = ExplicitRungeKutta::new(&RK4, system.dim);
            stepper.start(&system, 0.0, &state);
            Reference {
                system,
                stepper,
                state,
                substeps,
                h: setup.dt / substeps as f64,
                done: 0,
            }
        });
        TruthRun {
            prepared: setup.scenario.exact_prepared(&setup.params),
            setup: setup.clone(),
            reference,
            refine,
        }
    }

    pub fn kind(&self) -> Truth {
        self.setup.scenario.info().truth
    }

    /// The reference run's step, where the truth is a reference.
    pub fn reference_step(&self) -> Option<f64> {
        self.reference.as_ref().map(|r| r.h)
    }

    /// The true state after `step` steps of the setup's dt.
    pub fn at(&mut self, step: u64) -> State<f64> {
        let mut out = self.setup.initial();
        self.at_into(step, &mut out);
        out
    }

    /// Writes the true state after `step` steps into `out` without allocating (a reference run asked for an
    /// earlier step than its last starts again, which does).
    pub fn at_into(&mut self, step: u64, out: &mut State<f64>) {
        self.at_fine_into(step * self.refine, out);
    }

    /// The time of point `point` of the refined grid: `point · dt / refine`, and at whole steps exactly
    /// `step · dt`, as every other caller (the CSV, the tracks) computes it.
    pub fn point_time(&self, point: u64) -> f64 {
        if point % self.refine == 0 {
            (point / self.refine) as f64 * self.setup.dt
        } else {
            point as f64 * self.setup.dt / self.refine as f64
        }
    }

    /// Writes the true state at [`TruthRun::point_time`] of `point` (see [`TruthRun::refined`]) into `out`.
    pub fn at_fine_into(&mut self, point: u64, out: &mut State<f64>) {
        let refine = self.refine;
        let t = self.point_time(point);
        let Some(r) = self.reference.as_mut() else {
            if let Some(at) = &self.prepared {
                at(t, out);
                return;
            }
            let exact = self.setup.scenario.exact(&self.setup.params, t, out);
            debug_assert!(exact, "scenarios marked exact give a closed form");
            return;
        };
        let target = point * (r.substeps / refine);
        if target < r.done {
            *r = TruthRun::refined(&self.setup, refine)
                .reference
                .expect("reference");
        }
        while r.done < target {
            let t = r.done as f64 * r.h;
            r.stepper.step(&r.system, t, r.h, &mut r.state);
            r.done += 1;
        }
        out.set(&r.state.x, &r.state.v);
    }
}
