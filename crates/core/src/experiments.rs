//! The articles' experiments, one click away: each is a permalink into the lab, a few sentences on what to
//! look at, the article's own claim quoted, and a measurement made by the core when asked. Only the claims
//! are typed in; every figure in `measure` is computed.

use crate::analysis::{self, energy_stats, max_error};
use crate::articles::{self, Article};
use crate::claims::{
    first_step_ratio_theory, spring_order, two_springs_energy, two_springs_errors,
    two_springs_first_steps,
};
use crate::csv::position_error;
use crate::{Error, MethodId, Precision, Real, Run, Setup, State};

/// One guided experiment.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    pub id: &'static str,
    /// The article it comes from.
    pub article: &'static Article,
    pub title: &'static str,
    /// The page's URL query (without `?`): the experiment's permalink.
    pub query: &'static str,
    /// What to look at and why it happens, in the lab's words.
    pub look: &'static str,
    /// The article's claim, quoted.
    pub claim: &'static str,
    /// Which measurement the lab makes (see [`Experiment::measure`]).
    pub how: Measure,
}

/// Which measurement an experiment makes. It is data, not a function pointer, so that listing the
/// experiments does not bring in the code that runs them: the page's usual core lists them, and its second
/// build, loaded when asked, measures them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    FiedlerTable,
    FiedlerFloat,
    FiedlerDamped,
    /// The undamped spring at this dt.
    FiedlerSpring(f64),
    /// Symplectic Euler, RK4 and Forest–Ruth on the spring at this dt.
    FiedlerHigherOrder(f64),
    JumpLanding,
    DragEstimate,
    DogOnRod,
    DogRk,
    LeapfrogVelocity,
    Level144000,
    VerletStartup,
    LanderExact,
    SpringHugeDt,
    TwoSprings,
    FirstStep,
    AverageEnergy,
    SemiImplicitOrder,
    DoublePendulumHorizon,
    /// The single pendulum's nudge, beside the double's: growth in proportion to time, no exponent.
    PendulumNudge,
    /// A spinning body's: explicit Euler's ‖q‖ after a second.
    QuaternionNorm,
    SpinEnergyGain,
    LostFlip,
    RescaleDrift,
    ImplicitDamping,
}

impl Experiment {
    /// The lab's measurement, made now, as a sentence of figures (up to a few hundred milliseconds).
    pub fn measure(&self) -> Result<String, Error> {
        match self.how {
            Measure::FiedlerTable => fiedler_table(),
            Measure::FiedlerFloat => fiedler_float(),
            Measure::FiedlerDamped => fiedler_damped(),
            Measure::FiedlerSpring(dt) => fiedler_spring(dt),
            Measure::FiedlerHigherOrder(dt) => fiedler_higher_order(dt),
            Measure::JumpLanding => jump_landing(),
            Measure::DragEstimate => drag_estimate(),
            Measure::DogOnRod => dog_on_rod(),
            Measure::DogRk => dog_rk(),
            Measure::LeapfrogVelocity => leapfrog_velocity(),
            Measure::Level144000 => level_144000(),
            Measure::VerletStartup => verlet_startup(),
            Measure::LanderExact => lander_exact(),
            Measure::SpringHugeDt => spring_huge_dt(),
            Measure::TwoSprings => two_springs(),
            Measure::FirstStep => first_step(),
            Measure::AverageEnergy => average_energy(),
            Measure::SemiImplicitOrder => semi_implicit_order(),
            Measure::DoublePendulumHorizon => double_pendulum_horizon(),
            Measure::PendulumNudge => pendulum_nudge(),
            Measure::QuaternionNorm => spinning::quaternion_norm(),
            Measure::SpinEnergyGain => spinning::energy_gain(),
            Measure::LostFlip => spinning::lost_flip(),
            Measure::RescaleDrift => spinning::rescale_drift(),
            Measure::ImplicitDamping => spinning::implicit_damping(),
        }
    }
}

fn setup(scenario: &str, overrides: &[(&str, f64)], dt: f64, until: f64) -> Result<Setup, Error> {
    let overrides: Vec<(String, f64)> =
        overrides.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    Setup::new(scenario, &overrides, Some(dt), Some(until))
}

/// The state at the end of the setup, in f64, and whether the method diverged on the way.
fn end<R: Real>(setup: &Setup, method: MethodId) -> (State<f64>, Option<f64>) {
    let mut run = Run::<R>::new(setup, method);
    run.advance(setup.steps());
    (
        run.state().to_f64(),
        run.diverged_at().map(|k| k as f64 * setup.dt),
    )
}

/// A relative change as a percentage, or as a factor when it is more than tenfold.
use crate::format::percent;

fn fiedler_table() -> Result<String, Error> {
    let s = setup("constant-force", &[], 1.0, 10.0)?;
    let (euler, _) = end::<f32>(&s, MethodId::Euler);
    let (kinematic, _) = end::<f32>(&s, MethodId::Kinematic);
    let exact = s.truth().at(s.steps());
    Ok(format!(
        "After 10 steps of 1 s: explicit Euler {} m, the kinematic integrator {} m, exact {} m. Euler's 50 m is \
         ½·a·t·dt = ½·10·10·1: it moves each step with the velocity the step began with.",
        euler.x[0], kinematic.x[0], exact.x[0]
    ))
}

