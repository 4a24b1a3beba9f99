//! The simple pendulum: a bob on a massless rod, `θ'' = −(g/L) sin θ`.
//!
//! Its exact solution needs Jacobi's elliptic functions; the lab compares against a reference run instead
//! (RK4 in f64 at a step of at most 10⁻⁴ s), labelled as a reference. Energy of a 1 kg bob:
//! ½ L² θ'² + g L (1 − cos θ). Defaults: L = 1 m, g = 9.81 m/s², released from θ = 1 rad at rest, far from
//! the small-angle regime, dt = 0.05 s for 20 s.

use super::{Energy, Oscillator, Param, Params, Scenario, ScenarioInfo, Scene, Truth};
use crate::{articles, math, Force, State, System};

pub struct Pendulum;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "pendulum",
    title: "Pendulum",
    description: "A simple pendulum released from one radian: a nonlinear force with no closed-form integral for the kinematic integrator.",
    articles: &[&articles::GRAVITY_ANSWER],
    origin: "the pendulums it names",
    params: &[
        Param::new("L", "m", 1.0, 0.0, 1e6, "rod length").above(),
        Param::new("g", "m/s²", 9.81, 0.0, 1e4, "gravitational acceleration"),
        Param::new("theta0", "rad", 1.0, -10.0, 10.0, "initial angle from the vertical"),
        Param::new("omega0", "rad/s", 0.0, -1e4, 1e4, "initial angular velocity"),
    ],
    positions: &["theta"],
    velocities: &["omega"],
    position_unit: "rad",
    velocity_unit: "rad/s",
    energy_unit: "J",
    dt: 0.05,
    until: 20.0,
    oscillator: Some(Oscillator {
        // Small swings: sin θ = θ to one part in 10¹⁷, below f64's resolution.
        unit: |_| vec![("L", 1.0), ("g", 1.0), ("theta0", 1e-8), ("omega0", 0.0)],
        omega: |p| (p.get("g") / p.get("L")).sqrt(),
        velocity: Some("omega0"),
        small_swings: true,
    }),
    fastest: None,
    scene: Scene::Pendulum { lengths: &["L"] },
    truth: Truth::Reference,
};

impl Scenario for Pendulum {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            1,
            vec![Force::Pendulum {
                g_over_l: p.get("g") / p.get("L"),
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("theta0")], vec![p.get("omega0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let l = p.get("L");
        Energy {
            kinetic: 0.5 * l * l * s.v[0] * s.v[0],
            potential: p.get("g") * l * (1.0 - math::cos(s.x[0])),
        }
    }

    fn exact(&self, _: &Params, _: f64, _: &mut State<f64>) -> bool {
        false
    }
}
