//! The articles' claims that the lab checks, measured. Each function reproduces one experiment; the tests in
//! tests/claims.rs and the account in docs/claims.md read their figures from here.

use crate::analysis::{self, energy_stats, max_error, EnergyStats};
use crate::{Error, MethodId, Precision, Setup};

/// “True Physics”'s two-springs comparison at one step and duration: the largest position error over the run of
/// semi-implicit Euler, the kinematic integrator and its average-acceleration variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TwoSpringsErrors {
    pub dt: f64,
    pub until: f64,
    pub symplectic_euler: f64,
    pub kinematic: f64,
    pub kinematic_average: f64,
}

impl TwoSpringsErrors {
    /// How many times smaller the kinematic integrator's error is ("12,000 times").
    pub fn kinematic_ratio(&self) -> f64 {
        self.symplectic_euler / self.kinematic
    }

    /// How many times smaller average acceleration's error is ("58 million times").
    pub fn average_ratio(&self) -> f64 {
        self.symplectic_euler / self.kinematic_average
    }
}

/// The two-springs errors at the scenario's defaults but for `dt` and `until`.
pub fn two_springs_errors(dt: f64, until: f64) -> Result<TwoSpringsErrors, Error> {
    let setup = Setup::new("two-springs", &[], Some(dt), Some(until))?;
    Ok(TwoSpringsErrors {
        dt,
        until,
        symplectic_euler: max_error(&setup, MethodId::SymplecticEuler, Precision::F64),
        kinematic: max_error(&setup, MethodId::Kinematic, Precision::F64),
        kinematic_average: max_error(&setup, MethodId::KinematicAverage, Precision::F64),
    })
}

/// Energy of the two springs after `seconds` at the scenario's dt, for `method`.
pub fn two_springs_energy(method: MethodId, seconds: f64) -> Result<EnergyStats, Error> {
    let setup = Setup::new("two-springs", &[], None, Some(seconds))?;
    Ok(energy_stats(&setup, method, Precision::F64))
}

/// Observed order of `method` on the undamped spring over one second, from dt = 0.01 halved `levels − 1`
/// times: “True Physics” says semi-implicit Euler is second order.
pub fn spring_order(method: MethodId, levels: u32) -> Result<f64, Error> {
    let setup = Setup::new("spring", &[], Some(0.01), Some(1.0))?;
    let points = analysis::convergence(&setup, method, Precision::F64, levels)?;
    Ok(analysis::fitted_order(&points).unwrap_or(f64::NAN))
}

/// The two-springs errors after a few steps from rest, at the scenario's defaults: where "12,000 times"
/// comes from. After one step the ratio of semi-implicit Euler's error to the kinematic integrator's is, to
/// leading order, `6 (1/k1 + 1/k2) m / dt²` (docs/claims.md derives it): exactly 12,000 for two springs of
/// 3.6 N/m at 60 Hz, and falling as the steps add up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FirstSteps {
    pub steps: u64,
    pub symplectic_euler: f64,
    pub kinematic: f64,
    pub kinematic_average: f64,
}

impl FirstSteps {
    pub fn kinematic_ratio(&self) -> f64 {
        self.symplectic_euler / self.kinematic
    }

    pub fn average_ratio(&self) -> f64 {
        self.symplectic_euler / self.kinematic_average
    }
}

/// The errors after each of `steps` (from rest at the defaults, dt = 1/60 s).
pub fn two_springs_first_steps(steps: &[u64]) -> Result<Vec<FirstSteps>, Error> {
    let error = |n: u64, method: MethodId| -> Result<f64, Error> {
        let setup = Setup::new("two-springs", &[], Some(1.0 / 60.0), Some(n as f64 / 60.0))?;
        Ok(analysis::measure(&setup, method, Precision::F64).error)
    };
    steps
        .iter()
        .map(|&n| {
            Ok(FirstSteps {
                steps: n,
                symplectic_euler: error(n, MethodId::SymplecticEuler)?,
                kinematic: error(n, MethodId::Kinematic)?,
                kinematic_average: error(n, MethodId::KinematicAverage)?,
            })
        })
        .collect()
}

/// The leading-order first-step ratio `6 (1/k1 + 1/k2) m / dt²` at the two-springs defaults.
pub fn first_step_ratio_theory() -> Result<f64, Error> {
    let setup = Setup::defaults("two-springs")?;
    let p = |n: &str| setup.params.get(n);
    Ok(6.0 * (1.0 / p("k1") + 1.0 / p("k2")) * p("m") / (setup.dt * setup.dt))
}

/// Average acceleration's energy after `seconds` on the two springs, predicted from its step map: the
/// determinant D of one step (measured from the method's output, `analysis::amplification_on`) scales the
/// energy by D a step.
pub fn two_springs_energy_predicted(method: MethodId, seconds: f64) -> Result<f64, Error> {
    let setup = Setup::defaults("two-springs")?;
    let omega = ((setup.params.get("k1") + setup.params.get("k2")) / setup.params.get("m")).sqrt();
    let growth = analysis::amplification_on(method, &setup, omega * setup.dt)
        .expect("two springs are an oscillator");
    let steps = (seconds / setup.dt).round();
    Ok((steps * 2.0 * growth.ln()).exp_m1())
}
