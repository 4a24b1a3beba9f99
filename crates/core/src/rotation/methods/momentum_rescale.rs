use super::{super::Spin, turn, RotationInfo};
use crate::rotation::{cross, dot, normalized, Body};

/// An explicit step of the body-frame momentum L = Iω, rescaled to its old length; with a torque only the
/// gyroscopic part is rescaled, and the torque's impulse added after. Then q by the exact rotation.
///
/// ```text
/// L' = L0 − dt ω0 × L0,  L' ← L' ‖L0‖/‖L'‖,  L1 = L' + dt τ(q0),  ω1 = I⁻¹L1,  q1 = q0 ⊗ exp(½ dt ω1)
/// ```
///
/// ‖L‖ is kept to round-off on a free body, but the energy is not: it drifts toward L²/(2 I2), the energy of a
/// spin about the unstable middle axis, and a body spun about its stable axis ends tumbling end over end on the
/// separatrix (at I = (1, 2, 3), ω0 = (0.1, 0.1, 3), dt = 1/60 s its energy goes from 13.5 J toward 20.3 J). Jolt, PhysX and Rapier with their gyroscopic forces on.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "momentum-rescale",
    name: "Momentum step, rescaled",
    order: Some(1),
    evaluations: 1,
    symplectic: false,
    rule: "L = Iω − dt ω×Iω, rescaled to ‖Iω‖; ω = I⁻¹(L + dt τ); q = q ⊗ exp(½ dt ω)",
    behaviour: "‖L‖ kept to round-off on a free body; its energy drifts toward L²/(2 I2), that of a spin about the unstable middle axis: a body spun about its stable axis ends tumbling end over end.",
    who: "Jolt, PhysX and Rapier with gyroscopic forces on.",
    style: 4,
};

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let l0 = body.momentum(&spin.omega);
    let gyro = cross(&spin.omega, &l0);
    let mut l = [
        l0[0] - dt * gyro[0],
        l0[1] - dt * gyro[1],
        l0[2] - dt * gyro[2],
    ];
    let (was, now) = (dot(&l0, &l0).sqrt(), dot(&l, &l).sqrt());
    if now > 0.0 {
        for c in &mut l {
            *c *= was / now;
        }
    }
    let tau = body.torque(&normalized(&spin.q));
    for i in 0..3 {
        spin.omega[i] = (l[i] + dt * tau[i]) / body.moments[i];
    }
    turn(spin, dt);
}
