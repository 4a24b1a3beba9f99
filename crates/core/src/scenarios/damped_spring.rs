//! The damped mass on a spring (Fiedler, “Integration Basics”): `m x'' = −k x − b x'`.
//!
//! With `α = b/(2m)`, `ω0² = k/m`: under-damped (`ω0 > α`) `x = e^{−αt}(x0 cos ω_d t + (v0 + α x0)/ω_d sin ω_d t)`,
//! `ω_d = √(ω0² − α²)`; critically damped `x = e^{−αt}(x0 + (v0 + α x0) t)`; over-damped the sum of two
//! decaying exponentials `e^{r t}`, `r = −α ± √(α² − ω0²)`. Energy: ½mv² + ½kx², decaying. Defaults:
//! Fiedler's m = 1 kg, k = 15 N/m, b = 0.1 N·s/m, x0 = 1000 m, dt = 0.01 s for 10 s, where explicit Euler
//! gains energy while the true motion loses it.

use super::spring::STIFFNESS;
use super::{Energy, Oscillator, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS};
use crate::{articles, math, Force, State, System};

pub struct DampedSpring;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "damped-spring",
    title: "Damped spring",
    description:
        "A mass on a spring with a damper: the true motion decays, explicit Euler's grows.",
    articles: &[&articles::FIEDLER],
    origin: "",
    params: &[
        MASS,
        STIFFNESS,
        Param::new("b", "N·s/m", 0.1, 0.0, 1e9, "damping coefficient"),
        Param::new("x0", "m", 1000.0, -BIG, BIG, "initial displacement"),
        Param::new("v0", "m/s", 0.0, -BIG, BIG, "initial velocity"),
    ],
    positions: &["x"],
    velocities: &["v"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.01,
    until: 10.0,
    oscillator: Some(Oscillator {
        // The damping relative to the spring, b/√(k m), is what shapes the motion: keep it at ω = 1.
        unit: |p| {
            let b = p.get("b") / (p.get("k") * p.get("m")).sqrt();
            vec![("m", 1.0), ("k", 1.0), ("b", b), ("x0", 1.0), ("v0", 0.0)]
        },
        omega: |p| (p.get("k") / p.get("m")).sqrt(),
        velocity: Some("v0"),
        small_swings: false,
    }),
    fastest: None,
    scene: Scene::Spring,
    truth: Truth::Exact,
};

/// The damped oscillator's exact state after t from (x0, v0): `x'' = −ω0² x − 2α x'`.
pub(crate) fn damped(omega0: f64, alpha: f64, x0: f64, v0: f64, t: f64) -> (f64, f64) {
    let disc = omega0 * omega0 - alpha * alpha;
    if disc > 0.0 {
        let wd = disc.sqrt();
        let (s, c) = math::sin_cos(wd * t);
        let e = math::exp(-alpha * t);
        let b = (v0 + alpha * x0) / wd;
        let x = e * (x0 * c + b * s);
        let v = e * ((b * wd - alpha * x0) * c - (x0 * wd + alpha * b) * s);
        (x, v)
    } else if disc < 0.0 {
        let mu = (-disc).sqrt();
        let (r1, r2) = (-alpha + mu, -alpha - mu);
        // x = A e^{r1 t} + B e^{r2 t}, A + B = x0, r1 A + r2 B = v0.
        let a = (v0 - r2 * x0) / (r1 - r2);
        let b = x0 - a;
        let (e1, e2) = (math::exp(r1 * t), math::exp(r2 * t));
        (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
    } else {
        let e = math::exp(-alpha * t);
        let b = v0 + alpha * x0;
        (e * (x0 + b * t), e * (b - alpha * (x0 + b * t)))
    }
}

impl Scenario for DampedSpring {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn system(&self, p: &Params) -> System<f64> {
        let m = p.get("m");
        System::new(
            1,
            vec![Force::Linear {
                first: 0,
                anchor: vec![0.0],
                omega2: p.get("k") / m,
                gamma: p.get("b") / m,
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("x0")], vec![p.get("v0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        super::spring::spring_energy(p, s)
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let m = p.get("m");
        let (x, v) = damped(
            (p.get("k") / m).sqrt(),
            p.get("b") / (2.0 * m),
            p.get("x0"),
            p.get("v0"),
            t,
        );
        out.set(&[x], &[v]);
        true
    }
}