fn fiedler_float() -> Result<String, Error> {
    let s = setup("constant-force", &[], 0.01, 10.0)?;
    let mut f32_run = Run::<f32>::new(&s, MethodId::Euler);
    f32_run.advance(s.steps());
    let (x32, v32) = (f32_run.state().x[0], f32_run.state().v[0]);
    let (f64_end, _) = end::<f64>(&s, MethodId::Euler);
    Ok(format!(
        "In f32 after 1000 steps: position {x32}, velocity {v32} (his 499.497070 and 99.999046). In f64 the same \
         method gives {:.6} and {:.6}: the 0.5 m short of 500 is method error (½·a·t·dt), the further {:.6} m is \
         float rounding.",
        f64_end.x[0],
        f64_end.v[0],
        f64_end.x[0] - x32 as f64
    ))
}

fn fiedler_damped() -> Result<String, Error> {
    let s = setup("damped-spring", &[], 0.01, 10.0)?;
    let e0 = s.energy(&s.initial()).total();
    let change = |m| {
        let (state, _) = end::<f64>(&s, m);
        s.energy(&state).total() / e0 - 1.0
    };
    let exact = s.energy(&s.truth().at(s.steps())).total() / e0 - 1.0;
    Ok(format!(
        "Energy change over 10 s: explicit Euler {}, symplectic Euler {}, RK4 {}, exact {}.",
        percent(change(MethodId::Euler)),
        percent(change(MethodId::SymplecticEuler)),
        percent(change(MethodId::Rk4)),
        percent(exact)
    ))
}

fn fiedler_spring(dt: f64) -> Result<String, Error> {
    let s = setup("spring", &[], dt, 90.0)?;
    let rk4 = energy_stats(&s, MethodId::Rk4, Precision::F64);
    let se = energy_stats(&s, MethodId::SymplecticEuler, Precision::F64);
    let truth = s.truth().at(s.steps());
    let (se_end, _) = end::<f64>(&s, MethodId::SymplecticEuler);
    let (rk_end, _) = end::<f64>(&s, MethodId::Rk4);
    Ok(format!(
        "After 90 s at dt = {dt}: RK4's energy {} and its position is off by {:.1} m of a 1000 m amplitude; symplectic Euler's \
         energy {} (it ended at {}) while its position is off by {:.1} m: it is out of phase.",
        rk4.describe(),
        position_error(&rk_end, &truth),
        se.describe(),
        percent(se.drift()),
        position_error(&se_end, &truth)
    ))
}

fn fiedler_higher_order(dt: f64) -> Result<String, Error> {
    let s = setup("spring", &[], dt, 90.0)?;
    let mut parts = Vec::new();
    for m in [
        MethodId::SymplecticEuler,
        MethodId::Rk4,
        MethodId::ForestRuth,
    ] {
        let stats = energy_stats(&s, m, Precision::F64);
        // The largest error over the run, not the error at the end: a method far out of phase can pass
        // close to the true position at t = 90 s by chance.
        parts.push(format!(
            "{}: largest position error {:.0} m of a 1000 m amplitude, energy {}",
            m.info().name,
            max_error(&s, m, Precision::F64),
            stats.describe()
        ));
    }
    Ok(format!("Over 90 s at dt = {dt}: {}.", parts.join("; ")))
}

fn jump_landing() -> Result<String, Error> {
    let mut parts = Vec::new();
    for hz in [15.0, 30.0, 60.0, 120.0] {
        let s = setup("projectile", &[], 1.0 / hz, 2.0)?;
        let truth = s.truth().at(s.steps());
        let (vv, _) = end::<f64>(&s, MethodId::VelocityVerlet);
        let (eu, _) = end::<f64>(&s, MethodId::Euler);
        parts.push(format!(
            "{hz} Hz: velocity Verlet off by {:.1e} m, Euler by {:.3} m",
            (vv.x[1] - truth.x[1]).abs(),
            (eu.x[1] - truth.x[1]).abs()
        ));
    }
    Ok(format!("Height at t = 2 s: {}.", parts.join("; ")))
}

fn drag_estimate() -> Result<String, Error> {
    let s = setup("drag", &[], 0.1, 10.0)?;
    let order = |m| -> Result<f64, Error> {
        let points = analysis::convergence(&s, m, Precision::F64, 5)?;
        Ok(analysis::fitted_order(&points).unwrap_or(f64::NAN))
    };
    Ok(format!(
        "Fitted order of accuracy under drag, dt = 0.1 … 0.00625 s: velocity Verlet with the estimate {:.2}, \
         explicit Euler {:.2}, RK4 {:.2}.",
        order(MethodId::VelocityVerlet)?,
        order(MethodId::Euler)?,
        order(MethodId::Rk4)?
    ))
}

fn radius_after(s: &Setup, m: MethodId) -> f64 {
    let (state, _) = end::<f64>(s, m);
    state.x[0].hypot(state.x[1])
}

fn dog_on_rod() -> Result<String, Error> {
    let s = setup("orbit", &[], 0.1, 63.0)?;
    Ok(format!(
        "Radius after 630 steps (ten turns), starting from 1 m: explicit Euler {:.2} m (√1.01 a step: {:.2}), implicit \
         Euler {:.4} m, symplectic Euler {:.4} m.",
        radius_after(&s, MethodId::Euler),
        1.01f64.powf(315.0),
        radius_after(&s, MethodId::ImplicitEuler),
        radius_after(&s, MethodId::SymplecticEuler)
    ))
}

fn dog_rk() -> Result<String, Error> {
    let s = setup("orbit", &[], 0.1, 63.0)?;
    Ok(format!(
        "Radius after ten turns: midpoint {:.5} m, RK4 {:.7} m, explicit Euler {:.2} m.",
        radius_after(&s, MethodId::Midpoint),
        radius_after(&s, MethodId::Rk4),
        radius_after(&s, MethodId::Euler)
    ))
}

