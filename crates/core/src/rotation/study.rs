//! Convergence studies of the rotation family: the same measurements and verdicts as the linear methods'
//! ([`crate::analysis`]), with the attitude's angle as the error.

use super::attitude_angle;
use super::methods::RotationMethodId;
use super::scenarios::RotationSetup;
use crate::analysis::Measurement;
use crate::Error;

/// Runs `method` over the whole setup and measures its largest attitude error against the truth (in rad).
pub fn measure(setup: &RotationSetup, method: RotationMethodId) -> Measurement {
    let mut run = setup.run(method);
    let mut truth = setup.truth();
    let mut error = 0.0f64;
    let mut diverged_at = None;
    for n in 1..=setup.steps() {
        if !run.step() {
            diverged_at = Some(n as f64 * setup.dt);
            break;
        }
        error = error.max(attitude_angle(&run.spin.q, &truth.at(n).q));
    }
    Measurement {
        dt: setup.dt,
        steps: run.steps,
        evaluations: run.steps * method.info().evaluations,
        error: if diverged_at.is_some() {
            f64::INFINITY
        } else {
            error
        },
        // Round-off in an angle of order 1, a few ulps a step.
        noise: 4.0 * f64::EPSILON * setup.steps().max(1) as f64,
        diverged_at,
    }
}

/// The method at dt, dt/2, … (`levels` of them), each measured over the whole run.
pub fn convergence(
    setup: &RotationSetup,
    method: RotationMethodId,
    levels: u32,
) -> Result<Vec<Measurement>, Error> {
    let steps = setup.steps() as f64 * 2f64.powi(levels as i32);
    if steps > 1e8 {
        return Err(Error::Inconsistent(format!(
            "{levels} levels would take {steps:.0e} steps: take fewer levels or a shorter run"
        )));
    }
    Ok((0..levels)
        .map(|k| {
            let mut s = setup.clone();
            s.dt = setup.dt / 2f64.powi(k as i32);
            measure(&s, method)
        })
        .collect())
}

/// The times at which ω about the middle axis changes sign (linearly interpolated between steps): the tennis
/// racket's flips, as `method` steps it over the whole setup.
pub fn flips(setup: &RotationSetup, method: RotationMethodId) -> Vec<f64> {
    let mut run = setup.run(method);
    sign_changes(setup, run.spin.omega[1], |_| {
        (run.steps < setup.steps() && run.step()).then_some(run.spin.omega[1])
    })
}

/// The same flips along the scenario's truth.
pub fn truth_flips(setup: &RotationSetup) -> Vec<f64> {
    let mut truth = setup.truth();
    sign_changes(setup, setup.start.omega[1], |n| {
        (n <= setup.steps()).then(|| truth.at(n).omega[1])
    })
}

/// Where a value read at steps 1, 2, … (`next(n)`, until it gives none) changes sign from `first`, each time
/// interpolated linearly between the two steps around it.
fn sign_changes(
    setup: &RotationSetup,
    first: f64,
    mut next: impl FnMut(u64) -> Option<f64>,
) -> Vec<f64> {
    let mut out = Vec::new();
    let mut last = first;
    let mut n = 1;
    while let Some(now) = next(n) {
        if now.signum() != last.signum() {
            out.push(n as f64 * setup.dt - setup.dt * now / (now - last));
        }
        last = now;
        n += 1;
    }
    out
}
