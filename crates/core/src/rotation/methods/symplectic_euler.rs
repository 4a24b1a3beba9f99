use super::{super::Spin, explicit_omega, turn, RotationInfo};
use crate::rotation::Body;

/// The engines' order, velocities then positions: ω first by an explicit step that includes ω × Iω, then q by
/// the exact rotation with the new ω, normalised.
///
/// ```text
/// ω1 = ω0 + dt·I⁻¹(τ(q0) − ω0 × Iω0)
/// q1 = q0 ⊗ exp(½ dt ω1)
/// ```
///
/// Named as on a spring, but **not symplectic here**: without a torque its ω update is explicit Euler's, so
/// its energy and ‖L‖ grow as explicit Euler's do. Bullet's explicit option (its header says it is best
/// avoided: it gains energy); velocities before positions as in Box2D and Jolt.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "symplectic-euler",
    name: "Symplectic Euler (the engines' order)",
    order: Some(1),
    evaluations: 1,
    symplectic: false,
    rule: "ω += dt I⁻¹(τ − ω×Iω); q = q ⊗ exp(½ dt ω_new)",
    behaviour: "Not symplectic on a spinning body: without a torque its ω step is explicit Euler's, so energy and ‖L‖ grow as explicit Euler's do.",
    who: "Bullet's explicit gyroscopic option (“best avoided, it gains energy”); velocities before positions as in Box2D and Jolt.",
    style: 1,
};

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    spin.omega = explicit_omega(body, dt, spin);
    turn(spin, dt);
}
