//! What a worksheet task asks the core to compute: a quantity of a run, named in the worksheet, never
//! written there. The teacher who changes `k` changes the answer too.

use crate::analysis::{self, OrderVerdict};
use crate::csv::position_error;
use crate::rotation::methods::RotationMethodId;
use crate::rotation::scenarios::RotationSetup;
use crate::rotation::{attitude_angle, dot, norm};
use crate::{AnyRun, Error, MethodId, Precision, Setup, State};

/// What a task's setup runs: a point mass's scenario, or a spinning body (a family of methods of its own).
#[derive(Clone, Debug)]
pub enum System {
    Point(Setup),
    Spinning(RotationSetup),
}

/// A method of the task's family: an id such as `euler` names a different method on a spinning body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepper {
    Point(MethodId),
    Spinning(RotationMethodId),
}

impl Stepper {
    /// The method `id` within the family of `system`.
    pub fn of(id: &str, system: &System) -> Result<Stepper, Error> {
        Ok(match system {
            System::Point(_) => Stepper::Point(MethodId::from_id(id)?),
            System::Spinning(_) => Stepper::Spinning(RotationMethodId::from_id(id)?),
        })
    }

    pub fn id(self) -> &'static str {
        match self {
            Stepper::Point(m) => m.id(),
            Stepper::Spinning(m) => m.id(),
        }
    }

    /// Every method of a system's family.
    pub fn all(system: &System) -> Vec<Stepper> {
        match system {
            System::Point(_) => MethodId::ALL.iter().map(|&m| Stepper::Point(m)).collect(),
            System::Spinning(_) => RotationMethodId::ALL
                .into_iter()
                .map(Stepper::Spinning)
                .collect(),
        }
    }
}

impl System {
    /// The scenario's id.
    pub fn id(&self) -> &'static str {
        match self {
            System::Point(s) => s.scenario.info().id,
            System::Spinning(s) => s.info.id,
        }
    }

    pub fn steps(&self) -> u64 {
        match self {
            System::Point(s) => s.steps(),
            System::Spinning(s) => s.steps(),
        }
    }

    /// Whether its scenario has a parameter of this name.
    pub fn has_param(&self, name: &str) -> bool {
        match self {
            System::Point(s) => s.params.iter().any(|(n, _)| n == name),
            System::Spinning(s) => s.params.iter().any(|(n, _)| n == name),
        }
    }

    fn dt(&self) -> f64 {
        match self {
            System::Point(s) => s.dt,
            System::Spinning(s) => s.dt,
        }
    }

    fn until(&self) -> f64 {
        match self {
            System::Point(s) => s.until,
            System::Spinning(s) => s.steps() as f64 * s.dt,
        }
    }
}

/// The quantities a worksheet can name (docs/worksheets.md lists them), by their names in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum What {
    /// A position coordinate.
    Position,
    /// A velocity coordinate.
    Velocity,
    /// The distance from the origin, |x| (the dog's radius on its rod).
    Distance,
    Energy,
    Kinetic,
    Potential,
    /// The largest error of one position coordinate against the truth at that moment (not the distance
    /// from the true position: that is `DistanceError`).
    Error,
    /// The distance from the true position at that moment, √Σ(x − x_exact)².
    DistanceError,
    /// The energy's change from the start, in percent of the starting energy.
    EnergyChange,
    /// The largest rise of the energy from one step to the next over the run, in percent of the starting
    /// energy: at or below zero for a method whose energy only ever falls.
    EnergyRise,
    /// The fitted order of a convergence study of the setup (its `levels`).
    Order,
    /// The largest stable dt on the setup's oscillator, in s.
    StableDt,
    /// The largest stable ω·dt on the setup's oscillator.
    StableOmegaDt,
    /// Force evaluations a step.
    Evaluations,
    /// When the run and its twin from the setup's nudge (`nudge=`) first part by more than `apart` (the lower
    /// bobs' distance on a pendulum), in s.
    PartingTime,
    /// A spinning body's: the length of its attitude quaternion (1 for a rotation).
    QNorm,
    /// A spinning body's: the length of its angular momentum, ‖Iω‖.
    LNorm,
    /// A spinning body's: when ω about the middle axis first changes sign (the tennis racket's first flip), in s.
    FlipTime,
}

