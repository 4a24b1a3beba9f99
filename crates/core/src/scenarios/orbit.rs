//! Van Verth's dog on a rod (“Numerical Integration”): circular motion under a central linear force `m r'' = −m ω² r`.
//!
//! The rod is modelled as the force that keeps the dog on its circle: starting at (r0, 0) with velocity
//! (0, r0 ω), the exact motion is the circle `r = r0 (cos ωt, sin ωt)`. Energy: ½m|v|² + ½mω²|r|². Explicit
//! Euler spirals out by √(1 + ω²dt²) a step, implicit Euler in by its inverse, symplectic methods stay on a
//! closed curve. Defaults: m = 1 kg, ω = 1 rad/s, r0 = 1 m, dt = 0.1 s for 63 s (ten turns).

use super::{
    kinetic, Energy, Oscillator, Param, Params, Scenario, ScenarioInfo, Scene, Truth, MASS,
};
use crate::{articles, math, Force, State, System};

pub struct Orbit;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "orbit",
    title: "Dog on a rod",
    description: "Circular motion under a central linear force: Euler spirals out, implicit Euler spirals in, symplectic Euler stays on a closed curve.",
    articles: &[&articles::VAN_VERTH],
    origin: "",
    params: &[
        MASS,
        Param::new("omega", "rad/s", 1.0, 0.0, 1e4, "angular velocity").above(),
        Param::new("r0", "m", 1.0, 0.0, 1e9, "radius").above(),
    ],
    positions: &["x", "y"],
    velocities: &["vx", "vy"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.1,
    until: 63.0,
    oscillator: Some(Oscillator {
        unit: |_| vec![("m", 1.0), ("omega", 1.0), ("r0", 1.0)],
        omega: |p| p.get("omega"),
        velocity: None,
        small_swings: false,
    }),
    fastest: None,
    scene: Scene::Orbit,
    truth: Truth::Exact,
};

impl Scenario for Orbit {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        let omega = p.get("omega");
        System::new(
            2,
            vec![Force::Linear {
                first: 0,
                anchor: vec![0.0, 0.0],
                omega2: omega * omega,
                gamma: 0.0,
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        let (r0, omega) = (p.get("r0"), p.get("omega"));
        State::new(vec![r0, 0.0], vec![0.0, r0 * omega])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let (m, omega) = (p.get("m"), p.get("omega"));
        Energy {
            kinetic: kinetic(m, &s.v),
            potential: 0.5 * m * omega * omega * (s.x[0] * s.x[0] + s.x[1] * s.x[1]),
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let (r0, omega) = (p.get("r0"), p.get("omega"));
        let (s, c) = math::sin_cos(omega * t);
        out.set(&[r0 * c, r0 * s], &[-r0 * omega * s, r0 * omega * c]);
        true
    }
}