fn leapfrog_velocity() -> Result<String, Error> {
    let s = setup("orbit", &[], 0.1, 6.3)?;
    let (state, _) = end::<f64>(&s, MethodId::Leapfrog);
    let at_t = s.truth().at(s.steps());
    let mut half_back = s.initial();
    s.scenario
        .exact(&s.params, (s.steps() as f64 - 0.5) * s.dt, &mut half_back);
    let off = |v: &State<f64>| (state.v[0] - v.v[0]).hypot(state.v[1] - v.v[1]);
    Ok(format!(
        "After one turn at dt = 0.1 s, leapfrog's velocity is {:.4} m/s from the true velocity at the same time, but \
         only {:.5} m/s from the true velocity half a step earlier.",
        off(&at_t),
        off(&half_back)
    ))
}

fn level_144000() -> Result<String, Error> {
    let s = setup("spring", &[], 1.0 / 120.0, 1200.0)?;
    let parts: Vec<String> = MethodId::ALL
        .iter()
        .map(|&m| {
            let e = energy_stats(&s, m, Precision::F64);
            format!("{} {}", m.info().name, e.describe())
        })
        .collect();
    Ok(format!(
        "Energy over 144,000 steps at 120 Hz on Fiedler's spring, all {} methods: {}.",
        MethodId::ALL.len(),
        parts.join("; ")
    ))
}

fn verlet_startup() -> Result<String, Error> {
    let s = setup("spring", &[], 0.01, 1.0)?;
    let points = analysis::convergence(&s, MethodId::Verlet, Precision::F64, 5)?;
    let order = analysis::fitted_order(&points).unwrap_or(f64::NAN);
    let first = setup("projectile", &[], 1.0 / 60.0, 1.0 / 60.0)?;
    let (one, _) = end::<f64>(&first, MethodId::Verlet);
    let truth = first.truth().at(1);
    Ok(format!(
        "Position Verlet started with x1 = x0 + v0·dt + ½·a0·dt² is exact on the jump's first step (off by {} m) \
         and converges at order {order:.2} on the spring.",
        crate::format::number((one.x[1] - truth.x[1]).abs())
    ))
}

fn lander_exact() -> Result<String, Error> {
    // At 0.7, 0.9 and 3 s the burn's start (2 s) and end (5 s) fall inside steps.
    let parts: Vec<String> = [0.7, 0.9, 3.0]
        .iter()
        .map(|&dt| {
            let s = setup("lunar-lander", &[], dt, 30.0 * dt)?;
            Ok(format!(
                "dt = {dt} s: kinematic {:.1e} m, symplectic Euler {:.3} m",
                max_error(&s, MethodId::Kinematic, Precision::F64),
                max_error(&s, MethodId::SymplecticEuler, Precision::F64)
            ))
        })
        .collect::<Result<_, Error>>()?;
    Ok(format!(
        "Largest height error over 30 steps, the burn switching inside steps: {}. Every other method samples the \
         thrust at a few points of each step and misses when it switched: midpoint, exact when the switches fall \
         on step edges, becomes first order, average acceleration second, and the rest are first order on the \
         lander whatever the dt.",
        parts.join("; ")
    ))
}

fn spring_huge_dt() -> Result<String, Error> {
    let s = setup("spring", &[], 5.0, 5000.0)?;
    let (kin, _) = end::<f64>(&s, MethodId::Kinematic);
    let truth = s.truth().at(s.steps());
    let (_, se_diverged) = end::<f64>(&s, MethodId::SymplecticEuler);
    Ok(format!(
        "At dt = 5 s (ω·dt = 19.4, three periods a step) after 1000 steps: kinematic off by {:.1e} m of a 1000 m amplitude; \
         symplectic Euler {}.",
        position_error(&kin, &truth),
        se_diverged.map_or("stays finite".to_string(), |t| format!("diverged at t = {t} s"))
    ))
}

fn two_springs() -> Result<String, Error> {
    let e = two_springs_errors(1.0 / 60.0, 10.0)?;
    let fine = two_springs_errors(1.0 / 960.0, 10.0)?;
    Ok(format!(
        "Largest error over 10 s at 60 Hz: symplectic Euler {:.2e} m, kinematic {:.2e} m ({:.0}× smaller), average \
         acceleration {:.2e} m ({:.0}× smaller). At 960 Hz the ratios are {:.0}× and {:.0}×: they grow as dt \
         shrinks, so the article's figures rest on settings it does not give.",
        e.symplectic_euler,
        e.kinematic,
        e.kinematic_ratio(),
        e.kinematic_average,
        e.average_ratio(),
        fine.kinematic_ratio(),
        fine.average_ratio()
    ))
}

fn first_step() -> Result<String, Error> {
    let steps = two_springs_first_steps(&[1, 2, 10, 60, 600])?;
    let ratios: Vec<String> = steps
        .iter()
        .map(|e| {
            format!(
                "after {} step{}: {:.0}× and {:.3e}×",
                e.steps,
                if e.steps == 1 { "" } else { "s" },
                e.kinematic_ratio(),
                e.average_ratio()
            )
        })
        .collect();
    Ok(format!(
        "Symplectic Euler's error over the kinematic integrator's, and over average acceleration's, from rest at \
         60 Hz: {}. The first is 6·(1/k1 + 1/k2)·m/dt² = {:.0} to leading order: one setting that gives the \
         article's figure, which then falls as the steps add up.",
        ratios.join("; "),
        first_step_ratio_theory()?
    ))
}

