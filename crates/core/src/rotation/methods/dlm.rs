use super::{super::Spin, RotationInfo};
use crate::rotation::{about, mul, normalized, Body};

/// The Dullweber–Leimkuhler–McLachlan splitting (1997): the free body's energy is a sum of three terms
/// L_i²/(2 I_i), each of whose flows is an exact rotation about one body axis; composed symmetrically,
/// X½ Y½ Z Y½ X½. With a torque, half a kick of L, the free splitting, half a kick.
///
/// ```text
/// L = Iω;  L += ½dt τ(q);  for (i, h) in [(1, ½dt), (2, ½dt), (3, dt), (2, ½dt), (1, ½dt)]:
///     θ = h L_i/I_i;  L ← R_i(−θ) L;  q ← q ⊗ exp(½θ e_i)
/// L += ½dt τ(q);  ω = I⁻¹L
/// ```
///
/// Second order and symplectic: ‖L‖ to round-off on a free body (each piece is a rotation), the energy bounded
/// over any run. OpenFOAM's rigid-body "symplectic" solver and LAMMPS's rigid integrators use it.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "dlm",
    name: "DLM splitting",
    order: Some(2),
    evaluations: 2,
    symplectic: true,
    rule: "kick ½; rotate exactly about body axes 1½ 2½ 3 2½ 1½; kick ½",
    behaviour: "Second order and symplectic: ‖L‖ kept to round-off on a free body, the energy bounded over any run.",
    who: "Dullweber, Leimkuhler and McLachlan (1997); OpenFOAM's rigid-body symplectic solver, LAMMPS.",
    style: 5,
};

/// Half a kick: L += ½dt τ(q).
fn kick(body: &Body, dt: f64, q: &[f64; 4], l: &mut [f64; 3]) {
    let tau = body.torque(&normalized(q));
    for i in 0..3 {
        l[i] += 0.5 * dt * tau[i];
    }
}

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let mut l = body.momentum(&spin.omega);
    kick(body, dt, &spin.q, &mut l);
    for (axis, h) in [(0, 0.5), (1, 0.5), (2, 1.0), (1, 0.5), (0, 0.5)] {
        let theta = h * dt * l[axis] / body.moments[axis];
        let (j, k) = ((axis + 1) % 3, (axis + 2) % 3);
        // L turns by −θ about the axis: the body turns by +θ under a world-fixed L.
        let (s, c) = crate::math::sin_cos(theta);
        let (lj, lk) = (l[j], l[k]);
        l[j] = c * lj + s * lk;
        l[k] = -s * lj + c * lk;
        let mut e = [0.0; 3];
        e[axis] = 1.0;
        spin.q = mul(&spin.q, &about(&e, theta));
    }
    spin.q = normalized(&spin.q);
    kick(body, dt, &spin.q, &mut l);
    spin.omega = std::array::from_fn(|i| l[i] / body.moments[i]);
}
