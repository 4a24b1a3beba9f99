use super::{always, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// Symplectic (semi-implicit) Euler.
///
/// ```text
/// v1 = v0 + a(t0, x0, v0) dt
/// x1 = x0 + v1 dt
/// ```
///
/// Order 1; one force evaluation a step; symplectic for forces that depend on position only, so it keeps
/// the energy of an oscillator bounded where explicit Euler pumps it up. “True Physics” calls it second order; the
/// lab measures it (tests/convergence.rs): its global error falls as dt¹. Source: Fiedler; Van
/// Verth.
pub struct SymplecticEuler<R> {
    a: Vec<R>,
    evaluations: u64,
}

impl<R: Real> SymplecticEuler<R> {
    pub fn new(dim: usize) -> Self {
        SymplecticEuler {
            a: vec![R::ZERO; dim],
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for SymplecticEuler<R> {
    fn start(&mut self, _: &System<R>, _: R, _: &State<R>) {
        self.evaluations = 0;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations += 1;
        for ((x, v), &a) in state.x.iter_mut().zip(state.v.iter_mut()).zip(&self.a) {
            *v += a * dt;
            *x += *v * dt;
        }
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "symplectic-euler",
    name: "Symplectic Euler",
    order: Some(1),
    order_on: always::<1>,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: true,
    rule: "v += a(x, v) dt; x += v_new dt",
    articles: &[&articles::FIEDLER, &articles::VAN_VERTH],
    origin: "",
    stability: StabilityLimit::Below(2.0),
    energy: "Keeps the energy in a band, neither gaining nor losing on average (it is symplectic); the band's width grows with h, and the phase drifts.",
    style: 1,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(SymplecticEuler::new(dim))
}