fn average_energy() -> Result<String, Error> {
    let hours = 3.0 * 3600.0;
    let average = two_springs_energy(MethodId::KinematicAverage, hours)?;
    let kinematic = two_springs_energy(MethodId::Kinematic, hours)?;
    Ok(format!(
        "Energy change after 3 hours at 60 Hz: average acceleration {}, kinematic {}.",
        percent(average.drift()),
        percent(kinematic.drift())
    ))
}

fn semi_implicit_order() -> Result<String, Error> {
    Ok(format!(
        "Fitted order on the spring, dt = 0.01 … 0.000625 s: symplectic Euler {:.3}, explicit Euler {:.3}, \
         velocity Verlet {:.3}.",
        spring_order(MethodId::SymplecticEuler, 5)?,
        spring_order(MethodId::Euler, 5)?,
        spring_order(MethodId::VelocityVerlet, 5)?
    ))
}

/// The double pendulum's largest Lyapunov exponent (over 300 s: within 1 % of `lyapunov`'s 1000 s here, at a
/// third of the work, for a page's worker), what a
/// digit of the start is worth, and where the lab's own reference stops being known.
fn double_pendulum_horizon() -> Result<String, Error> {
    use crate::chaos::{self, Trust, HORIZON_TOLERANCE};
    let start = setup("double-pendulum", &[], 0.01, 24.0)?;
    let lambda = chaos::lyapunov(&start, 300.0, 0.1, 1e-9, 1e-3)?.exponent;
    let trust = Trust::of(&start).ok_or_else(|| Error::Inconsistent("no reference".into()))?;
    let horizon = match trust.horizon {
        Some(step) => format!(
            "until t = {} s, where one at half its step parts from it; past that the lab measures no error \
             against it",
            crate::format::significant(step as f64 * start.dt, 3)
        ),
        None => "over the whole 24 s".into(),
    };
    // The permalink's own twins: RK4 at dt = 0.001 s from 1e-9 rad, until the lower bobs are 1 cm apart.
    let twins = setup("double-pendulum", &[], 0.001, 40.0)?;
    let parted = chaos::first_parting(&twins, MethodId::Rk4, Precision::F64, 1e-9, 1e-2)
        .ok_or_else(|| Error::Inconsistent("the twins did not part within 40 s".into()))?;
    Ok(format!(
        "λ = {lambda:.2} /s over 300 s (estimates over 300 s scatter by about ±0.06 /s): a difference grows \
         e-fold every {:.2} s, and each digit of the start \
         is worth ln 10/λ = {:.2} s of prediction. RK4's twin from 1e-9 rad puts the lower bob 1 cm off at \
         t = {:.1} s. The reference (RK4 at h = 1e-4 s) is good to {HORIZON_TOLERANCE:e} rad {horizon}.",
        1.0 / lambda,
        std::f64::consts::LN_10 / lambda,
        parted
    ))
}

/// The single pendulum's twins from 1e-6 rad (RK4 at its default dt): the bobs' separation at 5, 10 and 20 s,
/// growing in proportion to time (a swing's period depends on its size), and its exponent, which is none.
fn pendulum_nudge() -> Result<String, Error> {
    let s = setup("pendulum", &[], 0.05, 20.0)?;
    // The envelope up to each time (the separation swings with the motion), at steps 100, 200 and 400.
    let apart: Vec<f64> =
        crate::chaos::separations(&s, MethodId::Rk4, Precision::F64, 1e-6).collect();
    let by = |step: usize| apart[..step].iter().copied().fold(0f64, f64::max);
    let at = [by(100), by(200), by(400)];
    let lambda = crate::chaos::lyapunov(&s, 300.0, 0.1, 1e-9, 1e-3)?.exponent;
    Ok(format!(
        "The bobs' separation reaches {} m by 5 s, {} m by 10 s and {} m by 20 s: about double for double the \
         time, growth in proportion to time. Its mean rate over 300 s is {} /s, below the {} /s of chaos: no \
         exponent, no horizon.",
        crate::format::significant(at[0], 2),
        crate::format::significant(at[1], 2),
        crate::format::significant(at[2], 2),
        crate::format::significant(lambda, 2),
        crate::chaos::CHAOTIC
    ))
}

/// The spinning bodies' measurements: each run as the experiment's permalink runs it.
mod spinning {
    use crate::format::{percent, significant};
    use crate::rotation::methods::RotationMethodId as M;
    use crate::rotation::scenarios::{Jacobi, RotationSetup};
    use crate::rotation::study::flips;
    use crate::rotation::{norm, Spin};
    use crate::Error;

    fn setup(id: &str, over: &[(&str, f64)], dt: f64, until: f64) -> Result<RotationSetup, Error> {
        let over: Vec<(String, f64)> = over.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        RotationSetup::new(id, &over, Some(dt), Some(until))
    }

    /// The method's spin after `steps` steps (or where it stopped), and the energy (kinetic + potential) at
    /// each step on the way, the start's first.
    fn energies(s: &RotationSetup, method: M, steps: u64) -> (Spin, Vec<f64>) {
        let mut run = s.run(method);
        let total = |spin: &Spin| {
            let (k, p) = s.body.energy(spin);
            k + p
        };
        let mut out = vec![total(&run.spin)];
        while run.steps < steps && run.step() {
            out.push(total(&run.spin));
        }
        (run.spin, out)
    }

    fn largest_change(energies: &[f64]) -> f64 {
        let e0 = energies[0];
        energies
            .iter()
            .map(|e| ((e - e0) / e0).abs())
            .fold(0.0, f64::max)
    }

