//! “True Physics”'s two springs: one mass held by two springs to anchors a1 and a2.
//!
//! `m x'' = −k1 (x − a1) − k2 (x − a2)`: together one spring of stiffness `k1 + k2` to the anchor
//! `(k1 a1 + k2 a2)/(k1 + k2)`, so the exact motion is that spring's. Energy: ½mv² + ½k1(x − a1)² +
//! ½k2(x − a2)². Integrated as two separate force terms, each blind to the other inside a step, the kinematic
//! integrator stops being exact: the article's test case for its error ratios. Defaults: m = 1 kg,
//! k1 = k2 = 3.6 N/m, both anchors at 0, x0 = 1 m, at rest, dt = 1/60 s for 60 s.

use super::spring::oscillate;
use super::{
    kinetic, Energy, Oscillator, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS,
};
use crate::{articles, Force, State, System};

pub struct TwoSprings;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "two-springs",
    title: "Two springs",
    description: "One mass held by two springs: each force's exact integral no longer adds up to the exact motion.",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "",
    params: &[
        MASS,
        Param::new("k1", "N/m", 3.6, 0.0, 1e9, "first spring's stiffness"),
        Param::new("k2", "N/m", 3.6, 0.0, 1e9, "second spring's stiffness"),
        Param::new("a1", "m", 0.0, -BIG, BIG, "first spring's anchor"),
        Param::new("a2", "m", 0.0, -BIG, BIG, "second spring's anchor"),
        Param::new("x0", "m", 1.0, -BIG, BIG, "initial position"),
        Param::new("v0", "m/s", 0.0, -BIG, BIG, "initial velocity"),
    ],
    positions: &["x"],
    velocities: &["v"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 1.0 / 60.0,
    until: 60.0,
    oscillator: Some(Oscillator {
        // Each spring's share of the stiffness shapes the step (the kinematic integrators take each on its
        // own): keep the shares at ω² = (k1 + k2)/m = 1, anchors at 0.
        unit: |p| {
            let k = p.get("k1") + p.get("k2");
            vec![
                ("m", 1.0),
                ("k1", p.get("k1") / k),
                ("k2", p.get("k2") / k),
                ("a1", 0.0),
                ("a2", 0.0),
                ("x0", 1.0),
                ("v0", 0.0),
            ]
        },
        omega: |p| ((p.get("k1") + p.get("k2")) / p.get("m")).sqrt(),
        velocity: Some("v0"),
        small_swings: false,
    }),
    fastest: None,
    scene: Scene::Spring,
    truth: Truth::Exact,
};

impl Scenario for TwoSprings {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        let m = p.get("m");
        let spring = |k: &str, a: &str| Force::Linear {
            first: 0,
            anchor: vec![p.get(a)],
            omega2: p.get(k) / m,
            gamma: 0.0,
        };
        System::new(1, vec![spring("k1", "a1"), spring("k2", "a2")])
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("x0")], vec![p.get("v0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let (d1, d2) = (s.x[0] - p.get("a1"), s.x[0] - p.get("a2"));
        Energy {
            kinetic: kinetic(p.get("m"), &s.v),
            potential: 0.5 * p.get("k1") * d1 * d1 + 0.5 * p.get("k2") * d2 * d2,
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let (k1, k2) = (p.get("k1"), p.get("k2"));
        let (x0, v0) = (p.get("x0"), p.get("v0"));
        let k = k1 + k2;
        if k == 0.0 {
            out.set(&[x0 + v0 * t], &[v0]);
            return true;
        }
        let centre = (k1 * p.get("a1") + k2 * p.get("a2")) / k;
        let (y, v) = oscillate((k / p.get("m")).sqrt(), x0 - centre, v0, t);
        out.set(&[centre + y], &[v]);
        true
    }
}