impl What {
    pub const ALL: [(&'static str, What); 18] = [
        ("position", What::Position),
        ("velocity", What::Velocity),
        ("distance", What::Distance),
        ("energy", What::Energy),
        ("kinetic", What::Kinetic),
        ("potential", What::Potential),
        ("error", What::Error),
        ("distance-error", What::DistanceError),
        ("energy-change", What::EnergyChange),
        ("energy-rise", What::EnergyRise),
        ("order", What::Order),
        ("stable-dt", What::StableDt),
        ("stable-omega-dt", What::StableOmegaDt),
        ("evaluations", What::Evaluations),
        ("parting-time", What::PartingTime),
        ("q-norm", What::QNorm),
        ("L-norm", What::LNorm),
        ("flip-time", What::FlipTime),
    ];

    pub fn from_name(name: &str) -> Result<What, String> {
        What::ALL
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, w)| w)
            .ok_or_else(|| {
                let known: Vec<&str> = What::ALL.iter().map(|(n, _)| *n).collect();
                format!("unknown quantity '{name}' (known: {})", known.join(", "))
            })
    }

    pub fn name(self) -> &'static str {
        What::ALL
            .iter()
            .find(|(_, w)| *w == self)
            .map(|(n, _)| *n)
            .expect("every quantity is named")
    }

    /// Whether the truth has this quantity (a run's study or stability has no "exact" counterpart).
    fn of_truth(self) -> bool {
        matches!(
            self,
            What::Position
                | What::Velocity
                | What::Distance
                | What::Energy
                | What::Kinetic
                | What::Potential
                | What::EnergyChange
                | What::QNorm
                | What::LNorm
                | What::FlipTime
        )
    }

    /// Whether a spinning body has it (`Some(true)`), a point mass only (`Some(false)`), or both (`None`).
    fn spinning(self) -> Option<bool> {
        match self {
            What::QNorm | What::LNorm | What::FlipTime => Some(true),
            What::Energy
            | What::Kinetic
            | What::Potential
            | What::EnergyChange
            | What::EnergyRise
            | What::Error
            | What::Order
            | What::Evaluations => None,
            _ => Some(false),
        }
    }
}

/// When in the run a quantity is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum At {
    End,
    Time(f64),
    Step(u64),
}

/// A quantity of one method's run (or the truth's: `method` None) on a setup.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    pub what: What,
    pub method: Option<Stepper>,
    /// Index of the position (or velocity) coordinate.
    pub coordinate: usize,
    pub at: At,
    /// Levels of a convergence study (for `order`).
    pub levels: u32,
    /// The setup's nudge, where it has one (`nudge=`), and how far apart a run and its twin count as parted
    /// (for `parting-time`).
    pub nudge: Option<f64>,
    pub apart: Option<f64>,
}

impl Quantity {
    /// Checks the quantity against its setup: the moment lies in the run, the truth has the quantity, the
    /// scenario is an oscillator where a stability limit is asked for.
    pub fn check(&self, system: &System) -> Result<(), String> {
        if self.method.is_none() && !self.what.of_truth() {
            return Err(format!(
                "'{}' is a property of a method's run: name a method, not the exact solution",
                self.what.name()
            ));
        }
        let spinning = matches!(system, System::Spinning(_));
        if self.what.spinning().is_some_and(|s| s != spinning) {
            let known: Vec<&str> = What::ALL
                .iter()
                .filter(|(_, w)| w.spinning().is_none_or(|s| s == spinning))
                .map(|(n, _)| *n)
                .collect();
            return Err(format!(
                "'{}' is not a quantity of {} ({}'s: {})",
                self.what.name(),
                if spinning {
                    "a spinning body"
                } else {
                    "a point mass"
                },
                system.id(),
                known.join(", ")
            ));
        }
        let step = self.step(system)?;
        if step > system.steps() {
            return Err(match self.at {
                At::Time(t) => format!(
                    "at = {} s is after the run's end (until = {} s)",
                    crate::format::number(t),
                    crate::format::number(system.until())
                ),
                _ => format!(
                    "step = {step} is after the run's end (step {})",
                    system.steps()
                ),
            });
        }
        let System::Point(setup) = system else {
            return Ok(());
        };
        // Where the truth is a reference run, what is read of it (or measured against it) must lie within the
        // reference's horizon: past it neither is known.
        if self.reads_truth() && setup.scenario.info().truth == crate::scenarios::Truth::Reference {
            let mut probe = setup.clone();
            probe.until = step as f64 * setup.dt;
            if let Some(past) = crate::chaos::Trust::of(&probe).and_then(|t| t.horizon) {
                return Err(format!(
                    "the reference run that stands in for the exact solution on '{}' is good to {:e} {} only \
                     until t = {} s: past it neither the reference nor an error against it is known; ask about \
                     a moment before it (this task asks at t = {} s)",
                    setup.scenario.info().id,
                    crate::chaos::HORIZON_TOLERANCE,
                    setup.scenario.info().position_unit,
                    crate::format::significant(past as f64 * setup.dt, 3),
                    crate::format::number(probe.until)
                ));
            }
        }
        if self.what == What::PartingTime {
            if self.nudge.is_none() {
                return Err(
                    "'parting-time' needs a twin: give the setup a nudge= (say nudge=1e-9)".into(),
                );
            }
            if !self.apart.is_some_and(|a| a.is_finite() && a > 0.0) {
                return Err(format!(
                    "'parting-time' needs apart = the distance at which the twins count as parted ({}), a \
                     positive number",
                    crate::chaos::separation_words(setup)
                ));
            }
        }
        if matches!(self.what, What::StableDt | What::StableOmegaDt) {
            if setup.omega().is_none() {
                return Err(format!(
                    "scenario '{}' is not an oscillator: it has no stability limit",
                    setup.scenario.info().id
                ));
            }
            // The chain's fastest mode sets a limit for every method but the kinematic integrators, which
            // take each spring on its own.
            if let Some(Stepper::Point(m)) = self.method {
                if analysis::stability_limit_on(m, setup).is_none() {
                    return Err(format!(
                        "{} states no stability limit on scenario '{}'",
                        m.info().name,
                        setup.scenario.info().id
                    ));
                }
            }
        }
        Ok(())
    }

