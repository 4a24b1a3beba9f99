#![allow(dead_code)]

use integrator_lab::{MethodId, Real, Run, Setup, State};

/// A setup from a scenario id and `name=value` overrides.
pub fn setup(scenario: &str, overrides: &[(&str, f64)], dt: f64, until: f64) -> Setup {
    let overrides: Vec<(String, f64)> =
        overrides.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    Setup::new(scenario, &overrides, Some(dt), Some(until)).expect("a valid setup")
}

/// The state after the whole run, in f64.
pub fn final_state<R: Real>(setup: &Setup, method: MethodId) -> State<f64> {
    let mut run = Run::<R>::new(setup, method);
    assert_eq!(
        run.advance(setup.steps()),
        setup.steps(),
        "{method:?} diverged"
    );
    run.state().to_f64()
}

/// Total energy of every state of a run, step 0 included.
pub fn energies(setup: &Setup, method: MethodId) -> Vec<f64> {
    let mut run = Run::<f64>::new(setup, method);
    let mut out = vec![setup.energy(run.state()).total()];
    while run.steps() < setup.steps() && run.step() {
        out.push(setup.energy(run.state()).total());
    }
    out
}

/// Distance from the origin of the first two coordinates.
pub fn radius(state: &State<f64>) -> f64 {
    state.x[0].hypot(state.x[1])
}

pub const SYMPLECTIC: [MethodId; 5] = [
    MethodId::SymplecticEuler,
    MethodId::Verlet,
    MethodId::VelocityVerlet,
    MethodId::Leapfrog,
    MethodId::ForestRuth,
];

/// The largest relative departure of `energies[range]` from the first energy.
pub fn relative_spread(energies: &[f64], range: std::ops::Range<usize>) -> f64 {
    let e0 = energies[0];
    energies[range]
        .iter()
        .map(|x| ((x - e0) / e0).abs())
        .fold(0.0, f64::max)
}
