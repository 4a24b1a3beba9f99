//! A mass pushed by a constant force: Fiedler's first example (“Integration Basics”).
//!
//! `m x'' = F`, so `x(t) = x0 + v0 t + ½ (F/m) t²`. Energy: kinetic ½mv², potential −F x (the work the force
//! has yet to do), so the total is conserved. Defaults m = 1 kg, F = 10 N, at rest at 0, dt = 1 s for 10 s:
//! Fiedler's table (explicit Euler lands at 450 m instead of 500 m).

use super::{kinetic, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS};
use crate::{articles, Force, State, System};

pub struct ConstantForce;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "constant-force",
    title: "Constant force",
    description: "A 1-D mass pushed by a constant force: the one case where explicit Euler's velocity is exact and its position is not.",
    articles: &[&articles::FIEDLER],
    origin: "",
    params: &[
        MASS,
        Param::new("F", "N", 10.0, -BIG, BIG, "force"),
        Param::new("x0", "m", 0.0, -BIG, BIG, "initial position"),
        Param::new("v0", "m/s", 0.0, -BIG, BIG, "initial velocity"),
    ],
    positions: &["x"],
    velocities: &["v"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 1.0,
    until: 10.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Block,
    truth: Truth::Exact,
};

impl Scenario for ConstantForce {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            1,
            vec![Force::Uniform {
                a: vec![p.get("F") / p.get("m")],
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("x0")], vec![p.get("v0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        Energy {
            kinetic: kinetic(p.get("m"), &s.v),
            potential: -p.get("F") * s.x[0],
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let a = p.get("F") / p.get("m");
        let (x0, v0) = (p.get("x0"), p.get("v0"));
        out.set(&[x0 + v0 * t + 0.5 * a * t * t], &[v0 + a * t]);
        true
    }
}
