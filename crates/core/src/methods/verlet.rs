use super::{exact_on_constant, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// Position (Störmer) Verlet, as the physics lecture and Van Verth write it.
///
/// ```text
/// first step:  x1 = x0 + v0 dt + ½ a0 dt²
/// then:        x(i+1) = 2 x(i) − x(i−1) + a(i) dt²
/// velocity:    v(i+1) = (x(i+1) − x(i)) / dt + ½ a(i+1) dt
/// ```
///
/// Verlet carries no velocity, so it needs the start-up step to make its missing x(−1) (the lecture's
/// "requires start conditions"), and reports an estimated velocity: the backward difference corrected by
/// half a step of the new acceleration, which is second order and, for position-only forces, equal to
/// velocity Verlet's velocity. For velocity-dependent forces, a(i+1) is evaluated at the uncorrected
/// estimate `(x(i+1) − x(i))/dt + ½ a(i) dt`.
///
/// Order 2; one force evaluation a step (a(i+1) is kept for the next step); symplectic for position-only
/// forces; stable for ω dt < 2.
pub struct PositionVerlet<R> {
    x_prev: Vec<R>,
    a: Vec<R>,
    started: bool,
    evaluations: u64,
}

impl<R: Real> PositionVerlet<R> {
    pub fn new(dim: usize) -> Self {
        PositionVerlet {
            x_prev: vec![R::ZERO; dim],
            a: vec![R::ZERO; dim],
            started: false,
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for PositionVerlet<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations = 1;
        self.started = false;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        let dt2 = dt * dt;
        let two = R::ONE + R::ONE;
        for k in 0..state.dim() {
            let x = state.x[k];
            let next = if self.started {
                two * x - self.x_prev[k] + self.a[k] * dt2
            } else {
                x + state.v[k] * dt + R::HALF * self.a[k] * dt2
            };
            self.x_prev[k] = x;
            state.x[k] = next;
            // Estimate for evaluating velocity-dependent forces; corrected below.
            state.v[k] = (next - x) / dt + R::HALF * self.a[k] * dt;
        }
        self.started = true;
        system.acceleration(t + dt, &state.x, &state.v, &mut self.a);
        self.evaluations += 1;
        for k in 0..state.dim() {
            state.v[k] = (state.x[k] - self.x_prev[k]) / dt + R::HALF * self.a[k] * dt;
        }
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "verlet",
    name: "Position Verlet",
    order: Some(2),
    order_on: exact_on_constant::<2>,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: true,
    rule: "x+ = 2x − x− + a dt²; v = (x − x−)/dt + a dt/2",
    articles: &[&articles::VAN_VERTH, &articles::LECTURE],
    origin: "Störmer–Verlet",
    stability: StabilityLimit::Below(2.0),
    energy: "Keeps the energy in a band (symplectic); the velocity it reports is estimated from two positions.",
    style: 3,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(PositionVerlet::new(dim))
}
