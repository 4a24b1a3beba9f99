//! A jump under gravity (the gravity answer): `x'' = 0, y'' = −g`.
//!
//! Exact: `x = x0 + vx0 t`, `y = y0 + vy0 t − ½ g t²`. Energy: ½m|v|² + m g y. Defaults: a 1 kg body
//! leaving the origin at (5, 10) m/s under g = 9.81 m/s², stepped at 60 Hz for 2 s (it lands at
//! t ≈ 2.04 s). Velocity Verlet and the kinematic integrator land in the same place at every dt; explicit
//! Euler does not. There is no ground: the flight is the experiment.

use super::{kinetic, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS};
use crate::{articles, Force, State, System};

pub struct Projectile;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "projectile",
    title: "Jump under gravity",
    description: "A 2-D jump under constant gravity: second-order methods land on the same spot at any dt, Euler does not.",
    articles: &[&articles::GRAVITY_ANSWER],
    origin: "",
    params: &[
        MASS,
        Param::new("g", "m/s²", 9.81, 0.0, 1e4, "gravitational acceleration"),
        Param::new("x0", "m", 0.0, -BIG, BIG, "initial x"),
        Param::new("y0", "m", 0.0, -BIG, BIG, "initial height"),
        Param::new("vx0", "m/s", 5.0, -BIG, BIG, "initial horizontal velocity"),
        Param::new("vy0", "m/s", 10.0, -BIG, BIG, "initial vertical velocity"),
    ],
    positions: &["x", "y"],
    velocities: &["vx", "vy"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 1.0 / 60.0,
    until: 2.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Ground,
    truth: Truth::Exact,
};

impl Scenario for Projectile {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            2,
            vec![Force::Uniform {
                a: vec![0.0, -p.get("g")],
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(
            vec![p.get("x0"), p.get("y0")],
            vec![p.get("vx0"), p.get("vy0")],
        )
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let m = p.get("m");
        Energy {
            kinetic: kinetic(m, &s.v),
            potential: m * p.get("g") * s.x[1],
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let g = p.get("g");
        let (vx0, vy0) = (p.get("vx0"), p.get("vy0"));
        out.set(
            &[
                p.get("x0") + vx0 * t,
                p.get("y0") + vy0 * t - 0.5 * g * t * t,
            ],
            &[vx0, vy0 - g * t],
        );
        true
    }
}
