//! A throw with gravity and linear drag (the gravity answer): `m r'' = −m g ŷ − c r'`.
//!
//! With `γ = c/m`: `vx = vx0 e^{−γt}`, `x = vx0 (1 − e^{−γt})/γ`; `vy = (vy0 + g/γ) e^{−γt} − g/γ`,
//! `y = (vy0 + g/γ)(1 − e^{−γt})/γ − g t/γ` (the plain parabola when c = 0). Energy: ½m|v|² + m g y,
//! dissipated by drag. Defaults: m = 1 kg, g = 9.81 m/s², c = 0.5 N·s/m, thrown from the origin at
//! (10, 10) m/s, dt = 0.1 s for 10 s. The force depends on velocity, which is where the gravity answer's velocity
//! estimate keeps velocity Verlet second order.

use super::{kinetic, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS};
use crate::{articles, math, Force, State, System};

pub struct Drag;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "drag",
    title: "Throw with drag",
    description: "A throw with gravity and linear air drag: a velocity-dependent force.",
    articles: &[&articles::GRAVITY_ANSWER],
    origin: "",
    params: &[
        MASS,
        Param::new("g", "m/s²", 9.81, 0.0, 1e4, "gravitational acceleration"),
        Param::new("c", "N·s/m", 0.5, 0.0, 1e6, "linear drag coefficient"),
        Param::new("vx0", "m/s", 10.0, -BIG, BIG, "initial horizontal velocity"),
        Param::new("vy0", "m/s", 10.0, -BIG, BIG, "initial vertical velocity"),
    ],
    positions: &["x", "y"],
    velocities: &["vx", "vy"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.1,
    until: 10.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Ground,
    truth: Truth::Exact,
};

impl Scenario for Drag {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            2,
            vec![
                Force::Uniform {
                    a: vec![0.0, -p.get("g")],
                },
                Force::Linear {
                    first: 0,
                    anchor: vec![0.0, 0.0],
                    omega2: 0.0,
                    gamma: p.get("c") / p.get("m"),
                },
            ],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![0.0, 0.0], vec![p.get("vx0"), p.get("vy0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let m = p.get("m");
        Energy {
            kinetic: kinetic(m, &s.v),
            potential: m * p.get("g") * s.x[1],
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let (g, gamma) = (p.get("g"), p.get("c") / p.get("m"));
        let (vx0, vy0) = (p.get("vx0"), p.get("vy0"));
        if gamma == 0.0 {
            out.set(&[vx0 * t, vy0 * t - 0.5 * g * t * t], &[vx0, vy0 - g * t]);
            return true;
        }
        let decay = math::exp(-gamma * t);
        // (1 − e^{−γt})/γ, accurate for small γt.
        let reach = -math::exp_m1(-gamma * t) / gamma;
        let terminal = g / gamma;
        out.set(
            &[vx0 * reach, (vy0 + terminal) * reach - terminal * t],
            &[vx0 * decay, (vy0 + terminal) * decay - terminal],
        );
        true
    }
}
