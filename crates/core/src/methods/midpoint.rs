use super::{
    exact_on_constant, Expected, ExplicitRungeKutta, Integrator, MethodInfo, StabilityLimit,
    Tableau,
};
use crate::system::{ForceClass, Switching};
use crate::{articles, Real};

/// The explicit midpoint method (RK2), Van Verth's "step halfway" and the physics lecture's RK2.
///
/// ```text
/// k1 = f(t, y)
/// k2 = f(t + dt/2, y + k1 dt/2)
/// y1 = y + k2 dt              with y = (x, v), f = (v, a)
/// ```
///
/// Order 2; two force evaluations a step; not symplectic: on an oscillator its amplitude grows by
/// (1 + ω⁴dt⁴/4)^½ a step, far more slowly than Euler's.
pub const MIDPOINT: Tableau<2> = Tableau {
    a: [[0.0, 0.0], [0.5, 0.0]],
    b: [0.0, 1.0],
    c: [0.0, 0.5],
};

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "midpoint",
    name: "Midpoint (RK2)",
    order: Some(2),
    order_on,
    evaluations: "2",
    evaluations_on: |_| "2",
    symplectic: false,
    rule: "k1 = f(y); y += dt f(y + k1 dt/2), where y is (x, v) and f(y) its rate of change (v, a)",
    articles: &[&articles::VAN_VERTH, &articles::LECTURE],
    origin: "",
    stability: StabilityLimit::None,
    energy: "Gains energy slowly: on a spring each step multiplies the amplitude by √(1 + h⁴/4).",
    style: 6,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ExplicitRungeKutta::new(&MIDPOINT, dim))
}

/// As the other explicit methods, except that midpoint samples a force only at mid-step: a thruster whose
/// switches all fall on step edges is never sampled at a switch, and the parabola is integrated exactly.
fn order_on(class: &ForceClass) -> Expected {
    if class.switching == Switching::OnStepEdges && class.state_terms == 0 {
        Expected::Exact
    } else if class.switching == Switching::InsideSteps {
        Expected::Order(1)
    } else {
        exact_on_constant::<2>(class)
    }
}