    /// Whether the quantity reads the truth: a value of the truth's own run, or an error against it.
    fn reads_truth(&self) -> bool {
        match self.what {
            What::Error | What::DistanceError => true,
            _ => self.method.is_none() && self.what.of_truth(),
        }
    }

    fn step(&self, system: &System) -> Result<u64, String> {
        match self.at {
            At::End => Ok(system.steps()),
            At::Step(n) => Ok(n),
            At::Time(t) if t.is_finite() && t >= 0.0 => Ok((t / system.dt()).round() as u64),
            At::Time(t) => Err(format!(
                "at = {t} is not a time in the run (a time in s, from 0)"
            )),
        }
    }

    /// The quantity's value, computed by the core now. NaN where the run diverged before the moment asked.
    pub fn value(&self, system: &System, precision: Precision) -> Result<f64, Error> {
        let bad = |why: String| Error::Inconsistent(why);
        self.check(system).map_err(bad)?;
        let step = self.step(system).map_err(bad)?;
        let setup = match system {
            System::Point(setup) => setup,
            System::Spinning(setup) => return self.of_spin(setup, step),
        };
        let point = |m: Option<Stepper>| match m {
            Some(Stepper::Point(m)) => Some(m),
            _ => None,
        };
        match self.what {
            What::Order => {
                let method = point(self.method).expect("checked: a method");
                let study = analysis::study(setup, &[method], precision, self.levels)?;
                Ok(match study[0].verdict {
                    OrderVerdict::Exact => f64::INFINITY,
                    v => v.order().unwrap_or(f64::NAN),
                })
            }
            What::StableOmegaDt | What::StableDt => {
                let method = point(self.method).expect("checked: a method");
                let limit = analysis::stability_limit_on(method, setup)
                    .expect("checked: a limit is stated")
                    .bound();
                // The oscillation's ω, or (on the chain) its fastest mode's, which sets every step.
                let omega = setup.omega().expect("checked: an oscillator");
                Ok(if self.what == What::StableDt {
                    limit / omega
                } else {
                    limit
                })
            }
            What::Evaluations => {
                let method = point(self.method).expect("checked: a method");
                let mut run = AnyRun::new(setup, method, precision);
                let taken = run.advance(step.max(1));
                Ok(run.evaluations() as f64 / taken.max(1) as f64)
            }
            What::PartingTime => {
                let method = point(self.method).expect("checked: a method");
                let (delta, apart) = (
                    self.nudge.expect("checked: a nudge"),
                    self.apart.expect("checked: a distance"),
                );
                crate::chaos::first_parting(setup, method, precision, delta, apart).ok_or_else(|| {
                    bad(format!(
                        "{}'s run and its twin stay within {} of each other until the run ends ({} s), or one \
                         diverges first: no parting time to ask for (make the run longer)",
                        method.id(),
                        crate::format::number(apart),
                        crate::format::number(setup.until)
                    ))
                })
            }
            _ => Ok(self.of_run(setup, precision, step)),
        }
    }

