//! The undamped mass on a spring (Fiedler, “Integration Basics”): `m x'' = −k x`.
//!
//! Exact: `x = x0 cos ωt + (v0/ω) sin ωt`, `v = v0 cos ωt − x0 ω sin ωt`, `ω = √(k/m)`. Energy: ½mv² + ½kx²,
//! conserved. Defaults: Fiedler's m = 1 kg, k = 15 N/m, x0 = 1000 m, at rest, dt = 0.1 s for 90 s, where
//! symplectic Euler drifts in phase and RK4 loses energy. ω = 3.87 rad/s, so ω dt = 0.387.

use super::{
    kinetic, Energy, Oscillator, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS,
};
use crate::{articles, math, Force, State, System};

pub struct Spring;

pub(crate) const STIFFNESS: Param =
    Param::new("k", "N/m", 15.0, 0.0, 1e9, "spring stiffness").above();

static INFO: ScenarioInfo = ScenarioInfo {
    id: "spring",
    title: "Spring",
    description: "An undamped mass on a spring: explicit Euler gains energy, symplectic Euler keeps it on average, RK4 slowly loses it.",
    articles: &[&articles::FIEDLER],
    origin: "",
    params: &[
        MASS,
        STIFFNESS,
        Param::new("x0", "m", 1000.0, -BIG, BIG, "initial displacement"),
        Param::new("v0", "m/s", 0.0, -BIG, BIG, "initial velocity"),
    ],
    positions: &["x"],
    velocities: &["v"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.1,
    until: 90.0,
    oscillator: Some(Oscillator {
        unit: |_| vec![("m", 1.0), ("k", 1.0), ("x0", 1.0), ("v0", 0.0)],
        omega: |p| (p.get("k") / p.get("m")).sqrt(),
        velocity: Some("v0"),
        small_swings: false,
    }),
    fastest: None,
    scene: Scene::Spring,
    truth: Truth::Exact,
};

/// ½mv² + ½kx², for both springs, damped or not.
pub(crate) fn spring_energy(p: &Params, s: &State<f64>) -> Energy {
    Energy {
        kinetic: kinetic(p.get("m"), &s.v),
        potential: 0.5 * p.get("k") * s.x[0] * s.x[0],
    }
}

/// The undamped oscillator's exact state after t from (x0, v0), ω > 0.
pub(crate) fn oscillate(omega: f64, x0: f64, v0: f64, t: f64) -> (f64, f64) {
    let (s, c) = math::sin_cos(omega * t);
    (x0 * c + v0 / omega * s, v0 * c - x0 * omega * s)
}

impl Scenario for Spring {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            1,
            vec![Force::Linear {
                first: 0,
                anchor: vec![0.0],
                omega2: p.get("k") / p.get("m"),
                gamma: 0.0,
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("x0")], vec![p.get("v0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        spring_energy(p, s)
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let omega = (p.get("k") / p.get("m")).sqrt();
        let (x, v) = oscillate(omega, p.get("x0"), p.get("v0"), t);
        out.set(&[x], &[v]);
        true
    }
}
