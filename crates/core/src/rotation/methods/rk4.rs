use super::{super::Spin, RotationInfo};
use crate::rotation::{mul, normalized, Body};

/// Classic RK4 on (q, ω): `q̇ = ½ q ⊗ (0, ω)`, `ω̇ = I⁻¹(τ(q̂) − ω × Iω)`, q normalised after the step.
/// Fourth order; not symplectic (its energy drifts, slowly).
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "rk4",
    name: "Runge–Kutta 4",
    order: Some(4),
    evaluations: 4,
    symplectic: false,
    rule: "classic RK4 on (q, ω), q /= ‖q‖ after the step",
    behaviour: "Fourth order; not symplectic: its energy drifts, slowly.",
    who: "The textbook's accurate choice.",
    style: 7,
};

/// The state's rate of change: (q̇, ω̇).
fn rate(body: &Body, q: &[f64; 4], w: &[f64; 3]) -> ([f64; 4], [f64; 3]) {
    let dq = mul(q, &[0.0, w[0], w[1], w[2]]);
    let a = body.angular_acceleration(&normalized(q), w);
    ([0.5 * dq[0], 0.5 * dq[1], 0.5 * dq[2], 0.5 * dq[3]], a)
}

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let (q0, w0) = (spin.q, spin.omega);
    let at = |h: f64, kq: &[f64; 4], kw: &[f64; 3]| {
        let q: [f64; 4] = std::array::from_fn(|i| q0[i] + h * kq[i]);
        let w: [f64; 3] = std::array::from_fn(|i| w0[i] + h * kw[i]);
        rate(body, &q, &w)
    };
    let (q1, w1) = rate(body, &q0, &w0);
    let (q2, w2) = at(0.5 * dt, &q1, &w1);
    let (q3, w3) = at(0.5 * dt, &q2, &w2);
    let (q4, w4) = at(dt, &q3, &w3);
    let q: [f64; 4] =
        std::array::from_fn(|i| q0[i] + dt / 6.0 * (q1[i] + 2.0 * q2[i] + 2.0 * q3[i] + q4[i]));
    spin.omega =
        std::array::from_fn(|i| w0[i] + dt / 6.0 * (w1[i] + 2.0 * w2[i] + 2.0 * w3[i] + w4[i]));
    spin.q = normalized(&q);
}
