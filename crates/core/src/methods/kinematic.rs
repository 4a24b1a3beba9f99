use super::{Expected, Integrator, MethodInfo, StabilityLimit};
use crate::system::ForceClass;
use crate::{articles, Real, State, System};

/// The kinematic integrator of “True Physics”, and its average-acceleration variant.
///
/// ```text
/// kinematic:          v1 = v0 + Σ dv
///                     x1 = x0 + v0 dt + Σ dx
/// kinematic-average:  v1 = v0 + Σ dv
///                     x1 = x0 + v0 dt + ½ Σ dv dt
/// ```
///
/// Each force term gives its own (dx, dv) over the step from the step's starting state, exact where it
/// has a closed form (constant forces, a thruster switched inside the step, springs, damped springs, linear
/// drag, the central linear force) and semi-implicit Euler's `dv = a dt, dx = a dt²` where it has none
/// (inverse-square gravity, pendulums, the chain). See [`crate::Force::add_increment`].
///
/// `kinematic` is exact to round-off at any dt for one constant force or one spring. With several
/// state-dependent forces each is blind to the others inside the step: their increments still add up to the
/// true one to O(dt²), so the method is second order (two springs: tests/claims.rs); where a term falls back to
/// semi-implicit Euler it is first order. `kinematic-average` keeps the exact dv but takes dx as if the step's
/// average acceleration were constant: second order, and on an oscillator it loses energy slowly (the step's
/// determinant is cos ωdt + (ωdt/2) sin ωdt < 1) where `kinematic` with two springs gains it. One evaluation
/// (of every term's increment) a step; neither is symplectic. Source: “True Physics”.
pub struct Kinematic<R> {
    average: bool,
    dx: Vec<R>,
    dv: Vec<R>,
    scratch: Vec<R>,
    evaluations: u64,
}

impl<R: Real> Kinematic<R> {
    pub fn new(dim: usize, average: bool) -> Self {
        Kinematic {
            average,
            dx: vec![R::ZERO; dim],
            dv: vec![R::ZERO; dim],
            scratch: vec![R::ZERO; dim],
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for Kinematic<R> {
    fn start(&mut self, _: &System<R>, _: R, _: &State<R>) {
        self.evaluations = 0;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        self.dx.iter_mut().for_each(|d| *d = R::ZERO);
        self.dv.iter_mut().for_each(|d| *d = R::ZERO);
        for force in &system.forces {
            force.add_increment(t, dt, state, &mut self.dx, &mut self.dv, &mut self.scratch);
        }
        self.evaluations += 1;
        let half_dt = R::HALF * dt;
        for k in 0..state.dim() {
            let dx = if self.average {
                self.dv[k] * half_dt
            } else {
                self.dx[k]
            };
            state.x[k] += state.v[k] * dt + dx;
            state.v[k] += self.dv[k];
        }
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "kinematic",
    name: "Kinematic integrator",
    order: None,
    order_on,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: false,
    rule: "v1 = v0 + Σdv; x1 = x0 + v0 dt + Σdx, each force its exact (dx, dv)",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "",
    stability: StabilityLimit::Unbounded,
    energy: "Exact for one spring or one constant force, energy included; with several forces each is blind to the others, and on two springs the energy creeps up.",
    style: 8,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(Kinematic::new(dim, false))
}

/// Exact where one term acts alone, or where nothing depends on the state (increments of constant pushes
/// add up exactly). Where a term falls back to semi-implicit Euler, first order. With several terms each
/// is blind to the others inside the step: a position-only term misses their change of position, O(dt²),
/// a local error of O(dt³): second order; a velocity-dependent term misses their change of velocity, O(dt),
/// a local error of O(dt²): first order.
fn order_on(class: &ForceClass) -> Expected {
    if class.fallback {
        Expected::Order(1)
    } else if class.terms <= 1 || class.state_terms == 0 {
        Expected::Exact
    } else if class.velocity_dependent {
        Expected::Order(1)
    } else {
        Expected::Order(2)
    }
}
