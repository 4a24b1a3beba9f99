use super::{super::Spin, turn, RotationInfo};
use crate::rotation::{normalized, Body};

/// The gyroscopic term dropped: ω changes only by the torque, and q turns by the exact rotation with the new ω.
///
/// ```text
/// ω1 = ω0 + dt·I⁻¹τ(q0)
/// q1 = q0 ⊗ exp(½ dt ω1)
/// ```
///
/// It solves another equation, so it has no order: a free body's ω never changes, its energy is kept exactly,
/// but its world-frame L turns with the body, and the intermediate-axis flip never happens. Jolt's default;
/// cannon.js does the same in the world frame (with a first-order `q += ½dt ω⊗q`, normalised).
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "no-gyroscopic",
    name: "No gyroscopic term",
    order: None,
    evaluations: 1,
    symplectic: false,
    rule: "ω += dt I⁻¹τ; q = q ⊗ exp(½ dt ω_new)",
    behaviour: "No order (it drops ω × Iω: another equation). A free body keeps its energy exactly, but its world-frame L turns with it and the tennis racket never flips.",
    who: "Jolt's default; cannon.js (world-frame ω, first-order q += ½dt ω⊗q, normalised).",
    style: 3,
};

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let tau = body.torque(&normalized(&spin.q));
    for ((w, t), i) in spin.omega.iter_mut().zip(tau).zip(body.moments) {
        *w += dt * t / i;
    }
    turn(spin, dt);
}
