use super::{always, ExplicitRungeKutta, Integrator, MethodInfo, StabilityLimit, Tableau};
use crate::{articles, Real};

/// Explicit Euler as Fiedler writes it in “Integration Basics”, the one-stage Runge–Kutta method.
///
/// ```text
/// x1 = x0 + v0 dt
/// v1 = v0 + a(t0, x0, v0) dt
/// ```
///
/// Order 1; one force evaluation a step; not symplectic: on an oscillator every step multiplies the
/// amplitude by √(1 + ω²dt²), so it gains energy at any dt. Source: Fiedler; Van Verth.
pub const EULER: Tableau<1> = Tableau {
    a: [[0.0]],
    b: [1.0],
    c: [0.0],
};

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "euler",
    name: "Explicit Euler",
    order: Some(1),
    order_on: always::<1>,
    evaluations: "1",
    evaluations_on: |_| "1",
    symplectic: false,
    rule: "x += v dt; v += a(x_old, v_old) dt",
    articles: &[&articles::FIEDLER, &articles::VAN_VERTH],
    origin: "",
    stability: StabilityLimit::None,
    energy: "Gains energy: on a spring each step multiplies the amplitude by √(1 + h²), because x moves with the velocity the step began with.",
    style: 0,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ExplicitRungeKutta::new(&EULER, dim))
}
