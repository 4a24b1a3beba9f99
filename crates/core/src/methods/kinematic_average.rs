//! The kinematic integrator with "average acceleration": [`Kinematic`] with `dx = ½ Σdv dt`.

use super::{Expected, Integrator, Kinematic, MethodInfo, StabilityLimit};
use crate::system::{ForceClass, Switching};
use crate::{articles, Real};

/// What the lab says about it. One step on the spring is [[1 − h sin h/2, h(1 + cos h)/2], [−sin h, cos h]]
/// (ω = 1, h = ω dt), with determinant D = cos h + (h/2) sin h and trace 1 + D − h sin h; Jury's test
/// |D| ≤ 1 first fails past h = π.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "kinematic-average",
    name: "Kinematic, average acceleration",
    order: Some(2),
    order_on,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: false,
    rule: "v1 = v0 + Σdv; x1 = x0 + v0 dt + ½ Σdv dt",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "",
    stability: StabilityLimit::Below(std::f64::consts::PI),
    energy: "Loses energy slowly: on a spring each step shrinks the amplitude by about h⁴/48 (its step's determinant is cos h + (h/2) sin h).",
    style: 9,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(Kinematic::new(dim, true))
}

/// Exact where nothing depends on the state and nothing switches inside a step (½ Σdv dt is then the exact
/// ½ a dt²); second order where a thruster switches inside a step (Σdv is exact, the thrust is not spread
/// evenly over the step). Where a term falls back to semi-implicit Euler, the fallback `dx = ½ a dt²` with
/// `dv = a dt` is first order; with several terms and one of them velocity-dependent, first order as for
/// the kinematic integrator. Otherwise second order, and third where several equal springs act together
/// on a mass that starts at rest (the two-springs default): the step's eigenvalues are then right to high
/// order and the O(dt²) error its off-diagonal entries leave needs a starting velocity to show (measured in
/// tests/facts.rs, both ways).
fn order_on(class: &ForceClass) -> Expected {
    if class.fallback {
        Expected::Order(1)
    } else if class.state_terms == 0 {
        if class.switching == Switching::InsideSteps {
            Expected::Order(2)
        } else {
            Expected::Exact
        }
    } else if class.velocity_dependent && class.terms > 1 {
        Expected::Order(1)
    } else if class.identical && class.at_rest && !class.velocity_dependent {
        Expected::Order(3)
    } else {
        Expected::Order(2)
    }
}
