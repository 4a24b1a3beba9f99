//! The double pendulum (the comments on “True Physics”: "even just a double pendulum can be chaotic").
//!
//! Two point masses on massless rods; Lagrange's equations give the angular accelerations in
//! [`crate::system::double_pendulum`]. Energy: `T = ½(m1 + m2) L1² ω1² + ½ m2 L2² ω2² + m2 L1 L2 ω1 ω2
//! cos(θ1 − θ2)`, `V = (m1 + m2) g L1 (1 − cos θ1) + m2 g L2 (1 − cos θ2)`. It is chaotic: no closed form, so
//! the truth is a reference run (RK4 in f64 at a step of at most 10⁻⁴ s), labelled as such, and after some
//! seconds even that is only one possible history. Defaults: L1 = L2 = 1 m, m1 = m2 = 1 kg, g = 9.81 m/s²,
//! both rods at 2 rad at rest, dt = 0.01 s for 20 s.

use super::{Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth};
use crate::{articles, math, Force, State, System};

pub struct DoublePendulum;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "double-pendulum",
    title: "Double pendulum",
    description: "Two pendulums hung one from the other: chaotic, so every method soon tells a different story.",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "its comments",
    params: &[
        Param::new("L1", "m", 1.0, 0.0, 1e6, "upper rod length").above(),
        Param::new("L2", "m", 1.0, 0.0, 1e6, "lower rod length").above(),
        Param::new("m1", "kg", 1.0, 0.0, 1e6, "upper mass").above(),
        Param::new("m2", "kg", 1.0, 0.0, 1e6, "lower mass").above(),
        Param::new("g", "m/s²", 9.81, 0.0, 1e4, "gravitational acceleration"),
        Param::new("theta1", "rad", 2.0, -10.0, 10.0, "upper angle from the vertical"),
        Param::new("theta2", "rad", 2.0, -10.0, 10.0, "lower angle from the vertical"),
        Param::new("omega1", "rad/s", 0.0, -1e4, 1e4, "upper angular velocity"),
        Param::new("omega2", "rad/s", 0.0, -1e4, 1e4, "lower angular velocity"),
    ],
    positions: &["theta1", "theta2"],
    velocities: &["omega1", "omega2"],
    position_unit: "rad",
    velocity_unit: "rad/s",
    energy_unit: "J",
    dt: 0.01,
    until: 20.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Pendulum { lengths: &["L1", "L2"] },
    truth: Truth::Reference,
};

impl Scenario for DoublePendulum {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            2,
            vec![Force::DoublePendulum {
                l1: p.get("L1"),
                l2: p.get("L2"),
                m1: p.get("m1"),
                m2: p.get("m2"),
                g: p.get("g"),
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(
            vec![p.get("theta1"), p.get("theta2")],
            vec![p.get("omega1"), p.get("omega2")],
        )
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let (l1, l2, m1, m2, g) = (
            p.get("L1"),
            p.get("L2"),
            p.get("m1"),
            p.get("m2"),
            p.get("g"),
        );
        let (t1, t2, w1, w2) = (s.x[0], s.x[1], s.v[0], s.v[1]);
        Energy {
            kinetic: 0.5 * (m1 + m2) * l1 * l1 * w1 * w1
                + 0.5 * m2 * l2 * l2 * w2 * w2
                + m2 * l1 * l2 * w1 * w2 * math::cos(t1 - t2),
            potential: (m1 + m2) * g * l1 * (1.0 - math::cos(t1))
                + m2 * g * l2 * (1.0 - math::cos(t2)),
        }
    }

    fn exact(&self, _: &Params, _: f64, _: &mut State<f64>) -> bool {
        false
    }
}