    pub(super) fn quaternion_norm() -> Result<String, Error> {
        let s = setup(
            "spinning-top",
            &[("omega2", 0.0), ("omega3", 10.0)],
            1.0 / 60.0,
            5.0,
        )?;
        let second = 60;
        let (euler, _) = energies(&s, M::Euler, second);
        // Renormalised every step, the quaternion's length at each step of the whole run.
        let mut fixed = s.run(M::EulerNormalized);
        let mut off = 0.0f64;
        while fixed.steps < s.steps() && fixed.step() {
            off = off.max((norm(&fixed.spin.q) - 1.0).abs());
        }
        let (end, _) = energies(&s, M::Euler, s.steps());
        let factor = (1.0 + (10.0 * s.dt / 2.0f64).powi(2)).sqrt();
        Ok(format!(
            "After 1 s at ‖ω‖ = 10 rad/s and 60 Hz explicit Euler's ‖q‖ = {} (it grows by √(1 + (‖ω‖dt/2)²) = {} a \
             step: {} after 60 steps), and {} after 5 s; renormalised every step, ‖q‖ stays within {} of 1.",
            significant(norm(&euler.q), 5),
            significant(factor, 7),
            significant(factor.powi(second as i32), 5),
            significant(norm(&end.q), 4),
            if off == 0.0 {
                "0 (to the bit)".to_string()
            } else {
                format!("{off:.0e} (round-off)")
            }
        ))
    }

    pub(super) fn energy_gain() -> Result<String, Error> {
        let s = RotationSetup::defaults("tennis-racket")?;
        let (_, euler) = energies(&s, M::Euler, s.steps());
        let (_, engines) = energies(&s, M::SymplecticEuler, s.steps());
        let (_, dlm) = energies(&s, M::Dlm, s.steps());
        let end = |e: &[f64]| percent(e[e.len() - 1] / e[0] - 1.0);
        Ok(format!(
            "Over 30 s at 60 Hz the kinetic energy of rotation ({} J at the start) changes by {} under explicit \
             Euler, in steps at each flip, and by {} under the engines' symplectic Euler (its ω step is explicit \
             Euler's); the DLM splitting keeps it within {} of its start.",
            significant(euler[0], 4),
            end(&euler),
            end(&engines),
            percent(largest_change(&dlm)).trim_start_matches('+')
        ))
    }

    pub(super) fn lost_flip() -> Result<String, Error> {
        let s = RotationSetup::defaults("tennis-racket")?;
        let exact = Jacobi::new(&s.body.moments, &s.start.omega).flip_interval();
        let mean = |m: M| {
            let times = flips(&s, m);
            let n = times.len();
            let gap = if n > 1 {
                (times[n - 1] - times[0]) / (n - 1) as f64
            } else {
                f64::NAN
            };
            (n, gap)
        };
        let (rk4_n, rk4) = mean(M::Rk4);
        let (dlm_n, dlm) = mean(M::Dlm);
        let (none, _) = mean(M::NoGyroscopic);
        Ok(format!(
            "The exact flip comes every 2K(m)/λ = {} s. Over 30 s RK4 flips {rk4_n} times, every {} s; the DLM \
             splitting {dlm_n} times, every {} s; without the gyroscopic term the racket flips {none} times.",
            significant(exact, 6),
            significant(rk4, 6),
            significant(dlm, 6)
        ))
    }

    pub(super) fn rescale_drift() -> Result<String, Error> {
        let over = [("omega1", 0.1), ("omega2", 0.1), ("omega3", 3.0)];
        let s = setup("tennis-racket", &over, 1.0 / 60.0, 120.0)?;
        let (_, e) = energies(&s, M::MomentumRescale, s.steps());
        let l = s.body.momentum(&s.start.omega);
        let l2 = l.iter().map(|v| v * v).sum::<f64>();
        let target = l2 / (2.0 * s.body.moments[1]);
        let most = e.iter().position(|v| (v - e[0]) >= 0.99 * (target - e[0]));
        Ok(format!(
            "‖L‖ is kept to round-off, but the energy goes from {} J to {} J by 120 s (L²/(2 I2) = {} J, the energy of \
             a spin about the middle axis with the same ‖L‖){}.",
            significant(e[0], 4),
            significant(e[e.len() - 1], 4),
            significant(target, 4),
            most.map_or(String::new(), |n| format!(
                ", 99 % of the way by t = {} s",
                significant(n as f64 * s.dt, 3)
            ))
        ))
    }

    pub(super) fn implicit_damping() -> Result<String, Error> {
        let over = [
            ("I1", 10.0),
            ("I2", 20.0),
            ("I3", 26.0),
            ("omega1", 1.0),
            ("omega2", 15.0),
            ("omega3", 1.0),
        ];
        let s = setup("tennis-racket", &over, 1.0 / 120.0, 10.0)?;
        let (_, implicit) = energies(&s, M::ImplicitBody, s.steps());
        let (_, dlm) = energies(&s, M::Dlm, s.steps());
        Ok(format!(
            "Over 10 s at 120 Hz the implicit step changes the energy by {} (it falls every step); the DLM \
             splitting stays within {} of its start.",
            percent(implicit[implicit.len() - 1] / implicit[0] - 1.0),
            percent(largest_change(&dlm)).trim_start_matches('+')
        ))
    }
}

