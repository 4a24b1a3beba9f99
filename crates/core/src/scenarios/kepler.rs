//! A planet around a fixed sun: `r'' = −GM r/|r|³`.
//!
//! It starts at perihelion (r0, 0) with the speed `√(GM (1 + e)/r0)` along +y, so its orbit is an ellipse of
//! eccentricity e and semi-major axis `a = r0/(1 − e)`. Exact solution through Kepler's equation: the mean
//! anomaly `M = n t`, `n = √(GM/a³)`, gives the eccentric anomaly E from `E − e sin E = M` (Newton's method),
//! and `x = a (cos E − e)`, `y = b sin E`, `b = a√(1 − e²)`. Energy per unit mass (J/kg): ½|v|² − GM/|r|.
//! Defaults: GM = 1, r0 = 1, e = 0.5 (period 17.8 s), dt = 0.01 for 20 s.

use super::{kinetic, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth};
use crate::{articles, math, Force, State, System};

pub struct Kepler;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "kepler",
    title: "Kepler orbit",
    description: "A planet under inverse-square gravity on an eccentric ellipse: energy errors show as a drifting perihelion.",
    articles: &[&articles::GRAVITY_ANSWER],
    origin: "the planets it sets orbiting under inverse-square gravity",
    params: &[
        Param::new("GM", "m³/s²", 1.0, 0.0, 1e9, "gravitational parameter").above(),
        Param::new("r0", "m", 1.0, 0.0, 1e9, "perihelion distance").above(),
        Param::new("e", "", 0.5, 0.0, 0.99, "eccentricity"),
    ],
    positions: &["x", "y"],
    velocities: &["vx", "vy"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J/kg",
    dt: 0.01,
    until: 20.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Orbit,
    truth: Truth::Exact,
};

/// Solves Kepler's equation `E − e sin E = M` for E (Newton, from E = M, or π for high e).
pub(crate) fn eccentric_anomaly(mean: f64, e: f64) -> f64 {
    let m = mean.rem_euclid(std::f64::consts::TAU);
    let mut big_e = if e > 0.8 { std::f64::consts::PI } else { m };
    for _ in 0..100 {
        let f = big_e - e * math::sin(big_e) - m;
        let step = f / (1.0 - e * math::cos(big_e));
        big_e -= step;
        if step.abs() < 1e-15 {
            break;
        }
    }
    big_e + (mean - m)
}

impl Scenario for Kepler {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(2, vec![Force::InverseSquare { gm: p.get("GM") }])
    }

    fn initial(&self, p: &Params) -> State<f64> {
        let (gm, r0, e) = (p.get("GM"), p.get("r0"), p.get("e"));
        State::new(vec![r0, 0.0], vec![0.0, (gm * (1.0 + e) / r0).sqrt()])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let r = (s.x[0] * s.x[0] + s.x[1] * s.x[1]).sqrt();
        Energy {
            kinetic: kinetic(1.0, &s.v),
            potential: -p.get("GM") / r,
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let (gm, r0, e) = (p.get("GM"), p.get("r0"), p.get("e"));
        let a = r0 / (1.0 - e);
        let b = a * (1.0 - e * e).sqrt();
        let n = (gm / (a * a * a)).sqrt();
        let big_e = eccentric_anomaly(n * t, e);
        let (s, c) = math::sin_cos(big_e);
        let rate = n / (1.0 - e * c);
        out.set(&[a * (c - e), b * s], &[-a * s * rate, b * c * rate]);
        true
    }
}
