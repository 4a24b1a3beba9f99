//! The kinematic integrator with "average acceleration": [`Kinematic`] with `dx = ½ Σdv dt`.

use super::{Integrator, Kinematic, MethodInfo, StabilityLimit};
use crate::{articles, Real};

/// What the lab says about it. One step on the spring is [[1 − h sin h/2, h(1 + cos h)/2], [−sin h, cos h]]
/// (ω = 1, h = ω dt), with determinant D = cos h + (h/2) sin h and trace 1 + D − h sin h; Jury's test
/// |D| ≤ 1 first fails past h = π.
pub(super) const INFO: MethodInfo = MethodInfo {
    id: "kinematic-average",
    name: "Kinematic, average acceleration",
    order: Some(2),
    evaluations: "1",
    symplectic: false,
    rule: "v1 = v0 + Σdv; x1 = x0 + v0 dt + ½ Σdv dt",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "",
    stability: StabilityLimit::Below(std::f64::consts::PI),
    style: 9,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(Kinematic::new(dim, true))
}
