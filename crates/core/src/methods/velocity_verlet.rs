use super::{exact_on_constant, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// Velocity Verlet, with the gravity answer's velocity estimate for velocity-dependent forces.
///
/// ```text
/// x1 = x0 + v0 dt + ½ a0 dt²
/// v* = v0 + a0 dt                 (estimate)
/// a1 = a(t1, x1, v*)
/// v1 = v* + (a1 − a0) dt/2        (= v0 + (a0 + a1) dt/2)
/// ```
///
/// Order 2; symplectic for position-only forces; stable for ω dt < 2. With position-only forces a1 is kept
/// as the next step's a0: one force evaluation a step. With velocity-dependent forces (drag, damping) a0 is
/// evaluated afresh at the corrected (x0, v0), as the gravity answer does: two evaluations a step, second
/// order (tests/facts.rs). What the estimate buys is the order: evaluating a1 at the old velocity instead of
/// v* falls to first order (tests/convergence.rs). Source: the gravity answer (“How can I implement
/// gravity?”).
pub struct VelocityVerlet<R> {
    a: Vec<R>,
    a_new: Vec<R>,
    evaluations: u64,
}

impl<R: Real> VelocityVerlet<R> {
    pub fn new(dim: usize) -> Self {
        VelocityVerlet {
            a: vec![R::ZERO; dim],
            a_new: vec![R::ZERO; dim],
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for VelocityVerlet<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations = 1;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        if system.velocity_dependent() {
            system.acceleration(t, &state.x, &state.v, &mut self.a);
            self.evaluations += 1;
        }
        let half_dt2 = R::HALF * dt * dt;
        for k in 0..state.dim() {
            state.x[k] += state.v[k] * dt + self.a[k] * half_dt2;
            state.v[k] += self.a[k] * dt;
        }
        system.acceleration(t + dt, &state.x, &state.v, &mut self.a_new);
        self.evaluations += 1;
        let half_dt = R::HALF * dt;
        for k in 0..state.dim() {
            state.v[k] += (self.a_new[k] - self.a[k]) * half_dt;
        }
        std::mem::swap(&mut self.a, &mut self.a_new);
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "velocity-verlet",
    name: "Velocity Verlet",
    order: Some(2),
    order_on: exact_on_constant::<2>,
    evaluations: "1–2",
    evaluations_on: |class| if class.velocity_dependent { "2" } else { "1" },
    symplectic: true,
    rule: "x += v dt + a dt²/2; v += a dt; a' = a(x, v); v += (a' − a) dt/2",
    articles: &[&articles::GRAVITY_ANSWER],
    origin: "with its velocity estimate for velocity-dependent forces",
    stability: StabilityLimit::Below(2.0),
    energy: "Keeps the energy in a band (symplectic), far narrower than symplectic Euler's at the same dt.",
    style: 4,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(VelocityVerlet::new(dim))
}
