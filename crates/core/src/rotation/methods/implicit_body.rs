use super::{super::Spin, turn, RotationInfo};
use crate::rotation::{cross, normalized, Body, Vec3};

/// Backward Euler on the body-frame equations, with one Newton step from ω0 (Catto, GDC 2015), then q by the
/// exact rotation with the new ω.
///
/// ```text
/// f(ω) = I(ω − ω0) + dt (ω × Iω − τ) = 0,   J = I + dt([ω0]× I − [Iω0]×),   ω1 = ω0 − J⁻¹ f(ω0)
/// q1 = q0 ⊗ exp(½ dt ω1)
/// ```
///
/// At the steps engines take it is dissipative: it damps the tumble, and the energy falls every step (−56 % in
/// 10 s on I = (10, 20, 26), ω0 = (1, 15, 1) at 120 Hz, ‖L‖ −33 %). One Newton step is not backward Euler
/// itself, though: at large steps (ω·dt above about 1.5) the energy can grow first, by orders of magnitude
/// (×17,000 within three steps on I = (1, 2, 3), ω0 = (1, 60, 1) at dt = 1/30 s), before it falls and settles
/// (2.66 × E0 on the default racket at dt = 0.5 s). Bullet's default
/// since 2.83.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "implicit-body",
    name: "Implicit Euler, body frame",
    order: Some(1),
    evaluations: 1,
    symplectic: false,
    rule: "ω = ω0 − J⁻¹ dt(ω0×Iω0 − τ), J = I + dt([ω0]×I − [Iω0]×); q = q ⊗ exp(½ dt ω)",
    behaviour: "Dissipative at the steps engines take (the energy falls every step at 60 Hz and a tumble is damped), but one Newton step is not backward Euler: at ω·dt above about 1.5 the energy can first grow, by orders of magnitude, before it falls and settles.",
    who: "Bullet's default since 2.83 (Catto, GDC 2015).",
    style: 2,
};

/// The skew matrix [v]×, with [v]× u = v × u.
fn skew(v: &Vec3) -> [[f64; 3]; 3] {
    [[0.0, -v[2], v[1]], [v[2], 0.0, -v[0]], [-v[1], v[0], 0.0]]
}

/// Solves `m x = b` by Cramer's rule (m is near I, far from singular at any step an engine takes).
fn solve(m: &[[f64; 3]; 3], b: &Vec3) -> Vec3 {
    let det = |a: &[[f64; 3]; 3]| {
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    };
    let d = det(m);
    let mut x = [0.0; 3];
    for (c, out) in x.iter_mut().enumerate() {
        let mut a = *m;
        for r in 0..3 {
            a[r][c] = b[r];
        }
        *out = det(&a) / d;
    }
    x
}

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    let w = spin.omega;
    let l = body.momentum(&w);
    let tau = body.torque(&normalized(&spin.q));
    let gyro = cross(&w, &l);
    let f = [
        dt * (gyro[0] - tau[0]),
        dt * (gyro[1] - tau[1]),
        dt * (gyro[2] - tau[2]),
    ];
    let (sw, sl) = (skew(&w), skew(&l));
    let mut j = [[0.0; 3]; 3];
    for (r, row) in j.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let inertia = if r == c { body.moments[r] } else { 0.0 };
            *cell = inertia + dt * (sw[r][c] * body.moments[c] - sl[r][c]);
        }
    }
    let dw = solve(&j, &f);
    for i in 0..3 {
        spin.omega[i] = w[i] - dw[i];
    }
    turn(spin, dt);
}
