use super::{super::Spin, explicit_omega, RotationInfo};
use crate::rotation::{mul, Body};

/// Explicit Euler on the body, the textbook first try: ω and q each stepped with the values the step began
/// with, and q left as it comes out.
///
/// ```text
/// ω1 = ω0 + dt·I⁻¹(τ − ω0 × Iω0)
/// q1 = q0 + ½ dt q0 ⊗ (0, ω0)          (no renormalisation)
/// ```
///
/// `q0 ⊗ (0, ω0)` is at right angles to `q0` in four dimensions, so every step multiplies ‖q‖ by exactly
/// √(1 + (‖ω‖dt/2)²): 1.003466 a step at 10 rad/s and 60 Hz, ‖q‖ = 1.2307 after a second. Energy and ‖L‖ grow.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "euler",
    name: "Explicit Euler",
    order: Some(1),
    evaluations: 1,
    symplectic: false,
    rule: "ω += dt I⁻¹(τ − ω×Iω); q += ½ dt q⊗(0, ω_old)",
    behaviour:
        "‖q‖ grows by √(1 + (‖ω‖dt/2)²) a step, so q stops being a rotation; energy and ‖L‖ grow.",
    who: "The textbook first try.",
    style: 0,
};

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let omega = explicit_omega(body, dt, spin);
    let dq = mul(&spin.q, &[0.0, spin.omega[0], spin.omega[1], spin.omega[2]]);
    for (q, d) in spin.q.iter_mut().zip(dq) {
        *q += 0.5 * dt * d;
    }
    spin.omega = omega;
}
