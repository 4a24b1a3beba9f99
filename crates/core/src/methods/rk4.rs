use super::{
    exact_on_constant, ExplicitRungeKutta, Integrator, MethodInfo, StabilityLimit, Tableau,
};
use crate::{articles, Real};

/// The classic fourth-order Runge–Kutta method, as in Fiedler's “Integration Basics”.
///
/// ```text
/// k1 = f(t, y)
/// k2 = f(t + dt/2, y + k1 dt/2)
/// k3 = f(t + dt/2, y + k2 dt/2)
/// k4 = f(t + dt, y + k3 dt)
/// y1 = y + (k1 + 2k2 + 2k3 + k4) dt/6
/// ```
///
/// Order 4; four force evaluations a step; not symplectic: on an oscillator it loses a little energy every
/// step (Fiedler's "RK4 loses energy"), and it is stable for ω dt ≤ 2√2.
pub const RK4: Tableau<4> = Tableau {
    a: [
        [0.0, 0.0, 0.0, 0.0],
        [0.5, 0.0, 0.0, 0.0],
        [0.0, 0.5, 0.0, 0.0],
        [0.0, 0.0, 1.0, 0.0],
    ],
    b: [1.0 / 6.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 6.0],
    c: [0.0, 0.5, 0.5, 1.0],
};

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "rk4",
    name: "Runge–Kutta 4",
    order: Some(4),
    order_on: exact_on_constant::<4>,
    evaluations: "4",
    evaluations_on: |_| "4",
    symplectic: false,
    rule: "y += dt (k1 + 2k2 + 2k3 + k4)/6, where y is (x, v) and k1 … k4 are its rates of change (v, a) at the step's start, twice at its middle and at its end",
    articles: &[&articles::FIEDLER],
    origin: "",
    stability: StabilityLimit::Below(2.828_427_124_746_190_3),
    energy:
        "Loses energy very slowly: on a spring each step shrinks the amplitude by about h⁶/144.",
    style: 7,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ExplicitRungeKutta::new(&RK4, dim))
}