static ALL: &[Experiment] = &[
    Experiment {
        id: "fiedler-table",
        article: &articles::FIEDLER,
        title: "A constant force at dt = 1 s",
        query: "scenario=constant-force&methods=euler,kinematic&dt=1&until=10&precision=f32",
        look: "The table: Euler's velocity is exact, its position lags, and the gap grows every step. The kinematic integrator lands on the exact 500 m.",
        claim: "After 10 seconds, the object was supposed to move 500 meters, but explicitly the Euler method gives us a result of 450.",
        how: Measure::FiedlerTable,
    },
    Experiment {
        id: "fiedler-float",
        article: &articles::FIEDLER,
        title: "The same in float at dt = 0.01 s",
        query: "scenario=constant-force&methods=euler&dt=0.01&until=10&precision=f32",
        look: "Run to the end and read the last row: Fiedler's 499.497070, to the digit. Switch to f64 to see how much of the shortfall is the method and how much is float.",
        claim: "t=10.00: position = 499.497070 velocity = 99.999046",
        how: Measure::FiedlerFloat,
    },
    Experiment {
        id: "fiedler-damped",
        article: &articles::FIEDLER,
        title: "A damped spring that Euler makes gain energy",
        query: "scenario=damped-spring&methods=euler,symplectic-euler,rk4&dt=0.01&until=10&precision=f64",
        look: "The energy graph: the true energy decays; Euler's climbs; symplectic Euler and RK4 follow the truth.",
        claim: "Instead of attenuation and approaching the starting point, the system gains energy over time!",
        how: Measure::FiedlerDamped,
    },
    Experiment {
        id: "fiedler-spring-0.1",
        article: &articles::FIEDLER,
        title: "The undamped spring at dt = 0.1 s for 90 s",
        query: "scenario=spring&methods=symplectic-euler,rk4&dt=0.1&until=90&precision=f64",
        look: "x(t) near the end: symplectic Euler keeps its amplitude but drifts in phase; RK4 keeps the phase but shrinks.",
        claim: "the Euler symplectic method shifted in phase relative to the exact solution because its frequency was slightly different, while the green RK4 curve corresponds to the frequency, but loses energy!",
        how: Measure::FiedlerSpring(0.1),
    },
    Experiment {
        id: "fiedler-spring-0.25",
        article: &articles::FIEDLER,
        title: "The undamped spring at dt = 0.25 s",
        query: "scenario=spring&methods=symplectic-euler,rk4&dt=0.25&until=90&precision=f64",
        look: "The energy graph: RK4 drains almost all of it; symplectic Euler's wobbles around where it started.",
        claim: "RK4 maintains the correct frequency, but loses energy ... the Euler symplectic method on average saves energy much better",
        how: Measure::FiedlerSpring(0.25),
    },
    Experiment {
        id: "fiedler-higher-order-0.1",
        article: &articles::FIEDLER,
        title: "A higher-order symplectic method on the spring, at dt = 0.1 s",
        query: "scenario=spring&methods=symplectic-euler,rk4,forest-ruth&dt=0.1&until=90&precision=f64",
        look: "x(t) near the end and the energy: Forest–Ruth drifts in phase far less than symplectic Euler (more than RK4 at this dt: its error constant is large), and keeps its energy in a narrow band while RK4's drains away.",
        claim: "If you really need more accuracy than the symplectic Euler method, I recommend looking at higher-order symplectic integrators designed for Hamiltonian systems.",
        how: Measure::FiedlerHigherOrder(0.1),
    },
    Experiment {
        id: "fiedler-higher-order-0.25",
        article: &articles::FIEDLER,
        title: "A higher-order symplectic method on the spring, at dt = 0.25 s",
        query: "scenario=spring&methods=symplectic-euler,rk4,forest-ruth&dt=0.25&until=90&precision=f64",
        look: "The energy graph: RK4 drains almost all of it, symplectic Euler swings widely, Forest–Ruth swings in a band about nine times narrower and keeps it. But x(t) shows the price of so large a step (ω·dt = 0.97, inside its limit of 1.57): by 90 s it has fallen almost four periods behind, the furthest of the three.",
        claim: "If you really need more accuracy than the symplectic Euler method, I recommend looking at higher-order symplectic integrators designed for Hamiltonian systems.",
        how: Measure::FiedlerHigherOrder(0.25),
    },
    Experiment {
        id: "jump-landing",
        article: &articles::GRAVITY_ANSWER,
        title: "A jump that lands in the same place at any dt",
        query: "scenario=projectile&runs=euler@1/15,euler@1/60,velocity-verlet@1/15,velocity-verlet@1/60&dt=1/60&until=2&precision=f64",
        look: "Each method at 15 Hz (solid) and at 60 Hz (dashed): velocity Verlet's two paths lie on the exact parabola and on each other; Euler's two fly high, and apart.",
        claim: "For constant acceleration, they give exact results (up to floating point roundoff errors, anyway), meaning that ballistic jump trajectories stay the same even if the timestep is changed.",
        how: Measure::JumpLanding,
    },
    Experiment {
        id: "drag-estimate",
        article: &articles::GRAVITY_ANSWER,
        title: "Drag, where the velocity estimate matters",
        query: "scenario=drag&methods=euler,velocity-verlet,rk4&dt=0.1&until=10&precision=f64",
        look: "The error graph: velocity Verlet with the article's estimate stays far below Euler, and its error falls as dt².",
        claim: "It's not quite as accurate as fouth-order Runge-Kutta (as one would expect from a second-order method), but it's much better than Euler or naïve velocity Verlet without the intermediate velocity estimate",
        how: Measure::DragEstimate,
    },
    Experiment {
        id: "dog-on-rod",
        article: &articles::VAN_VERTH,
        title: "The dog on a rod",
        query: "scenario=orbit&methods=euler,implicit-euler,symplectic-euler&dt=0.1&until=63&precision=f64",
        look: "The scene: Euler spirals out, implicit Euler spirals in, symplectic Euler traces a closed curve.",
        claim: "We are spiraling away from the actual path of the dog, and our velocities are getting larger. ... If I were to continue simulating the dog's movement, it would spiral into the center.",
        how: Measure::DogOnRod,
    },
    Experiment {
        id: "dog-midpoint-rk4",
        article: &articles::VAN_VERTH,
        title: "Midpoint and RK4 on the rod",
        query: "scenario=orbit&methods=euler,midpoint,rk4&dt=0.1&until=63&precision=f64",
        look: "Midpoint still spirals out, far more slowly than Euler; RK4 spirals in, very slowly.",
        claim: "Runge-Kutta 4: Very stable and accurate. Conserves energy well. But expensive: four evaluations of derivative",
        how: Measure::DogRk,
    },
    Experiment {
        id: "leapfrog-velocity",
        article: &articles::VAN_VERTH,
        title: "Leapfrog's velocity, half a step out",
        query: "scenario=orbit&methods=leapfrog,velocity-verlet&dt=0.1&until=6.3&precision=f64",
        look: "The table: leapfrog's position is as good as velocity Verlet's, but its velocity belongs half a step earlier, and its energy wobbles for that reason alone.",
        claim: "Verlet methods help, but velocity out of step",
        how: Measure::LeapfrogVelocity,
    },
    Experiment {
        id: "level-144000",
        article: &articles::LECTURE,
        title: "A 20-minute level at 120 updates a second",
        query: "scenario=spring&methods=euler,symplectic-euler,verlet,velocity-verlet,leapfrog,rk4&dt=1/120&until=1200&precision=f64",
        look: "Run to the end (144,000 steps): explicit Euler leaves the chart, RK4 slowly drains, the symplectic methods keep their energy in a band.",
        claim: "if the physics system performs 120 updates per second, and the level takes 20 minutes to complete, the physics system needs to be stable for 144,000 updates",
        how: Measure::Level144000,
    },
    Experiment {
        id: "verlet-startup",
        article: &articles::LECTURE,
        title: "Position Verlet and its start-up step",
        query: "scenario=projectile&methods=verlet,euler&dt=1/60&until=2&precision=f64",
        look: "Verlet needs a previous position it does not have; the lab makes it with one constant-acceleration step, x1 = x0 + v0·dt + ½·a0·dt², and from there Verlet follows the parabola exactly.",
        claim: "Requires start conditions to be set up prior to updating, since it has to look back in time",
        how: Measure::VerletStartup,
    },
    Experiment {
        id: "lander-exact",
        article: &articles::TRUE_PHYSICS,
        title: "The lunar lander, exact at any dt",
        query: "scenario=lunar-lander&methods=kinematic,symplectic-euler,euler&dt=0.7&until=21&precision=f64",
        look: "The error graph: the kinematic integrator sits at round-off even though the burn starts and stops inside steps.",
        claim: "this method will give you the right answer, no matter how big the time step is.",
        how: Measure::LanderExact,
    },
    Experiment {
        id: "spring-huge-dt",
        article: &articles::TRUE_PHYSICS,
        title: "One spring at a huge step",
        query: "scenario=spring&methods=kinematic,symplectic-euler&dt=5&until=5000&precision=f64",
        look: "Three periods a step (ω·dt = 19.4, far past its limit of 2): symplectic Euler's amplitude grows every step until it overflows; the kinematic integrator stays on the exact solution.",
        claim: "I have compared the numerical result of the kinematic integrator with the exact result in the case of a spring, and there is literally zero error - no matter what the time step is, or how long the system runs.",
        how: Measure::SpringHugeDt,
    },
    Experiment {
        id: "two-springs-ratios",
        article: &articles::TRUE_PHYSICS,
        title: "Two springs: the error ratios",
        query: "scenario=two-springs&methods=symplectic-euler,kinematic,kinematic-average&dt=1/60&until=10&precision=f64",
        look: "The error graph on its log axis: the three methods a decade or more apart. Halve dt and the gaps widen: the ratios are not fixed numbers.",
        claim: "the error of the kinematic integrator was 12,000 times smaller than the error from the semi-implicit Euler method ... the error introduced by the average acceleration method was 58 million times smaller",
        how: Measure::TwoSprings,
    },
    Experiment {
        id: "two-springs-first-step",
        article: &articles::TRUE_PHYSICS,
        title: "Two springs: where “12,000 times” comes from",
        query: "scenario=two-springs&methods=symplectic-euler,kinematic,kinematic-average&dt=1/60&until=1&precision=f64",
        look: "Press Step once and read the values table's error column: symplectic Euler's error is 12,000 times the kinematic integrator's. Step a few more times and watch the ratio fall.",
        claim: "the error of the kinematic integrator was 12,000 times smaller than the error from the semi-implicit Euler method",
        how: Measure::FirstStep,
    },
    Experiment {
        id: "average-energy",
        article: &articles::TRUE_PHYSICS,
        title: "Average acceleration's slow energy loss",
        query: "scenario=two-springs&methods=kinematic,kinematic-average&dt=1/60&until=10800&precision=f64",
        look: "Run to the end (three hours): average acceleration's energy falls slowly; the kinematic integrator's rises.",
        claim: "the average acceleration method removed about 5% of the energy from the system. After about 3 hours.",
        how: Measure::AverageEnergy,
    },
    Experiment {
        id: "semi-implicit-order",
        article: &articles::TRUE_PHYSICS,
        title: "Is semi-implicit Euler second order?",
        query: "scenario=spring&methods=euler,symplectic-euler,velocity-verlet&dt=0.01&until=1&precision=f64",
        look: "Open the convergence view: halving dt halves symplectic Euler's error (order 1); velocity Verlet's falls four times (order 2).",
        claim: "The semi-implicit Euler technique is a second order method",
        how: Measure::SemiImplicitOrder,
    },
    Experiment {
        id: "double-pendulum-horizon",
        article: &articles::TRUE_PHYSICS,
        title: "The double pendulum: how far ahead can anything see?",
        query: "scenario=double-pendulum&methods=rk4,forest-ruth&dt=0.001&until=40&precision=f64&nudge=1e-9&coord=theta1",
        look: "Run to the end: RK4 and Forest–Ruth follow each other, and the reference, for some 15 s (RK4 stays with the reference a few seconds longer), then part by whole radians. Each runs a faded twin from 1e-9 rad further: the separation chart climbs at a roughly steady slope, the mark of chaos, until the bobs are apart by the pendulum's size. Every computed run of this pendulum is wrong after a while, the lab's reference too: its band on θ1(t) opens at the horizon the note under the error graph gives, where the errors stop. In f32, a game's float, a run at this dt is no worse (its step's own error dwarfs the rounding), but a reference computed in f32 would be known only about a third as long.",
        claim: "even just a double pendulum can be chaotic",
        how: Measure::DoublePendulumHorizon,
    },
    Experiment {
        id: "pendulum-nudge",
        article: &articles::TRUE_PHYSICS,
        title: "A single pendulum's nudge grows, but not like chaos",
        query: "scenario=pendulum&methods=velocity-verlet,rk4&nudge=1e-6",
        look: "The separation chart: each twin, started 1e-6 rad further, drifts from its run because a wider swing takes a little longer, so the gap grows in proportion to time, a curve that flattens on the log scale (the double pendulum's climbs at a steady slope until it is the pendulum's size). The note under it finds no exponent: a prediction here loses a digit only when the time grows tenfold.",
        claim: "even just a double pendulum can be chaotic",
        how: Measure::PendulumNudge,
    },
    Experiment {
        id: "quaternion-drift",
        article: &articles::LECTURE,
        title: "A spinning coin whose quaternion stops being a rotation",
        query: "scenario=spinning-top&methods=euler,euler-normalized,rk4&omega2=0&omega3=10&dt=1/60&until=5",
        look: "The ‖q‖ − 1 chart: explicit Euler adds ½dt·q⊗ω to q, a step at right angles to it, so ‖q‖ grows every step by the same factor and its line climbs without end (the other methods' lines are round-off, near 1e-16). Its box turns as the others do (the attitude q/‖q‖ is right here): the fault is the quaternion's length, which a renormalisation every step removes.",
        claim: "Orientation needs special care when handled in this manner, see lecture notes for more detail",
        how: Measure::QuaternionNorm,
    },
    Experiment {
        id: "spin-energy-gain",
        article: &articles::LECTURE,
        title: "A tumbling racket that gains energy at every flip",
        query: "scenario=tennis-racket&methods=euler,symplectic-euler,dlm&dt=1/60&until=30",
        look: "The energy chart: the racket flips every 4.3 s, and at each flip explicit Euler and the engines' symplectic Euler (whose ω step is explicit Euler's, so its energy line lies exactly on Euler's: not symplectic on a spinning body) climb a stair. DLM's line stays flat. Then ω(t): the gainers' flips come later and swing wider.",
        claim: "Integrate angular acceleration over time to obtain angular velocity",
        how: Measure::SpinEnergyGain,
    },
    Experiment {
        id: "lost-flip",
        article: &articles::LECTURE,
        title: "The flip an engine's default loses",
        query: "scenario=tennis-racket&methods=no-gyroscopic,dlm,rk4&dt=1/60&until=30",
        look: "ω2(t): the racket spun about its middle axis flips over every 4.3 s (the Dzhanibekov effect); RK4 and DLM flip with the truth. Dropping the gyroscopic term ω × Iω, as Jolt does by default, keeps ω constant without a torque: the body spins on and never flips, though its energy is kept exactly.",
        claim: "Calculate the acceleration from (τ = Iα)",
        how: Measure::LostFlip,
    },
    Experiment {
        id: "rescale-drift",
        article: &articles::LECTURE,
        title: "Keeping ‖L‖ by rescaling, and what it costs",
        query: "scenario=tennis-racket&methods=momentum-rescale,dlm&omega1=0.1&omega2=0.1&omega3=3&dt=1/60&until=120&coord=omega_3",
        look: "A body spun about its stable (largest) axis. The invariants chart: the rescale keeps ‖L‖ to round-off while the energy line climbs toward that of a spin about the middle axis; ω(t) shows the body drifting off its stable axis until it tumbles end over end. DLM keeps ‖L‖ as well, and its energy stays put.",
        claim: "Orientation needs special care when handled in this manner, see lecture notes for more detail",
        how: Measure::RescaleDrift,
    },
    Experiment {
        id: "implicit-damping",
        article: &articles::LECTURE,
        title: "Bullet's implicit step calms a tumble",
        query: "scenario=tennis-racket&methods=implicit-body,dlm&I1=10&I2=20&I3=26&omega1=1&omega2=15&omega3=1&dt=1/120&until=10",
        look: "The energy chart: at this step the implicit step never gains, because it loses energy every step, and the invariants chart shows ‖L‖ falling too: the tumble is damped away (it still flips, more slowly). DLM keeps the energy within a fraction of a percent.",
        claim: "Integrate angular acceleration over time to obtain angular velocity",
        how: Measure::ImplicitDamping,
    },
];

/// Every experiment, grouped by article in the order the lab lists them.
pub fn all() -> &'static [Experiment] {
    ALL
}

pub fn get(id: &str) -> Option<&'static Experiment> {
    ALL.iter().find(|e| e.id == id)
}