    /// A spinning body's quantity: read along the method's run (or the truth) up to `step`, or its study.
    fn of_spin(&self, setup: &RotationSetup, step: u64) -> Result<f64, Error> {
        let method = match self.method {
            Some(Stepper::Spinning(m)) => Some(m),
            _ => None,
        };
        match self.what {
            What::Order => {
                let m = method.expect("checked: a method");
                let points = crate::rotation::study::convergence(setup, m, self.levels)?;
                return Ok(analysis::verdict(&points).order().unwrap_or(f64::NAN));
            }
            What::Evaluations => {
                return Ok(method.expect("checked: a method").info().evaluations as f64);
            }
            What::FlipTime => {
                let times = match method {
                    Some(m) => crate::rotation::study::flips(setup, m),
                    None => crate::rotation::study::truth_flips(setup),
                };
                return times.first().copied().ok_or_else(|| {
                    Error::Inconsistent(format!(
                        "{} does not flip before the run ends ({} s): no flip time to ask for",
                        method.map_or("the exact motion", |m| m.id()),
                        crate::format::number(setup.steps() as f64 * setup.dt)
                    ))
                });
            }
            _ => {}
        }
        let total = |spin: &crate::rotation::Spin| {
            let (k, p) = setup.body.energy(spin);
            (k, p, k + p)
        };
        let mut truth = setup.truth();
        let mut spin = truth.at(0);
        let start = total(&spin).2;
        let mut rise = f64::NEG_INFINITY;
        let mut last = start;
        match method {
            Some(m) => {
                let mut run = setup.run(m);
                while run.steps < step {
                    if !run.step() {
                        return Ok(f64::NAN);
                    }
                    if self.what == What::EnergyRise {
                        let e = total(&run.spin).2;
                        rise = rise.max(e - last);
                        last = e;
                    }
                }
                spin = run.spin;
            }
            None => spin = truth.at(step),
        }
        let (kinetic, potential, energy) = total(&spin);
        let scale = start.abs().max(f64::MIN_POSITIVE);
        Ok(match self.what {
            What::Energy => energy,
            What::Kinetic => kinetic,
            What::Potential => potential,
            What::EnergyChange => 100.0 * (energy - start) / scale,
            What::EnergyRise => 100.0 * rise / scale,
            What::QNorm => norm(&spin.q),
            What::LNorm => {
                let l = setup.body.momentum(&spin.omega);
                dot(&l, &l).sqrt()
            }
            What::Error => {
                let mut truth = setup.truth();
                attitude_angle(&spin.q, &truth.at(step).q)
            }
            _ => unreachable!("checked: a spinning body's quantity"),
        })
    }

    /// A quantity read along the run (or the truth) up to `step`.
    fn of_run(&self, setup: &Setup, precision: Precision, step: u64) -> f64 {
        let mut truth = setup.truth();
        let mut exact = setup.initial();
        let mut state = setup.initial();
        let energy = |s: &State<f64>| setup.energy(s).total();
        let start = energy(&state);
        let mut run = match self.method {
            Some(Stepper::Point(m)) => Some(AnyRun::new(setup, m, precision)),
            _ => None,
        };
        let mut rise = f64::NEG_INFINITY;
        let mut last = start;
        for n in 1..=step {
            match run.as_mut() {
                Some(run) => {
                    if !run.step() {
                        return f64::NAN;
                    }
                    if self.what == What::EnergyRise {
                        run.state_into(&mut state);
                        let e = energy(&state);
                        rise = rise.max(e - last);
                        last = e;
                    }
                }
                None => truth.at_into(n, &mut state),
            }
        }
        if let Some(run) = &run {
            run.state_into(&mut state);
        }
        let e = setup.energy(&state);
        let scale = start.abs().max(f64::MIN_POSITIVE);
        match self.what {
            What::Position => state.x[self.coordinate],
            What::Velocity => state.v[self.coordinate],
            What::Distance => state.x.iter().map(|x| x * x).sum::<f64>().sqrt(),
            What::Energy => e.total(),
            What::Kinetic => e.kinetic,
            What::Potential => e.potential,
            What::Error => {
                truth.at_into(step, &mut exact);
                position_error(&state, &exact)
            }
            What::DistanceError => {
                truth.at_into(step, &mut exact);
                state
                    .x
                    .iter()
                    .zip(&exact.x)
                    .map(|(x, e)| (x - e) * (x - e))
                    .sum::<f64>()
                    .sqrt()
            }
            What::EnergyChange => 100.0 * (e.total() - start) / scale,
            What::EnergyRise => 100.0 * rise / scale,
            What::Order
            | What::StableDt
            | What::StableOmegaDt
            | What::Evaluations
            | What::PartingTime => {
                unreachable!("computed in value()")
            }
            What::QNorm | What::LNorm | What::FlipTime => {
                unreachable!("checked: a spinning body's quantity")
            }
        }
    }
}
