use super::{exact_on_constant_else, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// Staggered leapfrog, as Van Verth's talk writes it.
///
/// ```text
/// first step:  v(½) = v0 + a0 dt/2
/// step i:      v(i+½) = v(i−½) + a(i) dt
///              x(i+1) = x(i) + v(i+½) dt
/// ```
///
/// The velocity it reports is its half-step velocity: after step i the state is (x(i+1), v(i+½)), the
/// velocity half a step behind the position: "Verlet methods help, but velocity out of step". Energies computed from it wobble for that
/// reason alone. Velocity-dependent forces see the latest half-step velocity.
///
/// Order 2 (positions); one force evaluation a step; symplectic for position-only forces; stable for
/// ω dt < 2.
pub struct Leapfrog<R> {
    a: Vec<R>,
    started: bool,
    evaluations: u64,
}

impl<R: Real> Leapfrog<R> {
    pub fn new(dim: usize) -> Self {
        Leapfrog {
            a: vec![R::ZERO; dim],
            started: false,
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for Leapfrog<R> {
    fn start(&mut self, _: &System<R>, _: R, _: &State<R>) {
        self.started = false;
        self.evaluations = 0;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        // state.v is v(i−½) once started, v0 before.
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations += 1;
        let kick = if self.started { dt } else { R::HALF * dt };
        for k in 0..state.dim() {
            state.v[k] += self.a[k] * kick;
            state.x[k] += state.v[k] * dt;
        }
        self.started = true;
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "leapfrog",
    name: "Leapfrog",
    order: Some(2),
    // First order where a force depends on the velocity: it then sees the half-step velocity v(i−½), off by
    // O(dt).
    order_on: exact_on_constant_else::<1, 2>,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: true,
    rule: "v(i+½) = v(i−½) + a(i) dt; x(i+1) = x(i) + v(i+½) dt",
    articles: &[&articles::VAN_VERTH, &articles::GRAVITY_ANSWER],
    origin: "",
    stability: StabilityLimit::Below(2.0),
    energy: "Keeps the energy in a band (symplectic); its velocity is half a step behind its position, so the energy computed from the two wobbles.",
    style: 5,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(Leapfrog::new(dim))
}
